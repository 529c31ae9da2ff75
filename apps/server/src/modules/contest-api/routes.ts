import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Viewer } from '../../lib/auth';
import { AppError, notFound } from '../../lib/errors';
import type { App, AppModule } from '../registry';
import { COLLECTIONS, type Collection } from './endpoints';
import type { ContestApiService } from './service';

/** What the routes use. */
export interface ContestApiRouteDeps {
  contestApi: ContestApiService;
  /** Live streams of this node: ended when the server shuts down. */
  openStreams: Set<() => void>;
}

/** The base URL to give ICPC tools: `https://<site>/api/ccs` (docs/contest-api.md). */
export const CCS_BASE = '/api/ccs';

/**
 * The ICPC Contest API's routes. They answer the specification's plain JSON (not our envelope), so
 * they stay out of our OpenAPI document; errors carry the HTTP status as `code`, as it asks, with a
 * Chinese message. Everything is GET but the token an admin creates for tools.
 */
export const contestApiModule: AppModule<ContestApiRouteDeps> = {
  name: 'contest-api',
  async routes(app, d) {
    registerReads(app, d);
    registerFeedAndFiles(app, d);
  },
};

const ContestParams = z.object({ cid: z.string().max(40) });
const ItemParams = ContestParams.extend({ collection: z.string().max(40), item: z.string().max(80) });
const CollectionParams = ContestParams.extend({ collection: z.string().max(40) });
const TokenBody = z
  .object({
    days: z.coerce
      .number({ error: '有效天数必须是整数' })
      .int('有效天数必须是整数')
      .min(1, '有效天数至少为 1')
      .max(366, '有效天数不能超过 366')
      .default(30),
  })
  .default({ days: 30 });

const hidden = { hide: true } as const;

/** A contest id of the path: ours are positive integers, anything else is no contest. */
function contestId(raw: string): number {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound(`比赛 ${raw} 不存在`);
  return id;
}

function collectionOf(raw: string): Collection {
  if (!(COLLECTIONS as readonly string[]).includes(raw)) throw notFound(`没有 ${raw} 这个接口`);
  return raw as Collection;
}

/** Answers `fn`'s value as JSON, or its error as the specification's `{code: <HTTP status>, message}`. */
async function answer(reply: FastifyReply, fn: () => Promise<unknown>): Promise<void> {
  reply.header('access-control-allow-origin', '*');
  try {
    const value = await fn();
    reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(value));
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.status === 401)
      reply.header('www-authenticate', 'Basic realm="ICPC Contest API", charset="UTF-8"');
    reply
      .status(err.status)
      .send({ code: err.status, message: err.message, data: err.field ? { field: err.field } : null });
  }
}

function registerReads(app: App, d: ContestApiRouteDeps): void {
  const api = d.contestApi;
  const viewer = (req: FastifyRequest): Promise<Viewer> => api.viewerOf(req);
  app.get(CCS_BASE, { schema: hidden }, (_req, reply) => answer(reply, async () => api.api()));
  app.get(`${CCS_BASE}/contests`, { schema: hidden }, (req, reply) =>
    answer(reply, async () => (await viewer(req), api.contests())),
  );
  app.get(`${CCS_BASE}/contests/:cid`, { schema: { ...hidden, params: ContestParams } }, (req, reply) =>
    answer(reply, async () => (await viewer(req), api.contest(contestId(req.params.cid)))),
  );
  app.get(`${CCS_BASE}/contests/:cid/state`, { schema: { ...hidden, params: ContestParams } }, (req, reply) =>
    answer(reply, async () => (await viewer(req), api.state(contestId(req.params.cid)))),
  );
  app.get(
    `${CCS_BASE}/contests/:cid/access`,
    { schema: { ...hidden, params: ContestParams } },
    (req, reply) => answer(reply, async () => api.access(await viewer(req), contestId(req.params.cid))),
  );
  app.get(
    `${CCS_BASE}/contests/:cid/scoreboard`,
    { schema: { ...hidden, params: ContestParams } },
    (req, reply) => answer(reply, async () => api.scoreboard(await viewer(req), contestId(req.params.cid))),
  );
  app.get(
    `${CCS_BASE}/contests/:cid/account`,
    { schema: { ...hidden, params: ContestParams } },
    (req, reply) => answer(reply, async () => api.account(await viewer(req), contestId(req.params.cid))),
  );
  app.get(
    `${CCS_BASE}/contests/:cid/:collection`,
    { schema: { ...hidden, params: CollectionParams } },
    (req, reply) =>
      answer(reply, async () =>
        api.collection(
          await viewer(req),
          contestId(req.params.cid),
          collectionOf(req.params.collection),
          req.query as Record<string, string>,
        ),
      ),
  );
  app.get(
    `${CCS_BASE}/contests/:cid/:collection/:item`,
    { schema: { ...hidden, params: ItemParams } },
    (req, reply) =>
      answer(reply, async () =>
        api.item(
          await viewer(req),
          contestId(req.params.cid),
          collectionOf(req.params.collection),
          req.params.item,
        ),
      ),
  );
  app.post(`${CCS_BASE}/tokens`, { schema: { ...hidden, body: TokenBody } }, (req, reply) =>
    answer(reply, async () => api.createToken(await viewer(req), req.body.days)),
  );
}

function registerFeedAndFiles(app: App, d: ContestApiRouteDeps): void {
  const api = d.contestApi;
  app.get(
    `${CCS_BASE}/contests/:cid/event-feed`,
    {
      schema: {
        ...hidden,
        params: ContestParams,
        querystring: z.object({ since_token: z.string().max(80).optional() }),
      },
    },
    async (req, reply) => {
      let started = false;
      let close = () => {};
      const sink = {
        write(text: string) {
          if (!started) {
            started = true;
            reply.hijack();
            reply.raw.writeHead(200, {
              'content-type': 'application/x-ndjson; charset=utf-8',
              'cache-control': 'no-cache, no-transform',
              'access-control-allow-origin': '*',
              'x-accel-buffering': 'no',
            });
          }
          if (!reply.raw.writableEnded) reply.raw.write(text);
        },
        end: () => close(),
      };
      try {
        const viewer = await api.viewerOf(req);
        const session = await api.feed(viewer, contestId(req.params.cid), req.query.since_token, sink);
        close = () => {
          session.close();
          d.openStreams.delete(close);
          if (!reply.raw.writableEnded) reply.raw.end();
        };
        d.openStreams.add(close);
        req.raw.on('close', close);
        if (!started) sink.write('');
      } catch (err) {
        // Refused before anything was sent: an ordinary error answer.
        if (!started) return answer(reply, () => Promise.reject(err));
        close();
      }
    },
  );
  app.get(
    `${CCS_BASE}/contests/:cid/submissions/:sid/files`,
    { schema: { ...hidden, params: ContestParams.extend({ sid: z.string().max(20) }) } },
    async (req, reply) => {
      try {
        const sid = /^\d{1,12}$/.test(req.params.sid) ? Number(req.params.sid) : -1;
        const body = await api.files(await api.viewerOf(req), contestId(req.params.cid), sid);
        return reply.header('content-type', 'application/zip').send(body);
      } catch (err) {
        return answer(reply, () => Promise.reject(err));
      }
    },
  );
  app.get(
    `${CCS_BASE}/contests/:cid/package`,
    { schema: { ...hidden, params: ContestParams } },
    async (req, reply) => {
      try {
        const { name, body } = await api.package(await api.viewerOf(req), contestId(req.params.cid));
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${name}.zip"`)
          .send(body);
      } catch (err) {
        return answer(reply, () => Promise.reject(err));
      }
    },
  );
}
