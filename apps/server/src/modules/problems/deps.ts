import type { Kysely } from 'kysely';
import type { DomainBus } from '../../events';
import type { IdSubquery } from '../../db/scoped';
import type { Viewer } from '../../lib/auth';
import type { Outbox } from '../../lib/outbox';
import type { ProblemsTables } from './tables';
import type { TestDataStorage } from './testdata-storage';

/** What the problems' operations use, handed over by the composition root. */
export interface ProblemsDeps {
  /** Its own tables only (db/scoped.ts). */
  db: Kysely<ProblemsTables>;
  /** The content-addressed test data. */
  storage: TestDataStorage;
  /** Bank writes record topic 'problem' (the search index follows it). */
  outbox: Pick<Outbox, 'add'>;
  /**
   * Class problems (issue 27 part 3): hidden problems private to classes, decided by the classes
   * module over its own tables (built before this module). Absent: there are none.
   */
  classProblems?: ClassProblemGate;
  /** Cached answers are dropped on every node when a problem changes (answer-cache.ts). */
  bus?: Pick<DomainBus, 'on' | 'emit'>;
}

/** What the bank asks of class problems (modules/classes/class-problems.ts). */
export interface ClassProblemGate {
  isClassProblem(problemId: number): Promise<boolean>;
  /** A member of one of its classes: reads and submits it. */
  mayRead(viewer: Viewer, problemId: number): Promise<boolean>;
  /** A teacher or TA of one of its classes: reads its students' records. */
  mayManage(viewer: Viewer, problemId: number): Promise<boolean>;
  /** The class problems of the classes the viewer teaches or assists in. */
  managedIds(viewer: Viewer): IdSubquery;
  isTeacher(viewer: Viewer): Promise<boolean>;
  checkClasses(viewer: Viewer, classIds: number[]): Promise<number[]>;
  link(problemId: number, classIds: number[]): Promise<void>;
}
