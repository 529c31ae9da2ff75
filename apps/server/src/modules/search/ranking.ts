import { SEARCH_COUNT_CAP } from '@oj/shared';
import type { IndexDb } from './deps';
import { countUpTo, type Hit, type IndexQuery, matchingAmong, pinnedHits, topOfKind } from './repo';

/**
 * Pages of hits, per kind: the pinned items (`#1000`, an exact name), then the items with every
 * term in the title (names, pinyin), then the rest, each tier a top-k of its newest matches
 * (repo.ts `topOfKind`: never every match). Counts stop at COUNT_CAP ("1000+").
 */

/** Counts above this are shown as "1000+": counting every match of a broad query costs as much as ranking it. */
export const COUNT_CAP = SEARCH_COUNT_CAP;

export interface KindCount {
  total: number;
  /** More than `total` match (the count stopped at COUNT_CAP). */
  capped: boolean;
}

/**
 * The first `n` hits of a kind in order (its pinned items, the title tier, then the other matches)
 * and how many match (capped). The other matches are the plain query's best minus what is already
 * shown: it is asked only when the title tier has fewer than `n`, so all of that tier is shown.
 * When the plain query scored every match, that is the count; only a broad keyword is counted apart.
 */
async function ofKind(
  d: IndexDb,
  q: IndexQuery,
  kind: string,
  n: number,
  pins: Hit[],
): Promise<{ hits: Hit[]; count: KindCount }> {
  const mine = pins.filter((p) => p.kind === kind);
  const out = [...mine];
  const seen = new Set(out.map((h) => h.doc_id));
  const add = (hits: Hit[]) => {
    for (const h of hits) {
      if (seen.has(h.doc_id) || out.length >= n) continue;
      seen.add(h.doc_id);
      out.push(h);
    }
  };
  if (q.terms.length) add((await topOfKind(d.db, d.dialect, { ...q, tier: 'title' }, kind, n)).hits);
  let matched: number | undefined;
  if (out.length < n) {
    const plain = await topOfKind(d.db, d.dialect, { ...q, tier: undefined }, kind, n + out.length);
    add(plain.hits);
    if (plain.window < plain.size) matched = plain.window;
  }
  matched ??= await countUpTo(d.db, d.dialect, q, kind, COUNT_CAP);
  if (matched > COUNT_CAP) return { hits: out, count: { total: COUNT_CAP, capped: true } };
  const alsoMatching = await matchingAmong(d.db, d.dialect, q, mine);
  const total = Math.min(COUNT_CAP, matched + mine.length - alsoMatching.length);
  return { hits: out, count: { total, capped: false } };
}

/** A page of hits of one kind, best first, and how many match in all (capped). */
export async function page(
  d: IndexDb,
  q: IndexQuery,
  limit: number,
  offset: number,
): Promise<{ hits: Hit[]; count: KindCount }> {
  const pins = await pinnedHits(d.db, q);
  const { hits, count } = await ofKind(d, q, q.kinds[0], offset + limit, pins);
  return { hits: hits.slice(offset), count };
}

/** The first `perKind` hits of every kind, best first within each, and their counts (capped). */
export async function firstOfEach(
  d: IndexDb,
  q: IndexQuery,
  perKind: number,
): Promise<{ hits: Hit[]; counts: Map<string, KindCount> }> {
  const pins = await pinnedHits(d.db, q);
  const counts = new Map<string, KindCount>();
  const hits: Hit[] = [];
  for (const kind of q.kinds) {
    const one = await ofKind(d, q, kind, perKind, pins);
    counts.set(kind, one.count);
    hits.push(...one.hits);
  }
  return { hits, counts };
}
