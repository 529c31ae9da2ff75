import type { Kysely } from 'kysely';

/**
 * Issue 25: languages.
 * - `submissions.language_options`: the C / C++ standard and O2 switch the submission was made with
 *   (JSON `{std, o2}`); null = the defaults, which are exactly the flags every older submission was
 *   judged with (C11 / C++17, GNU dialects, -O2).
 * - `submissions.compiler`: the compiler's version and the command line that built it, as judged
 *   ('' for older submissions and for those not judged yet).
 * - `problems.languages`: the languages a problem accepts (JSON array); null = every available one.
 * - `language_settings`: per-language time and memory factors an administrator sets (absent = 1).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('submissions').addColumn('language_options', 'text').execute();
  await db.schema
    .alterTable('submissions')
    .addColumn('compiler', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('problems').addColumn('languages', 'text').execute();
  await db.schema
    .createTable('language_settings')
    .addColumn('language', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('time_factor', 'double precision', (c) => c.notNull().defaultTo(1))
    .addColumn('memory_factor', 'double precision', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
}
