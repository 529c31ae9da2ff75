import {
  algorithmTagIndex,
  SEARCH_KINDS,
  type SearchKind,
  type SearchRecord,
  type SearchRequest,
  type SearchResult,
} from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { can } from '../../lib/permissions';
import { plainText } from '../../lib/plain-text';
import type { Search, SearchDoc } from './deps';
import { sourceOf, sync } from './indexing';
import { highlightTerms, markTerms, snippet } from './present';
import { parseQuery, tagToken } from './query';
import { firstOfEach, page } from './ranking';
import { hiddenAmong, type Hit, type IndexQuery } from './repo';

/** `total_capped` only when the count stopped at the cap ("1000+"), as the contract says. */
const capped = (yes: boolean) => (yes ? { total_capped: true as const } : {});

/** What the visibility rules need of the caller: admin, the forum's locks, the courses. */
async function viewerOf(d: Search, viewer: Viewer): Promise<IndexQuery['viewer']> {
  const admin = can(viewer, { action: 'problem.viewHidden' });
  const locks = admin ? { contest: [], policy: [] } : await d.solutions.locks(viewer);
  return {
    admin,
    contestLocked: locks.contest,
    memberOf: admin ? [] : await d.membership(viewer),
    lockedSolutions: locks.policy,
  };
}

/**
 * The hits a viewer may see now: the index's `hidden` lags a problem's change by one outbox
 * delivery, so the few hits about a problem are checked against the problems right before they
 * are shown; one that turned hidden is left out and its problem synced again.
 */
async function stillVisible(d: Search, q: IndexQuery, hits: Hit[]): Promise<Hit[]> {
  if (q.viewer.admin) return hits;
  const problemIds = hits.flatMap((h) => (h.problem_id === null ? [] : [h.problem_id]));
  const hidden = await hiddenAmong(d.db, d.hiddenProblems(), problemIds);
  if (!hidden.size) return hits;
  void sync(d, 'problem', [...hidden]).catch((err: unknown) => d.onError(err, 'search resync'));
  return hits.filter((h) => h.problem_id === null || !hidden.has(h.problem_id));
}

/**
 * The hits as records, each re-read from its source so it shows the item as it is now; a hit its
 * source no longer finds searchable is left out and synced again.
 */
async function present(d: Search, hits: Hit[], words: string[]): Promise<SearchRecord[]> {
  const terms = highlightTerms(words);
  const byKind = new Map<string, number[]>();
  for (const h of hits) byKind.set(h.kind, [...(byKind.get(h.kind) ?? []), h.doc_id]);
  const docs = new Map<string, SearchDoc>();
  for (const [kind, ids] of byKind) {
    const loaded = (await sourceOf(d, kind).load(ids)).filter((doc) => doc.searchable);
    for (const doc of loaded) docs.set(`${kind}:${doc.id}`, doc);
    const stale = ids.filter((id) => !docs.has(`${kind}:${id}`));
    // The index was behind (a lost change): this reading brings it up to date.
    if (stale.length) void sync(d, kind, stale).catch((err: unknown) => d.onError(err, 'search resync'));
  }
  const authorIds = [...docs.values()]
    .map((doc) => doc.fields.author_id)
    .filter((a) => typeof a === 'number');
  const authors = await d.briefs(authorIds);
  const out: SearchRecord[] = [];
  for (const h of hits) {
    const doc = docs.get(`${h.kind}:${h.doc_id}`);
    if (!doc) continue;
    const author = typeof doc.fields.author_id === 'number' ? authors.get(doc.fields.author_id) : undefined;
    out.push({
      kind: h.kind as SearchKind,
      id: doc.id,
      title: doc.title,
      title_html: markTerms(doc.title, terms),
      // Statements and posts are Markdown with formulas: the excerpt is their plain text.
      snippet: snippet(plainText(doc.body), terms),
      fields: author ? { ...doc.fields, author } : doc.fields,
    });
  }
  return out;
}

/** One search: a page of one kind, or (`all`) the first page of every kind with their totals. */
export async function search(d: Search, viewer: Viewer, req: SearchRequest): Promise<SearchResult> {
  const { pageNum, pageSize } = req;
  const all = req.category === 'all';
  const kinds = SEARCH_KINDS.filter((k) => d.kinds.has(k) && (all || k === req.category));
  const empty = { records: [], total: 0, pageNum, pageSize, ...(all ? { groups: [] } : {}) };
  if (!kinds.length) return empty;
  const p = parseQuery(req.keyword);
  const tagNames = req.tagsList.map((t) =>
    /^-?\d+$/.test(t) ? (algorithmTagIndex.byId(Number(t))?.tag_name ?? t) : t,
  );
  const q: IndexQuery = {
    kinds,
    terms: p.terms,
    tags: [...p.tags, ...tagNames.map(tagToken).filter(Boolean)],
    pin: { docId: p.id, exact: p.exact },
    viewer: await viewerOf(d, viewer),
  };
  if (p.user !== undefined) q.authorId = (await d.userIdByAccount(p.user)) ?? -1;
  if (req.category === 'problem') {
    q.difficulty = req.difficulty;
    q.sources = req.sourceList;
  }
  if (!all) {
    const { hits, count } = await page(d, q, pageSize, (pageNum - 1) * pageSize);
    const records = await present(d, await stillVisible(d, q, hits), p.words);
    return { records, total: count.total, ...capped(count.capped), pageNum, pageSize };
  }
  const { hits, counts } = await firstOfEach(d, q, pageSize);
  const records = await present(d, await stillVisible(d, q, hits), p.words);
  const groups = kinds.map((kind) => {
    const count = counts.get(kind) ?? { total: 0, capped: false };
    return {
      kind,
      total: count.total,
      ...capped(count.capped),
      records: records.filter((r) => r.kind === kind),
    };
  });
  const total = groups.reduce((n, g) => n + g.total, 0);
  return { records, total, ...capped(groups.some((g) => g.total_capped)), pageNum, pageSize, groups };
}
