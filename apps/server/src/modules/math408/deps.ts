import type { Kysely } from 'kysely';
import type { DomainBus } from '../../events';
import type { Viewer } from '../../lib/auth';
import type { ProblemsService } from '../problems';
import type { SubmissionsService } from '../submissions';
import type { Math408Tables } from './tables';

/** Admits (or refuses, by throwing) an answer given in a contest. */
export type AnswerGate = (
  viewer: Viewer,
  req: { competition_id: number; index: number; question_id: number },
) => Promise<void>;

/**
 * What the bank asks the contests module about a question, handed over by the composition root
 * (the contests module owns the contest tables; the bank knows no contest).
 */
export interface QuestionContests {
  /**
   * A running math / 408 contest keeps the question's key from the viewer (an official contest:
   * everyone but admins; a user's contest: its participants): its answers are not revealed meanwhile.
   */
  locked(viewer: Viewer, questionId: number): Promise<boolean>;
  /**
   * Whether a contest the viewer may read lists a hidden question: a started math / 408 contest
   * (a password contest: its participants).
   */
  mayRead(viewer: Viewer, questionId: number): Promise<boolean>;
  /**
   * The name of a running contest that refuses the viewer's answer to the question given outside it
   * (`competitionId`: the contest the answer names, or null), or null when it may be given.
   */
  answerRefusedBy(viewer: Viewer, questionId: number, competitionId: number | null): Promise<string | null>;
  gate: AnswerGate;
}

/** What the bank's operations use, handed over by the composition root. */
export interface Math408Deps {
  /** Its own tables only (db/scoped.ts). */
  db: Kysely<Math408Tables>;
  /** The hidden algorithm problems behind programming questions (made and judged like any problem). */
  problems: Pick<ProblemsService, 'row' | 'add' | 'modify' | 'remove' | 'setTests' | 'getTests'>;
  /** Programming answers are submissions to those problems. */
  submissions: Pick<SubmissionsService, 'submit' | 'record'>;
  bus: DomainBus;
  onError: (err: unknown, what: string) => void;
  /** What the contests decide about a question (competitions' contest rules, built first). */
  contests: QuestionContests;
}
