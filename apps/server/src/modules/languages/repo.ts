import type { Kysely } from 'kysely';
import type { LanguageSettingsRow, LanguagesTables } from './tables';

/** The `language_settings` table: this module alone reads and writes it, through these functions. */
export type Db = Kysely<LanguagesTables>;

export const allSettings = (db: Db): Promise<LanguageSettingsRow[]> =>
  db.selectFrom('language_settings').selectAll().execute();

/** Sets a language's factors (the row is made on first use). */
export async function saveSettings(db: Db, row: LanguageSettingsRow): Promise<void> {
  await db
    .insertInto('language_settings')
    .values(row)
    .onConflict((oc) =>
      oc.column('language').doUpdateSet({
        time_factor: row.time_factor,
        memory_factor: row.memory_factor,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}
