import type { Math408AnswerRequest, Math408Query, Math408RecordsQuery } from '@oj/shared';
import type { SubmissionChange } from '../../events';
import type { Viewer } from '../../lib/auth';
import { createMath408Admin } from './admin';
import * as answers from './answers';
import type { Math408Context, Math408Deps } from './deps';
import * as questions from './questions';
import { type Math408Seed, seedQuestions } from './seed';

export type { Math408Seed } from './seed';

/**
 * The math / 408 bank. Choice questions are graded on the spot; a short answer is stored as
 * written and the reference answer is revealed; the programming question is judged as a submission
 * to its hidden algorithm problem (the record follows the submission's verdict). Operations live in
 * questions.ts, answers.ts and admin.ts; this binds them to their dependencies.
 */
export function createMath408Service(deps: Math408Deps) {
  const m: Math408Context = deps;
  return {
    admin: createMath408Admin({ db: deps.db, problems: deps.problems }),
    /** The composition root hands it this node's `submission.changed` events. */
    followVerdict: (sub: SubmissionChange) => answers.followVerdict(m, sub),
    seed: (items: Math408Seed[]) => seedQuestions(m, items),
    search: (viewer: Viewer, q: Math408Query) => questions.search(m, viewer, q),
    get: (viewer: Viewer, id: number) => questions.question(m, viewer, id),
    /** The viewer's status of some questions (study plans). */
    statuses: (viewer: Viewer, ids: number[]) => questions.statuses(m, viewer, ids),
    solvedBy: (userIds: number[], ids: number[]) => questions.solvedBy(m, userIds, ids),
    /** Titles, deleted questions included (old contests keep their problem names). */
    titles: (ids: number[]) => questions.titles(m, ids, { deleted: 'include' }),
    /**
     * Titles of the questions that exist and are not deleted (a contest may list only those);
     * `publishedOnly`: not hidden either (a user's contest).
     */
    liveTitles: (ids: number[], opts: { publishedOnly?: boolean } = {}) =>
      questions.titles(m, ids, { deleted: 'exclude', ...opts }),
    /** Whether each question is a math or a 408 one (a math / 408 contest lists only its own). */
    subjects: (ids: number[]) => questions.subjects(m, ids),
    /** The hidden algorithm problems behind some programming questions. */
    problemIdsOf: (questionIds: number[]) => questions.problemIdsOf(m, questionIds),
    answer: (viewer: Viewer, req: Math408AnswerRequest) => answers.answer(m, viewer, req),
    records: (viewer: Viewer, q: Math408RecordsQuery) => answers.records(m, viewer, q),
    /** Answers given in a contest while it ran (the contests module loading a scoreboard). */
    contestAnswers: (contest: { id: number; start_time: string; end_time: string }) =>
      answers.contestAnswers(m, contest),
  };
}
export type Math408Service = ReturnType<typeof createMath408Service>;

/**
 * The bank's answer log as the contests' freeze rule reads it (the programming answers behind a
 * frozen math contest): a lower part over math408_records, built before the contest rules, which
 * the bank itself then needs.
 */
export function createProgrammingAnswers(d: Pick<Math408Deps, 'db'>) {
  return {
    programmingSubmissionsIn: (span: { contestId: number; from: string; to: string }) =>
      answers.programmingSubmissionsIn(d, span),
  };
}
