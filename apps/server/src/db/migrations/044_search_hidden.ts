import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migrate';

/**
 * Issue 28, owned by modules/search: the search reads visibility from its own rows instead of
 * asking the problems table in every statement.
 *
 * - `search_docs.hidden` = 1 while the item's problem is hidden (a hidden problem, a class problem,
 *   a post about one). It is filled here from `problems.visible` for existing installs and kept by
 *   the search's indexing afterwards (the outbox topic 'problem' updates every row of that problem).
 * - `search_docs_problem` finds those rows when a problem's visibility changes.
 * - SQLite only: each kind's rows get ids in a range of their own (kind base × 2^32 + item id), so
 *   the FTS5 table's rowids say the kind and a per-kind match reads only that kind's part of the
 *   index (`rowid between …`). The existing rows and their text are renumbered here, so no reindex is
 *   needed. The bases are the search's KIND_BASE (modules/search/repo.ts), frozen as they are today.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('search_docs')
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('search_docs_problem').on('search_docs').columns(['problem_id']).execute();
  await sql`update search_docs set hidden = 1
    where problem_id in (select id from problems where visible = 0)`.execute(db);
  if (ctx.dialect !== 'sqlite') return;
  const span = 2 ** 32;
  const newId = sql`(case kind when 'post' then 1 when 'problem' then 2 when 'user' then 3
    when 'competition' then 4 when 'course' then 5 else 6 end) * ${sql.lit(span)} + doc_id`;
  await sql`insert into search_fts (rowid, title, body, tags)
    select ${newId}, f.title, f.body, f.tags from search_fts f join search_docs on search_docs.id = f.rowid
    where search_docs.id < ${sql.lit(span)}`.execute(db);
  await sql`delete from search_fts where rowid < ${sql.lit(span)}`.execute(db);
  await sql`update search_docs set id = ${newId} where id < ${sql.lit(span)}`.execute(db);
}
