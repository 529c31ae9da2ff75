import type {
  Math408AdminQuery,
  Math408ExamDraw,
  Math408ExamSubmit,
  Math408NeighboursQuery,
  Math408SelfMarkRequest,
  Math408AnswerRequest,
  Math408QuestionInput,
  Math408QuestionModify,
  Math408Query,
  Math408RecordsQuery,
} from '@oj/shared';
import type { SubmissionChange } from '../../events';
import type { Viewer } from '../../lib/auth';
import * as admin from './admin';
import * as answers from './answers';
import type { Math408Deps } from './deps';
import * as practice from './practice';
import * as questions from './questions';
import { type Math408Seed, seedQuestions } from './seed';

export type { Math408Seed } from './seed';

/**
 * The math / 408 bank. Choice questions are graded on the spot; a short answer is stored as
 * written and the reference answer is revealed; the programming question is judged as a submission
 * to its hidden algorithm problem (the record follows the submission's verdict). Operations live in
 * questions.ts, answers.ts and admin.ts (their SQL in repo.ts and answers-repo.ts); this binds them
 * to their dependencies.
 */
export function createMath408Service(d: Math408Deps) {
  return {
    /** Management of the bank (the admin routes). */
    admin: {
      add: (input: Math408QuestionInput) => admin.addQuestion(d, input),
      modify: (input: Math408QuestionModify) => admin.modifyQuestion(d, input),
      remove: (id: number) => admin.removeQuestion(d, id),
      search: (query: Math408AdminQuery) => admin.searchQuestions(d, query),
      get: (id: number) => admin.questionForEdit(d, id),
    },
    /** The composition root hands it this node's `submission.changed` events. */
    followVerdict: (sub: SubmissionChange) => answers.followVerdict(d, sub),
    seed: (items: Math408Seed[]) => seedQuestions(d, items),
    search: (viewer: Viewer, q: Math408Query) => questions.search(d, viewer, q),
    get: (viewer: Viewer, id: number) => questions.question(d, viewer, id),
    /** The viewer's status of some questions (study plans). */
    statuses: (viewer: Viewer, ids: number[]) => questions.statuses(d, viewer, ids),
    solvedBy: (userIds: number[], ids: number[]) => questions.solvedBy(d, userIds, ids),
    /** Titles, deleted questions included (old contests keep their problem names). */
    titles: (ids: number[]) => questions.titles(d, ids, { deleted: 'include' }),
    /**
     * Titles of the questions that exist and are not deleted (a contest may list only those);
     * `publishedOnly`: not hidden either (a user's contest).
     */
    liveTitles: (ids: number[], opts: { publishedOnly?: boolean } = {}) =>
      questions.titles(d, ids, { deleted: 'exclude', ...opts }),
    /** Whether each question is a math or a 408 one (a math / 408 contest lists only its own). */
    subjects: (ids: number[]) => questions.subjects(d, ids),
    /** The hidden algorithm problems behind some programming questions. */
    problemIdsOf: (questionIds: number[]) => questions.problemIdsOf(d, questionIds),
    answer: (viewer: Viewer, req: Math408AnswerRequest) => answers.answer(d, viewer, req),
    records: (viewer: Viewer, q: Math408RecordsQuery) => answers.records(d, viewer, q),
    /** Practice (issue 29): the caller's own answers only; contests' locks hold as in `answer`. */
    practice: {
      neighbours: (viewer: Viewer, q: Math408NeighboursQuery) => practice.neighbours(d, viewer, q),
      wrongBook: (viewer: Viewer) => practice.wrongBook(d, viewer),
      stats: (viewer: Viewer) => practice.stats(d, viewer),
      selfMark: (viewer: Viewer, req: Math408SelfMarkRequest) => practice.selfMark(d, viewer, req),
      examDraw: (viewer: Viewer, req: Math408ExamDraw) => practice.examDraw(d, viewer, req),
      examSubmit: (viewer: Viewer, req: Math408ExamSubmit) => practice.examSubmit(d, viewer, req),
    },
    /**
     * Classes' homework (docs/classes.md "Homework"): users × questions' answers in a window, right
     * or wrong, first right time, in one grouped statement.
     */
    homeworkAnswers: (
      userIds: number[],
      ids: number[],
      window: { from: string; deadline: string; to: string },
    ) => answers.homeworkAnswers(d, userIds, ids, window),
    /** Answers given in a contest while it ran (the contests module loading a scoreboard). */
    contestAnswers: (contest: { id: number; start_time: string; end_time: string }) =>
      answers.contestAnswers(d, contest),
  };
}
export type Math408Service = ReturnType<typeof createMath408Service>;
export type Math408Admin = Math408Service['admin'];

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
