import type { Selectable } from 'kysely';
import { tableSet } from '../../db/scoped';

/** 026_languages: an administrator's time and memory factors of one language (absent = 1). */
export interface LanguageSettingsTable {
  language: string;
  time_factor: number;
  memory_factor: number;
  updated_at: string;
}

export type LanguageSettingsRow = Selectable<LanguageSettingsTable>;

/** The tables of this module: only it reads or writes them (db/scoped.ts, docs/architecture.md). */
export interface LanguagesTables {
  language_settings: LanguageSettingsTable;
}
export const LANGUAGES_TABLES = tableSet<LanguagesTables>()(['language_settings']);
