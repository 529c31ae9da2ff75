import { type Expression, type Kysely, sql } from 'kysely';
import type { DialectName } from '../../db/kysely';
import type { Database } from '../../db/types';
import { nowIso } from '../../lib/time';
import { isPrefixToken } from './analyze';

/**
 * The index tables of both dialects behind one interface (migration 012): `search_docs` plus the
 * segmented text in SQLite FTS5 (bm25, title weighted 10 over body 1, tags 3) or in a PostgreSQL
 * tsvector (weights A title, C tags, D body; ts_rank). Tokens are made in JS (analyze.ts), so both
 * see the same words and match the same items: every term must appear, ASCII words as prefixes.
 */

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

export interface StoreQuery {
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
  tier?: 'title' | 'rest';
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
  /** A subquery of the hidden problems' ids (problems.hiddenIds()). */
  hiddenProblems: Expression<unknown>;
}

export interface Hit {
  kind: string;
  doc_id: number;
}

/** Lower is better on both dialects; pinned items come before any text score. */
const PIN_SCORE = -1e9;
const MAX_POSITION = 16_000;
const MAX_POSITIONS_PER_LEXEME = 200;

export class SearchStore {
  constructor(
    private readonly db: Kysely<Database>,
    readonly dialect: DialectName,
  ) {}

