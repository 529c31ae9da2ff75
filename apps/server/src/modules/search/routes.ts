import type { IncomingMessage } from 'node:http';
import { envelope, SearchRequest, SearchResult } from '@oj/shared';
import { ok } from '../../lib/envelope';
import type { RateLimiter } from '../../lib/rate-limit';
import type { AppModule } from '../registry';
import type { SearchService } from './service';

/** What the routes use. */
export interface SearchRouteDeps {
  search: SearchService;
  limiter: Pick<RateLimiter, 'check'>;
}

/**
 * `POST /api/search/all/vo` (SPEC §7 Key and search): open to everyone; what a caller may see is
 * decided per item by the search service (hidden problems, running contests, courses, bans).
 * The query string is accepted too, as on the search page's address.
 */
export const searchModule: AppModule<SearchRouteDeps> = {
  name: 'search',
  async routes(app, { search, limiter }) {
    // An idle server holds no word segmenter (issue 28): it is loaded once the server is in use, on
    // its first request other than a health check, in the background, before anyone searches.
    const onFirstUse = (req: IncomingMessage) => {
      if (req.url?.startsWith('/api/health')) return;
      app.server.off('request', onFirstUse);
      setImmediate(() => void search.warm().catch((err: unknown) => app.log.error(err, 'search warm-up')));
    };
    app.server.on('request', onFirstUse);
    for (const method of ['GET', 'POST'] as const) {
      app.route({
        method,
        url: '/api/search/all/vo',
        schema: {
          tags: ['search'],
          summary: '聚合搜索（题目、帖子、用户、比赛、课程；支持 tag:标签、user:账号、#编号）',
          ...(method === 'POST' ? { body: SearchRequest } : { querystring: SearchRequest }),
          response: { 200: envelope(SearchResult) },
        },
        handler: async (req) => {
          await limiter.check('search', req.ip);
          return ok(await search.search(req.viewer, (req.body ?? req.query) as SearchRequest));
        },
      });
    }
  },
};
