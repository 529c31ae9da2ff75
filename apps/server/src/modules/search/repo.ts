import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../../db/kysely';
import type { IdSubquery } from '../../db/scoped';
import { nowIso } from '../../lib/time';
import { ftsNameQuery, ftsQuery, type Tier, tsNameQuery, tsquery, tsvectorLiteral } from './match-text';
import type { SearchTables } from './tables';

/**
 * The search's repo: the index tables of both dialects (migration 012), `search_docs` plus the
 * segmented text in SQLite FTS5 (bm25, title weighted 10 over body 1, tags 3) or in a PostgreSQL
 * tsvector (weights A title, C tags, D body; ts_rank). Tokens are made in JS (analyze.ts), so both
 * see the same words and match the same items: every term must appear, ASCII words as prefixes.
 * The handle knows `search_docs` only: the FTS5 table `search_fts`, the `tsv` column and the ranked
 * statements over them are raw SQL, here and nowhere else.
 */
type Db = Kysely<SearchTables>;

/** One item as indexed: its filter and visibility columns and its tokens. */
export interface IndexRow {
  kind: string;
  doc_id: number;
  problem_id: number | null;
  members_of: number | null;
  solution_of: number | null;
  material_of: number | null;
  author_id: number | null;
  exact: string | null;
  difficulty: number | null;
  source: string | null;
  title: string[];
  body: string[];
  tags: string[];
}

export interface IndexQuery {
  kinds: string[];
  /** Query tokens (every one must match); empty with no tags = filters only, newest first. */
  terms: string[];
  /** Tag tokens (matched against tags only). */
  tags: string[];
  authorId?: number;
  difficulty?: number;
  sources?: string[];
  /** Items put first: this id of the searched kinds, this exact (lower-case) name. */
  pin: { docId?: number; exact?: string };
  /**
   * Ranking tier: items with every term in the title (names, pinyin) come before the others, each
   * tier ranked by score. Paging a tier ranks only that tier, so a broad query ranks few items.
   */
  tier?: Tier;
  /** Who is asking: admins see everything; others neither blocked problems nor others' courses. */
  viewer: SearchViewer;
}

/** What the visibility rules need of the caller. */
export interface SearchViewer {
  admin: boolean;
  /** Problems whose solutions and Q&A a running contest keeps from the caller. */
  contestLocked: number[];
  /** The courses whose members-only content the caller may see. */
  memberOf: number[];
  /** Problems whose solutions the forum keeps from the caller (after-AC policy, no AC yet). */
  lockedSolutions: number[];
  /** A subquery of the hidden problems' ids (the problems module's `hiddenIds()`). */
  hiddenProblems: IdSubquery;
}

export interface Hit {
  kind: string;
  doc_id: number;
}

/** Lower is better on both dialects; pinned items come before any text score. */
const PIN_SCORE = -1e9;

/** Inserts or replaces items (idempotent: the outbox may deliver twice). */
export async function upsertItems(db: Db, dialect: DialectName, rows: IndexRow[]): Promise<void> {
  if (!rows.length) return;
  const pg = dialect === 'postgres';
  const now = nowIso();
  const values = rows.map((r) => {
    const cols = [
      r.kind,
      r.doc_id,
      r.problem_id,
      r.members_of,
      r.solution_of,
      r.material_of,
      r.author_id,
      r.exact,
      r.difficulty,
      r.source,
      now,
    ];
    const vals = cols.map((c) => sql`${c}`);
    if (pg) vals.push(sql`${tsvectorLiteral(r)}::tsvector`);
    return sql`(${sql.join(vals)})`;
  });
  await db.transaction().execute(async (trx) => {
    const res = await sql<{ id: number; kind: string; doc_id: number }>`
      insert into search_docs (kind, doc_id, problem_id, members_of, solution_of, material_of, author_id, exact, difficulty, source, update_time${pg ? sql`, tsv` : sql``})
      values ${sql.join(values)}
      on conflict (kind, doc_id) do update set problem_id = excluded.problem_id,
        members_of = excluded.members_of, solution_of = excluded.solution_of,
        material_of = excluded.material_of, author_id = excluded.author_id, exact = excluded.exact,
        difficulty = excluded.difficulty, source = excluded.source, update_time = excluded.update_time
        ${pg ? sql`, tsv = excluded.tsv` : sql``}
      returning id, kind, doc_id`.execute(trx);
    if (pg) return;
    const idOf = new Map(res.rows.map((x) => [`${x.kind}:${x.doc_id}`, Number(x.id)]));
    const ids = [...idOf.values()];
    await sql`delete from search_fts where rowid in (${sql.join(ids)})`.execute(trx);
    const fts = rows.map(
      (r) =>
        sql`(${idOf.get(`${r.kind}:${r.doc_id}`)}, ${r.title.join(' ')}, ${r.body.join(' ')}, ${r.tags.join(' ')})`,
    );
    await sql`insert into search_fts (rowid, title, body, tags) values ${sql.join(fts)}`.execute(trx);
  });
}