  /** Inserts or replaces items (idempotent: the outbox may deliver twice). */
  async upsert(rows: IndexRow[]): Promise<void> {
    if (!rows.length) return;
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
      if (this.dialect === 'postgres') vals.push(sql`${tsvectorLiteral(r)}::tsvector`);
      return sql`(${sql.join(vals)})`;
    });
    const pg = this.dialect === 'postgres';
    await this.db.transaction().execute(async (trx) => {
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
  async remove(kind: string, docIds: number[]): Promise<void> {
    if (!docIds.length) return;
    await this.db.transaction().execute(async (trx) => {
      if (this.dialect === 'sqlite') {
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
  async idsOf(kind: string, after: number, limit: number): Promise<number[]> {
    const rows = await this.db
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
   * A page of hits, best first (title tier, then the rest), and how many match in all. Each tier is
   * a top-k of its ranked matches; the counts read the matches unranked, a fraction of the cost.
   */
  async page(q: StoreQuery, limit: number, offset: number): Promise<{ hits: Hit[]; total: number }> {
    const total = (await this.counts(q)).get(q.kinds[0]) ?? 0;
    if (!total || !q.terms.length) return { hits: total ? await this.ranked(q, limit, offset) : [], total };
    const inTitle = (await this.counts({ ...q, tier: 'title' })).get(q.kinds[0]) ?? 0;
    const hits = offset < inTitle ? await this.ranked({ ...q, tier: 'title' }, limit, offset) : [];
    if (hits.length < limit && offset + limit > inTitle) {
      const rest = await this.ranked(
        { ...q, tier: 'rest' },
        limit - hits.length,
        Math.max(0, offset - inTitle),
      );
      hits.push(...rest.filter((h) => !hits.some((x) => x.kind === h.kind && x.doc_id === h.doc_id)));
    }
    return { hits, total };
  }

  /** The first `perKind` hits of every kind, best first within each (title tier first), and counts. */
  async firstOfEach(q: StoreQuery, perKind: number): Promise<{ hits: Hit[]; totals: Map<string, number> }> {
    const totals = await this.counts(q);
    if (!q.terms.length) return { hits: await this.firstRanked(q, perKind), totals };
    const hits = await this.firstRanked({ ...q, tier: 'title' }, perKind);
    const countOf = (kind: string) => hits.filter((h) => h.kind === kind).length;
    const short = q.kinds.filter((k) => (totals.get(k) ?? 0) > countOf(k));
    if (short.length) {
      for (const h of await this.firstRanked({ ...q, kinds: short, tier: 'rest' }, perKind)) {
        const dup = hits.some((x) => x.kind === h.kind && x.doc_id === h.doc_id);
        if (!dup && countOf(h.kind) < perKind) hits.push(h);
      }
    }
    const order = (h: Hit) => q.kinds.indexOf(h.kind);
    return {
      hits: hits
        .map((h, i) => ({ h, i }))
        .sort((a, b) => order(a.h) - order(b.h) || a.i - b.i)
        .map((x) => x.h),
      totals,
    };
  }

  /** A top-k of the ranked matches of one tier (a pinned item may also match: then rows are grouped). */
  private async ranked(q: StoreQuery, limit: number, offset: number): Promise<Hit[]> {
    const pinned = q.tier !== 'rest' && (q.pin.docId !== undefined || !!q.pin.exact);
    const res = await sql<Hit>`
      with m(id, score) as materialized (${this.matches(q)})
      select d.kind, d.doc_id from m cross join search_docs d
      where d.id = m.id and ${this.filters(q)}
      ${pinned ? sql`group by d.id, d.kind, d.doc_id order by min(m.score), d.doc_id desc` : sql`order by m.score, d.doc_id desc`}
      limit ${limit} offset ${offset}`.execute(this.db);
    return res.rows.map((r) => ({ kind: r.kind, doc_id: Number(r.doc_id) }));
  }

  private async firstRanked(q: StoreQuery, perKind: number): Promise<Hit[]> {
    const res = await sql<Hit>`
      with m(id, score) as materialized (${this.matches(q)}),
      ranked as (
        select d.kind, d.doc_id,
          row_number() over (partition by d.kind order by min(m.score), d.doc_id desc) as rn
        from m cross join search_docs d
        where d.id = m.id and ${this.filters(q)}
        group by d.id, d.kind, d.doc_id)
      select kind, doc_id from ranked where rn <= ${perKind} order by kind, rn`.execute(this.db);
    return res.rows.map((r) => ({ kind: r.kind, doc_id: Number(r.doc_id) }));
  }

  /** How many items of each kind the viewer may see match. */
  async counts(q: StoreQuery): Promise<Map<string, number>> {
    // Only a pinned item can be there twice (pinned and matching).
    const pinned = q.tier !== 'rest' && (q.pin.docId !== undefined || !!q.pin.exact);
    const res = await sql<{ kind: string; n: number | string }>`
      with m(id, score) as materialized (${this.matches(q, false)})
      select d.kind, ${pinned ? sql`count(distinct d.id)` : sql`count(*)`} as n from m cross join search_docs d
      where d.id = m.id and ${this.filters(q)}
      group by d.kind`.execute(this.db);
    return new Map(res.rows.map((r) => [r.kind, Number(r.n)]));
  }

  /** Index size in bytes (bench): the tables and indexes of the search. */
  async sizeBytes(): Promise<number> {
    if (this.dialect === 'postgres') {
      const r = await sql<{ n: string }>`select pg_total_relation_size('search_docs') as n`.execute(this.db);
      return Number(r.rows[0]?.n ?? 0);
    }
    const r = await sql<{ n: number }>`
      select coalesce(sum(pgsize), 0) as n from dbstat
      where name like 'search_%' or name like 'sqlite_autoindex_search_%'`.execute(this.db);
    return Number(r.rows[0]?.n ?? 0);
  }

  // `m cross join d`: SQLite keeps this order (the matches drive, each looked up by id) instead of
  // scanning every item of the kinds; PostgreSQL plans it as the same inner join.

  /** Item ids with a score: text matches (or every item when there is no text) plus pinned items. */
  private matches(q: StoreQuery, ranked = true) {
    const kinds = sql.join(q.kinds);
    let text;
    if (!q.terms.length && !q.tags.length) {
      text = sql`select id, 0 from search_docs where kind in (${kinds})`;
    } else if (this.dialect === 'postgres') {
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

  private filters(q: StoreQuery) {
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
}

/**
 * FTS5 MATCH text: quoted tokens ANDed, ASCII words as prefixes, tags in the tags column; the title
 * tier wants every term in the title column, the rest tier the others.
 */
export function ftsQuery(terms: string[], tags: string[], tier?: StoreQuery['tier']): string {
  const words = terms.map((t) => (isPrefixToken(t) ? `"${t}"*` : `"${t}"`));
  const tagParts = tags.map((t) => `tags : "${t}"`);
  const all = [...words, ...tagParts].join(' AND ');
  if (!tier || !words.length) return all;
  const inTitle = `{title} : (${words.join(' AND ')})`;
  return tier === 'title' ? [inTitle, ...tagParts].join(' AND ') : `(${all}) NOT ${inTitle}`;
}

/** PostgreSQL tsquery text over the same tokens (`:*` prefix, `:C` tags only, `:A` the title tier). */
export function tsquery(terms: string[], tags: string[], tier?: StoreQuery['tier']): string {
  const words = terms.map((t) => (isPrefixToken(t) ? `'${t}':*` : `'${t}'`));
  const tagParts = tags.map((t) => `'${t}':C`);
  const all = [...words, ...tagParts].join(' & ');
  if (!tier || !words.length) return all;
  const inTitle = words.map((w) => `${w}${w.endsWith(':*') ? 'A' : ':A'}`).join(' & ');
  return tier === 'title' ? [inTitle, ...tagParts].join(' & ') : `(${all}) & !(${inTitle})`;
}

/** A tsvector literal with positions: title tokens weight A, tags C, body D. */
export function tsvectorLiteral(r: Pick<IndexRow, 'title' | 'body' | 'tags'>): string {
  const lexemes = new Map<string, string[]>();
  let pos = 0;
  const add = (tokens: string[], weight: string) => {
    for (const t of tokens) {
      if (pos >= MAX_POSITION) return;
      pos += 1;
      const list = lexemes.get(t) ?? [];
      if (list.length < MAX_POSITIONS_PER_LEXEME) list.push(`${pos}${weight}`);
      lexemes.set(t, list);
    }
  };
  add(r.title, 'A');
  add(r.tags, 'C');
  add(r.body, 'D');
  return [...lexemes].map(([t, p]) => `'${t}':${p.join(',')}`).join(' ');
}
