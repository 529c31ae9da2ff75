import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { ErrorCode } from '@oj/shared';
import type { Config } from '../../lib/config';
import type { ProblemsService } from '../problems';
import type { AppModule } from '../registry';
import { FirstPaints } from './first-paints';

/** What the routes use: where the built sites are, and the problems a first paint shows. */
export interface SitesRouteDeps {
  config: Pick<Config, 'webDistDir'>;
  problems: Pick<ProblemsService, 'cachedDetail'>;
}

const NOT_BUILT = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>站点尚未构建</title></head>
<body style="font-family:sans-serif;max-width:40em;margin:4em auto;line-height:1.6">
<h1>站点尚未构建</h1><p>网站前端还没有构建（找不到 <code>apps/web/dist</code>）。运行 <code>npm start</code> 会自动构建；
API 仍然可以使用，文档见 <a href="/api/docs">/api/docs</a>。</p></body></html>`;

/**
 * The two sites: real files as they are (hashed assets cached forever), `/admin` and `/admin/*`
 * → the management site's index.html, any other non-API path → the user site's index.html so the
 * SPA routes (including /404) work on reload. Unknown `/api/*` paths answer a 404 envelope.
 */
export const sitesModule: AppModule<SitesRouteDeps> = {
  name: 'sites',
  async routes(app, { config, problems }) {
    const dist = config.webDistDir;
    const built = existsSync(join(dist, 'index.html'));
    // An entry page is revalidated on each visit (a 304 while the build is the same).
    const sendPage = (reply: FastifyReply, page: string) =>
      reply.header('Cache-Control', 'no-cache').sendFile(page, dist);
    if (built) {
      // Every other real file (favicon) and the entry pages (`sendPage`): revalidated on each use.
      await app.register(fastifyStatic, {
        root: dist,
        wildcard: true,
        index: false,
        preCompressed: true,
        cacheControl: false,
        setHeaders(reply) {
          reply.header('Cache-Control', 'no-cache');
        },
      });
      // The hashed assets: cached for good, so they need no validators (ETag, Last-Modified) and no
      // ranges; over HTTP/1.1 those ~100 bytes of headers went with each of a page's 10–25 files.
      await app.register(fastifyStatic, {
        root: join(dist, 'assets'),
        prefix: '/assets/',
        index: false,
        decorateReply: false,
        // `vite build` writes each asset's .br and .gz beside it (apps/web/precompress.ts): the
        // file the browser accepts is sent as it is, with no compression work per request.
        preCompressed: true,
        cacheControl: false,
        etag: false,
        lastModified: false,
        acceptRanges: false,
        setHeaders(reply) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        },
      });
    }
    if (built) {
      // Directory paths are not files: answer the entry pages directly.
      app.get('/', { schema: { hide: true } }, (_req, reply) => sendPage(reply, 'index.html'));
      // A problem page comes with its statement in the HTML (first-paints.ts).
      const firstPaints = new FirstPaints(dist, problems);
      app.get<{ Params: { problemId: string } }>(
        '/problems/algorithm/:problemId',
        { schema: { hide: true } },
        async (req, reply) => {
          const html = await firstPaints.problemPage(req.viewer, req.params.problemId);
          if (html === null) return sendPage(reply, 'index.html');
          // The viewer's own answer is in it (their status): no shared cache may keep it.
          return reply
            .header('Cache-Control', 'private, no-cache')
            .header('Vary', 'Cookie')
            .type('text/html; charset=utf-8')
            .send(html);
        },
      );
      // The markdown tool comes with its welcome document's preview (public text, the same for all).
      app.get('/markdown', { schema: { hide: true } }, async (_req, reply) => {
        const html = await firstPaints.markdownPage();
        if (html === null) return sendPage(reply, 'index.html');
        return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
      });
      for (const url of ['/admin', '/admin/']) {
        app.get(url, { schema: { hide: true } }, (_req, reply) => sendPage(reply, 'admin/index.html'));
      }
    }
    app.setNotFoundHandler(async (req, reply) => {
      const path = req.url.split('?')[0];
      if (path.startsWith('/api/') || path === '/api' || (req.method !== 'GET' && req.method !== 'HEAD')) {
        return reply
          .status(404)
          .send({ code: ErrorCode.NotFound, message: `接口 ${req.method} ${path} 不存在`, data: null });
      }
      if (!built) return reply.status(503).type('text/html; charset=utf-8').send(NOT_BUILT);
      return sendPage(
        reply,
        path === '/admin' || path.startsWith('/admin/') ? 'admin/index.html' : 'index.html',
      );
    });
  },
};
