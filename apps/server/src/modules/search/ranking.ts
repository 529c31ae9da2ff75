import type { IndexDb } from './deps';
import { firstRankedHits, type Hit, type IndexQuery, matchCounts, rankedHits } from './repo';

/**
 * Pages of hits in two tiers: the items with every term in the title (names, pinyin) first, then the
 * rest, each tier a top-k of its ranked matches; the counts read the matches unranked.
 */

/** A page of hits of one kind, best first (title tier, then the rest), and how many match in all. */
export async function page(
  d: IndexDb,
  q: IndexQuery,
  limit: number,
  offset: number,
): Promise<{ hits: Hit[]; total: number }> {
  const total = (await matchCounts(d.db, d.dialect, q)).get(q.kinds[0]) ?? 0;
  if (!total || !q.terms.length)
    return { hits: total ? await rankedHits(d.db, d.dialect, q, limit, offset) : [], total };
  const inTitle = (await matchCounts(d.db, d.dialect, { ...q, tier: 'title' })).get(q.kinds[0]) ?? 0;
  const hits =
    offset < inTitle ? await rankedHits(d.db, d.dialect, { ...q, tier: 'title' }, limit, offset) : [];
  if (hits.length < limit && offset + limit > inTitle) {
    const rest = await rankedHits(
      d.db,
      d.dialect,
      { ...q, tier: 'rest' },
      limit - hits.length,
      Math.max(0, offset - inTitle),
    );
    hits.push(...rest.filter((h) => !hits.some((x) => x.kind === h.kind && x.doc_id === h.doc_id)));
  }
  return { hits, total };
}

/** The first `perKind` hits of every kind, best first within each (title tier first), and counts. */
export async function firstOfEach(
  d: IndexDb,
  q: IndexQuery,
  perKind: number,
): Promise<{ hits: Hit[]; totals: Map<string, number> }> {
  const totals = await matchCounts(d.db, d.dialect, q);
  if (!q.terms.length) return { hits: await firstRankedHits(d.db, d.dialect, q, perKind), totals };
  const hits = await firstRankedHits(d.db, d.dialect, { ...q, tier: 'title' }, perKind);
  const countOf = (kind: string) => hits.filter((h) => h.kind === kind).length;
  const short = q.kinds.filter((k) => (totals.get(k) ?? 0) > countOf(k));
  if (short.length) {
    for (const h of await firstRankedHits(d.db, d.dialect, { ...q, kinds: short, tier: 'rest' }, perKind)) {
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
