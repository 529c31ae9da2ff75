import type { JudgeLimits, Language } from '@oj/shared';
import { badRequest } from '../../lib/errors';
import { languagesOf, type ProblemRow } from '../problems';
import type { SubmissionsDeps } from './deps';

/** The bounds of a judge job's limits (JudgeLimits in packages/shared/src/judge.ts). */
const JOB_TIME_MAX_MS = 60_000;
const JOB_MEMORY_MAX_MIB = 8192;

/**
 * A problem's limits for one language: times the administrator's factors of that language
 * (modules/languages; 1 = as set), within what the judge accepts.
 */
export async function limitsFor<L extends Pick<JudgeLimits, 'timeMs' | 'memoryMiB'>>(
  d: Pick<SubmissionsDeps, 'languages'>,
  language: Language,
  limits: L,
): Promise<L> {
  const f = await d.languages.factorsOf(language);
  if (f.time === 1 && f.memory === 1) return limits;
  return {
    ...limits,
    timeMs: Math.min(JOB_TIME_MAX_MS, Math.max(1, Math.round(limits.timeMs * f.time))),
    memoryMiB: Math.min(JOB_MEMORY_MAX_MIB, Math.max(1, Math.round(limits.memoryMiB * f.memory))),
  };
}

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
