import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migrate';

/**
 * Issue 28, owned by modules/search: PostgreSQL searches one kind at a time, so each kind gets its
 * own text indexes instead of the one GIN index over every kind (012), which made a broad word's
 * matches of all kinds be read for any one of them.
 *
 * - `search_docs_tsv_<kind>`: GIN over `tsv`, that kind's rows only.
 * - `search_docs_title_<kind>`: GIN over the title's lexemes (`ts_filter(tsv, '{a}')`, weight A).
 *   The title tier asked `'word':A`, which the GIN index cannot decide (weights are not in it): every
 *   row with the word anywhere was read and re-checked. Over the title's lexemes alone the index
 *   decides, and a word that is frequent in bodies is rare in titles.
 *
 * Pending entries (GIN's fast update) are read one by one by every search until a vacuum moves them
 * into the index: each index keeps at most 256 kB of them (4 MB by default), so a burst of new
 * posts does not slow the searches down until autovacuum comes.
 *
 * The kinds are the search's (modules/search/repo.ts KIND_BASE), frozen as they are today: a new
 * kind needs a migration of its own. SQLite: nothing (FTS5, the kinds' rowid ranges of 044).
 */
const KINDS = ['post', 'problem', 'user', 'competition', 'course'];

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect !== 'postgres') return;
  for (const kind of KINDS) {
    const tail = sql`with (gin_pending_list_limit = 256) where kind = ${sql.lit(kind)}`;
    await sql`create index ${sql.id(`search_docs_tsv_${kind}`)} on search_docs using gin (tsv) ${tail}`.execute(
      db,
    );
    await sql`create index ${sql.id(`search_docs_title_${kind}`)} on search_docs
      using gin (ts_filter(tsv, '{a}')) ${tail}`.execute(db);
  }
  await sql`drop index search_docs_tsv`.execute(db);
  await sql`analyze search_docs`.execute(db);
}
