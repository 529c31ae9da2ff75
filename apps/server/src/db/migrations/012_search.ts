import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migrate';

/**
 * The aggregate search index (issue 14, modules/search). `search_docs` holds one row per indexed
 * item (kind + id) with the columns the visibility rules and filters need; the text lives, as
 * jieba-segmented tokens, in an FTS5 table (SQLite, rowid = search_docs.id) or in a tsvector
 * column with a GIN index (PostgreSQL). The index is derived data: `npm run search:reindex`
 * rebuilds it from the modules' tables.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('search_docs')
    .addColumn('id', ctx.id, (c) => c.primaryKey())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('doc_id', 'integer', (c) => c.notNull())
    .addColumn('problem_id', 'integer')
    .addColumn('members_of', 'integer')
    // A solution post's problem: readable only by those who may read its solutions (forum policy).
    .addColumn('solution_of', 'integer')
    .addColumn('author_id', 'integer')
    .addColumn('exact', 'varchar(100)')
    .addColumn('difficulty', 'integer')
    .addColumn('source', 'varchar(40)')
    .addColumn('update_time', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('search_docs_kind_doc')
    .unique()
    .on('search_docs')
    .columns(['kind', 'doc_id'])
    .execute();
  await db.schema.createIndex('search_docs_exact').on('search_docs').columns(['exact']).execute();
  await db.schema.createIndex('search_docs_author').on('search_docs').columns(['author_id']).execute();
  if (ctx.dialect === 'postgres') {
    await sql`alter table search_docs add column tsv tsvector not null default ''::tsvector`.execute(db);
    await sql`create index search_docs_tsv on search_docs using gin (tsv)`.execute(db);
  } else {
    await sql`create virtual table search_fts using fts5(title, body, tags, tokenize = 'unicode61 remove_diacritics 0')`.execute(
      db,
    );
  }
}
