import type { Kysely } from 'kysely';
import type { JudgeQueue, validateInputs } from '@oj/judge';
import type { LanguagesService } from '../languages';
import type { ProblemsService } from '../problems';
import type { JuryTables } from './tables';

/** What the jury's operations use, handed over by the composition root. */
export interface JuryDeps {
  /** Its own tables only (db/scoped.ts). */
  db: Kysely<JuryTables>;
  /** The problem, its judge spec (tests, checker, limits) and its test files. */
  problems: Pick<ProblemsService, 'row' | 'judgeSpec' | 'testPairs'>;
  /** The administrator's per-language factors: jury runs are judged as submissions in their language. */
  languages: Pick<LanguagesService, 'limitsFor'>;
  /** The judge queue submissions use: jury runs travel on it as jobs `jury-<id>.<version>`. */
  queue: JudgeQueue;
  /** Runs a validator on inputs in the sandbox (`validateInputs` of @oj/judge). */
  validate: typeof validateInputs;
  onError: (err: unknown, what: string) => void;
}

/** The dependencies and the results being stored (waited for at shutdown). */
export type Jury = JuryDeps & { pending: Set<Promise<void>> };
