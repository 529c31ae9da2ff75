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

/**
 * What the visibility rules need of the caller. Hidden problems (and what is about them) are the
 * rows' own `hidden` column (migration 044), kept by the indexing.
 */
export interface SearchViewer {
  admin: boolean;
  /** Problems whose solutions and Q&A a running contest keeps from the caller. */
  contestLocked: number[];
  /** The courses whose members-only content the caller may see. */
  memberOf: number[];
  /** Problems whose solutions the forum keeps from the caller (after-AC policy, no AC yet). */
  lockedSolutions: number[];
}

export interface Hit {
  kind: string;
  doc_id: number;
  /** The problem the item is about (a visibility check against the problems right before showing it). */
  problem_id: number | null;
}

/**
 * Inserts or replaces items (idempotent: the outbox may deliver twice), each `hidden` as its
 * problem is now (`hidden`: the problems module's subquery of the hidden ones).
 */
export async function upsertItems(
  db: Db,
  dialect: DialectName,
  rows: IndexRow[],
  hidden: IdSubquery,
): Promise<void> {
  if (!rows.length) return;
  const pg = dialect === 'postgres';
  const now = nowIso();
  const problemIds = rows.flatMap((r) => (r.problem_id === null ? [] : [r.problem_id]));
  const hiddenNow = await hiddenAmong(db, hidden, problemIds);
  const values = rows.map((r) => {
    const cols = [
      ...(pg ? [] : [rowIdOf(r.kind, r.doc_id)]),
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
      r.problem_id !== null && hiddenNow.has(r.problem_id) ? 1 : 0,
      now,
    ];
    const vals = cols.map((c) => sql`${c}`);
    if (pg) vals.push(sql`${tsvectorLiteral(r)}::tsvector`);
    return sql`(${sql.join(vals)})`;
  });
  await db.transaction().execute(async (trx) => {
    const res = await sql<{ id: number; kind: string; doc_id: number }>`
      insert into search_docs (${pg ? sql`` : sql`id, `}kind, doc_id, problem_id, members_of, solution_of, material_of, author_id, exact, difficulty, source, hidden, update_time${pg ? sql`, tsv` : sql``})
      values ${sql.join(values)}
      on conflict (kind, doc_id) do update set problem_id = excluded.problem_id,
        members_of = excluded.members_of, solution_of = excluded.solution_of,
        material_of = excluded.material_of, author_id = excluded.author_id, exact = excluded.exact,
        difficulty = excluded.difficulty, source = excluded.source, hidden = excluded.hidden,
        update_time = excluded.update_time
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

/**
 * PostgreSQL: fresh planner statistics after a rebuild (autovacuum comes later), so the first
 * searches are planned for the index as it now is, not for an empty table; the vacuum moves the
 * GIN indexes' pending entries (the rebuild's inserts) into the indexes, which every search would
 * otherwise read through one by one.
 */
export async function analyze(db: Db, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') await sql`vacuum analyze search_docs`.execute(db);
}

/** Whether anything is indexed (an empty index is built at start). */
export async function anyIndexed(db: Db): Promise<boolean> {
  return Boolean(await db.selectFrom('search_docs').select('id').limit(1).executeTakeFirst());
}

/**
 * SQLite: each kind's rows have ids in a range of their own (base × 2^32 + item id, migration 044),
 * so the FTS5 rowids say the kind and a per-kind match reads only that kind's part of the index.
 * Frozen: the migration renumbered existing rows with these bases. PostgreSQL: the same kinds have
 * text indexes of their own (migration 045); a new kind needs its range and its indexes.
 */
const KIND_BASE: Record<string, number> = { post: 1, problem: 2, user: 3, competition: 4, course: 5 };
const SPAN = 2 ** 32;
function kindRange(kind: string): [number, number] {
  const base = KIND_BASE[kind];
  if (base === undefined) throw new Error(`search kind ${kind} has no id range`);
  return [base * SPAN, base * SPAN + SPAN - 1];
}
/** The SQLite id of an item (its FTS5 rowid). */
const rowIdOf = (kind: string, docId: number) => kindRange(kind)[0] + docId;

/** How many of the newest matches of a kind (and tier) are scored: the rest is never ranked. */
export const RANK_WINDOW = 100;

/** Which of some problems are hidden now (the problems module's subquery, by primary key). */
export async function hiddenAmong(db: Db, hidden: IdSubquery, problemIds: number[]): Promise<Set<number>> {
  const ids = [...new Set(problemIds)];
  if (!ids.length) return new Set();
  const res = await sql<{ id: number }>`
    select h.id from (${hidden}) as h where h.id in (${sql.join(ids)})`.execute(db);
  return new Set(res.rows.map((r) => Number(r.id)));
}

/**
 * Sets `hidden` on every row about these problems (a problem and its posts) from the problems'
 * visibility now: the indexing calls it when a problem changes (the outbox topic 'problem').
 */
export async function refreshHidden(db: Db, hidden: IdSubquery, problemIds: number[]): Promise<void> {
  const ids = [...new Set(problemIds)];
  if (!ids.length) return;
  const now = sql`(case when exists (select 1 from (${hidden}) as h where h.id = search_docs.problem_id) then 1 else 0 end)`;
  await sql`update search_docs set hidden = ${now} where problem_id in (${sql.join(ids)}) and hidden <> ${now}`.execute(
    db,
  );
}

/**
 * PostgreSQL: the kind as a literal, so the planner uses that kind's own text indexes (partial
 * indexes, migration 045) whatever the driver does with parameters.
 */
function kindIs(kind: string) {
  kindRange(kind); // a kind the search does not know has no indexes either: refused
  return sql`d.kind = ${sql.lit(kind)}`;
}

/** The text condition of one kind: FTS5 MATCH within the kind's rowids, or the tsvector's. */
function textOf(dialect: DialectName, q: IndexQuery, kind: string) {
  if (dialect === 'postgres') {
    if (q.tier !== 'title' || !q.terms.length)
      return sql`d.tsv @@ ${tsquery(q.terms, q.tags, q.tier)}::tsquery`;
    // The title's lexemes alone (045's index over them decides it): the same rows as `'word':A`,
    // which GIN cannot decide and re-checks in every row holding the word anywhere.
    const inTitle = sql`ts_filter(d.tsv, '{a}') @@ ${tsquery(q.terms, [])}::tsquery`;
    return q.tags.length ? sql`${inTitle} and d.tsv @@ ${tsquery([], q.tags)}::tsquery` : inTitle;
  }
  const [lo, hi] = kindRange(kind);
  return sql`search_fts match ${ftsQuery(q.terms, q.tags, q.tier)} and search_fts.rowid between ${sql.lit(lo)} and ${sql.lit(hi)}`;
}
const hasText = (q: IndexQuery) => q.terms.length > 0 || q.tags.length > 0;

/** Rows of one kind that match and pass the filters: the FROM and WHERE of the statements below. */
function matching(dialect: DialectName, q: IndexQuery, kind: string) {
  if (!hasText(q)) {
    if (dialect === 'postgres') return sql`from search_docs d where ${kindIs(kind)} and ${filters(q)}`;
    const [lo, hi] = kindRange(kind);
    return sql`from search_docs d where d.id between ${sql.lit(lo)} and ${sql.lit(hi)} and ${filters(q)}`;
  }
  // PostgreSQL: the planner chooses from the statistics of the words (ANALYZE): a rare word's
  // matches from the kind's GIN index, a frequent word's by walking the kind's newest rows, which
  // finds the few it needs (`limit`) after a few rows. Two frequent words that are seldom together
  // are the case it misjudges (the walk reads many rows): rare in real text, and bounded by the kind.
  if (dialect === 'postgres')
    return sql`from search_docs d where ${kindIs(kind)} and ${textOf(dialect, q, kind)} and ${filters(q)}`;
  // The matches drive (`cross join` keeps that order), each looked up by id.
  return sql`from search_fts cross join search_docs d
    where ${textOf(dialect, q, kind)} and d.id = search_fts.rowid and ${filters(q)}`;
}

/** How many items of a kind (and tier) the viewer may see match, counted up to `cap` + 1. */
export async function countUpTo(
  db: Db,
  dialect: DialectName,
  q: IndexQuery,
  kind: string,
  cap: number,
): Promise<number> {
  const count = async (on: Db) => {
    const res = await sql<{ n: number | string }>`
      select count(*) as n from (select 1 as one ${matching(dialect, q, kind)} limit ${cap + 1}) as x`.execute(
      on,
    );
    return Number(res.rows[0]?.n ?? 0);
  };
  if (dialect !== 'postgres' || !hasText(q)) return count(db);
  // PostgreSQL counts from the GIN index (a bitmap: the word's entries, then at most `cap` + 1
  // rows). For a frequent word the planner would rather read the rows and test each one's text,
  // which it thinks cheap; each reads a TOASTed tsvector, several times the cost of a broad
  // word's whole entry list.
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`.execute(
      trx,
    );
    return count(trx);
  });
}

