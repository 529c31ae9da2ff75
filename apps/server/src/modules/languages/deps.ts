import type { Language } from '@oj/shared';
import type { DomainBus } from '../../events';
import type { Clock } from '../../lib/time';
import type { Db } from './repo';

/** What the languages' operations use, handed over by the composition root. */
export interface LanguagesDeps {
  /** Its own table only (db/scoped.ts). */
  db: Db;
  bus: DomainBus;
  clock: Clock;
  /** `OJ_LANGUAGES` as configured (toolchains.ts parses it). */
  setting: string;
  /** Whether a language's toolchain is on this machine (default: the judge's check; tests stand in). */
  installed?: (language: Language) => boolean;
}
