import type { SearchRequest } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { warmAnalyzer } from './analyze';
import type { Search, SearchDeps, SearchSource } from './deps';
import * as indexing from './indexing';
import { nameMatchIds, sizeBytes } from './repo';
import { parseQuery } from './query';
import * as searching from './searching';

/**
 * The aggregate search (issue 14): the kinds of `deps.sources`, each the consumer of the outbox
 * topic of its name (indexing.ts); results are read from the index and then re-read from their
 * source, so records always show the item as it is now (searching.ts). The index's SQL is in repo.ts.
 */
export function createSearchService(deps: SearchDeps) {
  const d: Search = { ...deps, kinds: new Map<string, SearchSource>(Object.entries(deps.sources)) };
  indexing.consumeTopics(d);
  return {
    kinds: () => [...d.kinds.keys()],
    /** Re-reads some items of a kind now (tests, repair). */
    sync: (kind: string, ids: number[]) => indexing.sync(d, kind, ids),
    /** Rebuilds the index of every kind (or some): `npm run search:reindex`. */
    reindex: (only?: string[]) => indexing.reindex(d, only),
    /** Builds the index when it is empty (the first start after the search was installed). */
    ensureBuilt: () => indexing.ensureBuilt(d),
    /** Index size in bytes (bench). */
    sizeBytes: () => sizeBytes(d.db, d.dialect),
    search: (viewer: Viewer, req: SearchRequest) => searching.search(d, viewer, req),
    /** Loads the word segmenter ahead of the first search (routes.ts: once the server is in use). */
    warm: () => warmAnalyzer(),
    /**
     * The problems whose title or tags match a keyword as the top search reads it (pinyin, tag
     * aliases): the bank's keyword (issue 29). Visibility is the bank's own filter.
     */
    problemIds: (keyword: string, limit = 2000) =>
      nameMatchIds(d.db, d.dialect, 'problem', parseQuery(keyword).terms, limit),
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
