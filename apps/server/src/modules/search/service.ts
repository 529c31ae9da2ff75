import {
  algorithmTagIndex,
  SEARCH_KINDS,
  type SearchKind,
  type SearchRecord,
  type SearchRequest,
  type SearchResult,
} from '@oj/shared';
import type { Expression, Kysely } from 'kysely';
import type { DialectName } from '../../db/kysely';
import type { Database } from '../../db/types';
import type { Viewer } from '../../lib/auth';
import type { Outbox } from '../../lib/outbox';
import { can } from '../../lib/permissions';
import type { SolutionGate } from '../forum';
import type { SearchDoc, SearchSource } from './deps';
import { rebuildKind, syncIds } from './indexing';
import { highlightTerms, markTerms, snippet } from './present';
import { parseQuery, tagToken } from './query';
import { type Hit, SearchStore, type StoreQuery } from './store';

/** What the search uses, handed over by the composition root. */
export interface SearchDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  outbox: Pick<Outbox, 'consume'>;
  /** problems.hiddenIds(): the hidden problems' ids as a subquery. */
  hiddenProblems: () => Expression<unknown>;
  /** The forum's gate of solution material: what a running contest or a policy keeps from a viewer. */
  solutions: SolutionGate;
  /** users.byAccount(account)?.id, for `user:alice`. */
  userIdByAccount: (account: string) => Promise<number | undefined>;
  /** users.briefs(ids): authors' names on records. */
  briefs: (ids: number[]) => Promise<Map<number, unknown>>;
  onError: (err: unknown, what: string) => void;
  /**
   * The kinds that are searchable, each read from its owner (sources.ts): each also makes the
   * search the consumer of the outbox topic of its name.
   */
  sources: Partial<Record<SearchKind, SearchSource>>;
  /** Which courses' members-only content a viewer may see (the courses module). */
  membership: (viewer: Viewer) => Promise<number[]>;
}

/**
 * The aggregate search (issue 14): the kinds of `deps.sources`, each the consumer of the outbox
 * topic of its name; results are read from the index and then re-read from their source, so
 * records always show the item as it is now.
 */
export function createSearchService(deps: SearchDeps) {
  const store = new SearchStore(deps.db, deps.dialect);
  const sources = new Map<string, SearchSource>(Object.entries(deps.sources));
  const { membership } = deps;

  const sourceOf = (kind: string) => {
    const s = sources.get(kind);
    if (!s) throw new Error(`search kind ${kind} has no source`);
    return s;
  };
  const sync = (kind: string, ids: number[]) => syncIds(store, kind, sourceOf(kind), ids);
  // Each kind's outbox topic keeps its items in sync.
  for (const kind of sources.keys())
    deps.outbox.consume(kind, (items) =>
      sync(
        kind,
        items.map((i) => Number(i.key)).filter((n) => Number.isInteger(n)),
      ),
    );

  async function viewerOf(viewer: Viewer): Promise<StoreQuery['viewer']> {
    const admin = can(viewer, { action: 'problem.viewHidden' });
    const locks = admin ? { contest: [], policy: [] } : await deps.solutions.locks(viewer);
    return {
      admin,
      contestLocked: locks.contest,
      memberOf: admin ? [] : await membership(viewer),
      lockedSolutions: locks.policy,
      hiddenProblems: deps.hiddenProblems(),
    };
  }

  async function present(hits: Hit[], words: string[]): Promise<SearchRecord[]> {
    const terms = highlightTerms(words);
    const byKind = new Map<string, number[]>();
    for (const h of hits) byKind.set(h.kind, [...(byKind.get(h.kind) ?? []), h.doc_id]);
    const docs = new Map<string, SearchDoc>();
    for (const [kind, ids] of byKind) {
      const loaded = (await sourceOf(kind).load(ids)).filter((d) => d.searchable);
      for (const d of loaded) docs.set(`${kind}:${d.id}`, d);
      const stale = ids.filter((id) => !docs.has(`${kind}:${id}`));
      // The index was behind (a lost change): this reading brings it up to date.
      if (stale.length) void sync(kind, stale).catch((err: unknown) => deps.onError(err, 'search resync'));
    }
    const authorIds = [...docs.values()].map((d) => d.fields.author_id).filter((a) => typeof a === 'number');
    const authors = await deps.briefs(authorIds);
    const out: SearchRecord[] = [];
    for (const h of hits) {
      const d = docs.get(`${h.kind}:${h.doc_id}`);
      if (!d) continue;
      const author = typeof d.fields.author_id === 'number' ? authors.get(d.fields.author_id) : undefined;
      out.push({
        kind: h.kind as SearchKind,
        id: d.id,
        title: d.title,
        title_html: markTerms(d.title, terms),
        snippet: snippet(d.body, terms),
        fields: author ? { ...d.fields, author } : d.fields,
      });
    }
    return out;
  }

  async function search(viewer: Viewer, req: SearchRequest): Promise<SearchResult> {
    const { pageNum, pageSize } = req;
    const all = req.category === 'all';
    const kinds = SEARCH_KINDS.filter((k) => sources.has(k) && (all || k === req.category));
    const empty = { records: [], total: 0, pageNum, pageSize, ...(all ? { groups: [] } : {}) };
    if (!kinds.length) return empty;
    const p = parseQuery(req.keyword);
    const tagNames = req.tagsList.map((t) =>
      /^-?\d+$/.test(t) ? (algorithmTagIndex.byId(Number(t))?.tag_name ?? t) : t,
    );
    const q: StoreQuery = {
      kinds,
      terms: p.terms,
      tags: [...p.tags, ...tagNames.map(tagToken).filter(Boolean)],
      pin: { docId: p.id, exact: p.exact },
      viewer: await viewerOf(viewer),
    };
    if (p.user !== undefined) q.authorId = (await deps.userIdByAccount(p.user)) ?? -1;
    if (req.category === 'problem') {
      q.difficulty = req.difficulty;
      q.sources = req.sourceList;
    }
    if (!all) {
      const { hits, total } = await store.page(q, pageSize, (pageNum - 1) * pageSize);
      return { records: await present(hits, p.words), total, pageNum, pageSize };
    }
    const { hits, totals } = await store.firstOfEach(q, pageSize);
    const records = await present(hits, p.words);
    const groups = kinds.map((kind) => ({
      kind,
      total: totals.get(kind) ?? 0,
      records: records.filter((r) => r.kind === kind),
    }));
    const total = groups.reduce((n, g) => n + g.total, 0);
    return { records, total, pageNum, pageSize, groups };
  }

  return {
    store,
    kinds: () => [...sources.keys()],
    /** Re-reads some items of a kind now (tests, repair). */
    sync,
    /** Rebuilds the index of every kind (or some): `npm run search:reindex`. */
    async reindex(only?: string[]): Promise<Record<string, number>> {
      const out: Record<string, number> = {};
      for (const [kind, source] of sources)
        if (!only || only.includes(kind)) out[kind] = await rebuildKind(store, kind, source);
      return out;
    },
    /** Builds the index when it is empty (the first start after the search was installed). */
    async ensureBuilt(): Promise<void> {
      const any = await deps.db.selectFrom('search_docs').select('id').limit(1).executeTakeFirst();
      if (!any) await this.reindex();
    },
    search,
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
