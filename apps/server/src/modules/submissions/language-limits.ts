import type { Language } from '@oj/shared';
import { badRequest } from '../../lib/errors';
import { languagesOf, type ProblemRow } from '../problems';
import type { SubmissionsDeps } from './deps';

/** Refuses a submission or custom test in a language the site or the problem does not take. */
export function refuseLanguage(
  d: Pick<SubmissionsDeps, 'languages'>,
  problem: Pick<ProblemRow, 'languages'> | null,
  language: Language,
): void {
  d.languages.refuseUnavailable(language);
  const allowed = problem && languagesOf(problem);
  if (allowed && !allowed.includes(language))
    throw badRequest(`本题只接受 ${allowed.join('、')} 提交`, 'language');
}