/** Removes items of a kind (gone, deleted, hidden from search). */
export async function removeItems(
  db: Db,
  dialect: DialectName,
  kind: string,
  docIds: number[],
): Promise<void> {
  if (!docIds.length) return;
  await db.transaction().execute(async (trx) => {
    if (dialect === 'sqlite') {
      const ids = trx
        .selectFrom('search_docs')
        .select('id')
        .where('kind', '=', kind)
        .where('doc_id', 'in', docIds);
      await sql`delete from search_fts where rowid in (${ids})`.execute(trx);
    }
    await trx.deleteFrom('search_docs').where('kind', '=', kind).where('doc_id', 'in', docIds).execute();
  });
}

/** The ids of a kind in the index, from `after` on, in order (reindex finds what is gone). */
export async function indexedIds(db: Db, kind: string, after: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('search_docs')
    .select('doc_id')
    .where('kind', '=', kind)
    .where('doc_id', '>', after)
    .orderBy('doc_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.doc_id);
}

/** Whether anything is indexed (an empty index is built at start). */
export async function anyIndexed(db: Db): Promise<boolean> {
  return Boolean(await db.selectFrom('search_docs').select('id').limit(1).executeTakeFirst());
}

/** Only a pinned item can match twice (pinned and matching): then rows are grouped. */
const pinned = (q: IndexQuery) => q.tier !== 'rest' && (q.pin.docId !== undefined || !!q.pin.exact);

/** A top-k of the ranked matches of one tier. */
export async function rankedHits(
  db: Db,
  dialect: DialectName,
  q: IndexQuery,
  limit: number,
  offset: number,
): Promise<Hit[]> {
  const res = await sql<Hit>`
    with m(id, score) as materialized (${matches(dialect, q)})
    select d.kind, d.doc_id from m cross join search_docs d
    where d.id = m.id and ${filters(q)}
    ${pinned(q) ? sql`group by d.id, d.kind, d.doc_id order by min(m.score), d.doc_id desc` : sql`order by m.score, d.doc_id desc`}
    limit ${limit} offset ${offset}`.execute(db);
  return res.rows.map((r) => ({ kind: r.kind, doc_id: Number(r.doc_id) }));
}

/** The first `perKind` ranked matches of every kind (of one tier), best first within each. */
export async function firstRankedHits(
  db: Db,
  dialect: DialectName,
  q: IndexQuery,
  perKind: number,
): Promise<Hit[]> {
  const res = await sql<Hit>`
    with m(id, score) as materialized (${matches(dialect, q)}),
    ranked as (
      select d.kind, d.doc_id,
        row_number() over (partition by d.kind order by min(m.score), d.doc_id desc) as rn
      from m cross join search_docs d
      where d.id = m.id and ${filters(q)}
      group by d.id, d.kind, d.doc_id)
    select kind, doc_id from ranked where rn <= ${perKind} order by kind, rn`.execute(db);
  return res.rows.map((r) => ({ kind: r.kind, doc_id: Number(r.doc_id) }));
}

/** How many items of each kind the viewer may see match (unranked: a fraction of the cost). */
export async function matchCounts(db: Db, dialect: DialectName, q: IndexQuery): Promise<Map<string, number>> {
  const res = await sql<{ kind: string; n: number | string }>`
    with m(id, score) as materialized (${matches(dialect, q, false)})
    select d.kind, ${pinned(q) ? sql`count(distinct d.id)` : sql`count(*)`} as n from m cross join search_docs d
    where d.id = m.id and ${filters(q)}
    group by d.kind`.execute(db);
  return new Map(res.rows.map((r) => [r.kind, Number(r.n)]));
}

/** Index size in bytes (bench): the tables and indexes of the search. */
export async function sizeBytes(db: Db, dialect: DialectName): Promise<number> {
  if (dialect === 'postgres') {
    const r = await sql<{ n: string }>`select pg_total_relation_size('search_docs') as n`.execute(db);
    return Number(r.rows[0]?.n ?? 0);
  }
  const r = await sql<{ n: number }>`
    select coalesce(sum(pgsize), 0) as n from dbstat
    where name like 'search_%' or name like 'sqlite_autoindex_search_%'`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

// `m cross join d`: SQLite keeps this order (the matches drive, each looked up by id) instead of
// scanning every item of the kinds; PostgreSQL plans it as the same inner join.

/** Item ids with a score: text matches (or every item when there is no text) plus pinned items. */
function matches(dialect: DialectName, q: IndexQuery, ranked = true) {
  const kinds = sql.join(q.kinds);
  let text;
  if (!q.terms.length && !q.tags.length) {
    text = sql`select id, 0 from search_docs where kind in (${kinds})`;
  } else if (dialect === 'postgres') {
    const tsq = sql`${tsquery(q.terms, q.tags, q.tier)}::tsquery`;
    const score = ranked ? sql`-ts_rank(tsv, ${tsq}, 1)` : sql`0`;
    text = sql`select id, ${score} from search_docs where tsv @@ ${tsq}`;
  } else {
    const score = ranked ? sql`bm25(search_fts, 10.0, 1.0, 3.0)` : sql`0`;
    text = sql`select rowid, ${score} from search_fts where search_fts match ${ftsQuery(q.terms, q.tags, q.tier)}`;
  }
  const pins = [];
  if (q.tier === 'rest') return text;
  if (q.pin.docId !== undefined) pins.push(sql`(kind in (${kinds}) and doc_id = ${q.pin.docId})`);
  if (q.pin.exact) pins.push(sql`(kind in (${kinds}) and exact = ${q.pin.exact})`);
  if (!pins.length) return text;
  return sql`${text} union all select id, ${PIN_SCORE} from search_docs where ${sql.join(pins, sql` or `)}`;
}

function filters(q: IndexQuery) {
  const f = [sql`d.kind in (${sql.join(q.kinds)})`];
  if (q.authorId !== undefined) f.push(sql`d.author_id = ${q.authorId}`);
  if (q.difficulty !== undefined) f.push(sql`(d.difficulty = ${q.difficulty})`);
  if (q.sources?.length) f.push(sql`d.source in (${sql.join(q.sources)})`);
  const v = q.viewer;
  if (!v.admin) {
    f.push(sql`(d.problem_id is null or d.problem_id not in (${v.hiddenProblems}))`);
    if (v.contestLocked.length)
      f.push(sql`(d.material_of is null or d.material_of not in (${sql.join(v.contestLocked)}))`);
    f.push(
      v.memberOf.length
        ? sql`(d.members_of is null or d.members_of in (${sql.join(v.memberOf)}))`
        : sql`d.members_of is null`,
    );
    if (v.lockedSolutions.length)
      f.push(sql`(d.solution_of is null or d.solution_of not in (${sql.join(v.lockedSolutions)}))`);
  }
  return sql.join(f, sql` and `);
}

/**
 * The ids of one kind whose title or tags hold every term (the bank's keyword, issue 29), at most
 * `limit`, unranked and unfiltered: the caller applies its own visibility.
 */
export async function nameMatchIds(
  db: Db,
  dialect: DialectName,
  kind: string,
  terms: string[],
  limit: number,
): Promise<number[]> {
  if (!terms.length) return [];
  const text =
    dialect === 'postgres'
      ? sql`select id from search_docs where tsv @@ ${tsNameQuery(terms)}::tsquery`
      : sql`select rowid as id from search_fts where search_fts match ${ftsNameQuery(terms)}`;
  const res = await sql<{ doc_id: number }>`
    with m(id) as materialized (${text})
    select d.doc_id from m cross join search_docs d
    where d.id = m.id and d.kind = ${kind}
    order by d.doc_id limit ${limit}`.execute(db);
  return res.rows.map((r) => Number(r.doc_id));
}
