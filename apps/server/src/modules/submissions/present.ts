import {
  type AnswerFileInput,
  type ContestMode,
  type Language,
  LanguageOptions,
  NEW_USER_RATING,
  type RecordRow,
  type SubmissionRecord,
  type SubtaskResultView,
  type TestResultView,
  type Verdict,
} from '@oj/shared';
import type { SubmissionRow } from './tables';
import type { Viewer } from '../../lib/auth';
import { codeHtml } from '../../lib/markdown-html';
import { can } from '../../lib/permissions';
import { parseJson } from '../problems';
import type { UserBrief } from '../users';
import type { StoredTestResult } from './test-details';

export interface Names {
  problems: Map<number, string>;
  /** Authors by id, read in one query (users.briefs). */
  users: Map<number, UserBrief>;
}

/** A deleted author: no name, and unrated. */
const GONE: UserBrief = { username: '', rating: NEW_USER_RATING, rated: false };

/** `frozen`: the row is already behind the freeze curtain (curtain.ts), status PD for this viewer. */
export function presentRecordRow(s: SubmissionRow, names: Names, frozen = false): RecordRow {
  const author = names.users.get(s.user_id) ?? GONE;
  return {
    submission_id: s.id,
    problem_id: s.problem_id,
    problem_name: names.problems.get(s.problem_id) ?? '',
    uuid: s.user_id,
    username: author.username,
    rating: author.rating,
    rated: author.rated,
    language: s.answers !== null ? null : (s.language as Language),
    options: storedOptions(s),
    status: s.status as Verdict,
    time_used: s.time_used,
    memory_used: s.memory_used,
    code_length: s.code_length,
    competition_id: s.competition_id,
    index: s.problem_index,
    create_time: s.create_time,
    judge_time: s.judge_time,
    score: s.score,
    full_score: s.full_score,
    frozen,
    contest_mode: s.contest_mode as ContestMode,
  };
}

/**
 * An internal error's headline, for those who may not see its details: a checker that fails to
 * compile is reported with the compiler's output, which quotes the (admin-only) checker's source.
 */
export function internalHeadline(message: string): string {
  const head = message.split(/[：:\n]/, 1)[0].trim();
  return `${head || '评测出错'}（详情仅管理员可见）`;
}

/** The C / C++ options a submission was made with (null: the defaults, or a language without options). */
export function storedOptions(s: Pick<SubmissionRow, 'language_options'>): LanguageOptions | null {
  if (!s.language_options) return null;
  const parsed = LanguageOptions.safeParse(parseJson<unknown>(s.language_options, null));
  return parsed.success ? parsed.data : null;
}

/** An output-only submission's answer files (null for programs). */
export const storedAnswers = (s: Pick<SubmissionRow, 'answers'>): AnswerFileInput[] | null =>
  s.answers === null ? null : parseJson<AnswerFileInput[]>(s.answers, []);

/** The per-test results stored with a submission (shaped for a viewer by test-details.ts). */
export const storedTests = (s: Pick<SubmissionRow, 'test_results'>) =>
  parseJson<StoredTestResult[]>(s.test_results, []);

/**
 * The whole record; the source code only for its author and admins (STYLE "presenters shape
 * output"), and the compiler's message with it: it quotes the source lines it complains about.
 * `tests`: the per-test results as this viewer may see them (test-details.ts `shapeTests`).
 * `internals`: the viewer sees an internal error's details (admins, the problem's author).
 * `loadMarkdownHtml` must have finished (the code's colours).
 */
export function presentRecord(
  s: SubmissionRow,
  names: Names,
  viewer: Viewer,
  tests: TestResultView[],
  frozen = false,
  internals = false,
  teammate = false,
): SubmissionRecord {
  const mayReadCode =
    teammate || can(viewer, { action: 'submission.viewCode', subject: { ownerUuid: s.user_id } });
  return {
    ...presentRecordRow(s, names, frozen),
    source_code: mayReadCode ? s.source_code : null,
    source_html: mayReadCode ? codeHtml(s.source_code, s.language) : null,
    compile_message: mayReadCode ? s.compile_message : '',
    compiler: s.compiler,
    message: s.status === 'IE' && !internals ? internalHeadline(s.message) : s.message,
    test_results: tests,
    test_total: s.test_total,
    subtasks: parseJson<SubtaskResultView[]>(s.subtasks, []),
    // Which tests got an answer is public; the answers are the author's work, like source code.
    answer_files:
      storedAnswers(s)?.map((a) => ({
        test: a.test,
        size: Buffer.byteLength(a.content),
        content: mayReadCode ? a.content : null,
      })) ?? null,
  };
}