/**
 * The best `n` of a kind (and tier): the newest RANK_WINDOW matches (at least `n`) the viewer may
 * see, scored (bm25 / ts_rank), best first; with no text, the newest first. Never every match.
 * `window` is how many matches were scored: fewer than `size` means that is every match.
 */
export async function topOfKind(
  db: Db,
  dialect: DialectName,
  q: IndexQuery,
  kind: string,
  n: number,
): Promise<{ hits: Hit[]; window: number; size: number }> {
  const cols = sql`d.kind, d.doc_id, d.problem_id`;
  if (!hasText(q)) {
    const res = await sql<Hit>`select ${cols} ${matching(dialect, q, kind)}
      order by ${dialect === 'postgres' ? sql`d.doc_id` : sql`d.id`} desc limit ${n}`.execute(db);
    return { hits: res.rows.map(toHit), window: res.rows.length, size: n };
  }
  const size = Math.max(RANK_WINDOW, n);
  if (dialect === 'postgres') return rankedPg(db, q, kind, n, size);
  const res = await sql<Hit & { scored: number | string }>`
    select kind, doc_id, problem_id, count(*) over () as scored from (
      select ${cols}, bm25(search_fts, 10.0, 1.0, 3.0) as score ${matching(dialect, q, kind)}
      order by search_fts.rowid desc limit ${size}) as w
    order by score, doc_id desc limit ${n}`.execute(db);
  return { hits: res.rows.map(toHit), window: Number(res.rows[0]?.scored ?? 0), size };
}

