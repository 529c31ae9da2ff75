import type { Kysely } from 'kysely';
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
}