/**
 * PostgreSQL's top-k: the newest `size` matches, scored after the limit: ts_rank reads each one's
 * tsvector, and in the window's own select it would run on every match before the limit.
 */
async function rankedPg(db: Db, q: IndexQuery, kind: string, n: number, size: number) {
  const res = await sql<Hit & { scored: number | string }>`
    select kind, doc_id, problem_id, count(*) over () as scored from (
      select d.kind, d.doc_id, d.problem_id, d.tsv ${matching('postgres', q, kind)}
      order by d.doc_id desc limit ${size}) as w
    order by -ts_rank(w.tsv, ${tsquery(q.terms, q.tags, q.tier)}::tsquery, 1), doc_id desc limit ${n}`.execute(
    db,
  );
  return { hits: res.rows.map(toHit), window: Number(res.rows[0]?.scored ?? 0), size };
}

/** The items put first (`#1000`, an exact name) among the kinds, if the viewer may see them. */
export async function pinnedHits(db: Db, q: IndexQuery): Promise<Hit[]> {
  const pins = [];
  if (q.pin.docId !== undefined) pins.push(sql`d.doc_id = ${q.pin.docId}`);
  if (q.pin.exact) pins.push(sql`d.exact = ${q.pin.exact}`);
  if (!pins.length) return [];
  const res = await sql<Hit>`select d.kind, d.doc_id, d.problem_id from search_docs d
    where d.kind in (${sql.join(q.kinds)}) and (${sql.join(pins, sql` or `)}) and ${filters(q)}
    order by d.doc_id desc`.execute(db);
  return res.rows.map(toHit);
}

/** Which of some items also match the text (a pinned item is counted once). */
export async function matchingAmong(
  db: Db,
  dialect: DialectName,
  q: IndexQuery,
  hits: Hit[],
): Promise<Hit[]> {
  if (!hits.length) return [];
  if (!hasText(q)) return hits;
  const key = (h: { kind: string; doc_id: number }) => `${h.kind}:${h.doc_id}`;
  let found: { kind: string; doc_id: number }[];
  if (dialect === 'postgres') {
    const ors = hits.map((h) => sql`(d.kind = ${h.kind} and d.doc_id = ${h.doc_id})`);
    found = (
      await sql<Hit>`select d.kind, d.doc_id from search_docs d
        where (${sql.join(ors, sql` or `)}) and d.tsv @@ ${tsquery(q.terms, q.tags)}::tsquery`.execute(db)
    ).rows;
  } else {
    const rowIds = hits.map((h) => rowIdOf(h.kind, h.doc_id));
    const rows = (
      await sql<{ id: number }>`select rowid as id from search_fts
        where search_fts match ${ftsQuery(q.terms, q.tags)} and rowid in (${sql.join(rowIds.map((r) => sql.lit(r)))})`.execute(
        db,
      )
    ).rows;
    const byRowId = new Map(hits.map((h) => [rowIdOf(h.kind, h.doc_id), h]));
    found = rows.flatMap((r) => byRowId.get(Number(r.id)) ?? []);
  }
  const yes = new Set(found.map((f) => key({ kind: f.kind, doc_id: Number(f.doc_id) })));
  return hits.filter((h) => yes.has(key(h)));
}

const toHit = (r: Hit): Hit => ({
  kind: r.kind,
  doc_id: Number(r.doc_id),
  problem_id: r.problem_id === null ? null : Number(r.problem_id),
});

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

function filters(q: IndexQuery) {
  const f = [sql`d.kind in (${sql.join(q.kinds)})`];
  if (q.authorId !== undefined) f.push(sql`d.author_id = ${q.authorId}`);
  if (q.difficulty !== undefined) f.push(sql`(d.difficulty = ${q.difficulty})`);
  if (q.sources?.length) f.push(sql`d.source in (${sql.join(q.sources)})`);
  const v = q.viewer;
  if (!v.admin) {
    f.push(sql`d.hidden = 0`);
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
  let res;
  if (dialect === 'postgres') {
    res = await sql<{ doc_id: number }>`select d.doc_id from search_docs d
      where d.tsv @@ ${tsNameQuery(terms)}::tsquery and ${kindIs(kind)}
      order by d.doc_id limit ${limit}`.execute(db);
  } else {
    // The kind's rowids are its items' ids in order (KIND_BASE): no lookup of search_docs at all.
    const [lo, hi] = kindRange(kind);
    res = await sql<{ doc_id: number }>`select rowid - ${sql.lit(lo)} as doc_id from search_fts
      where search_fts match ${ftsNameQuery(terms)} and rowid between ${sql.lit(lo)} and ${sql.lit(hi)}
      order by rowid limit ${limit}`.execute(db);
  }
  return res.rows.map((r) => Number(r.doc_id));
}
