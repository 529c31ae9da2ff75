// A reverse proxy for the multi-node benchmarks (in lib/, so the bench runner does not run it alone):
// round robin over the web nodes that answer, as nginx's upstream does with `proxy_next_upstream
// error`: a request whose connection is refused goes to the next node; one already sent is not
// repeated (a POST might have been applied). Streams (SSE) pass through unbuffered.
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BenchProxy {
  url: string;
  /** Upstream base URLs (http://127.0.0.1:port); replace an entry when a node restarts. */
  upstreams: string[];
  /** Answers the proxy could give no node for (every node refused the connection). */
  failed: number;
  close(): Promise<void>;
}

/**
 * `forwardedFor(req)` names the client (X-Forwarded-For), so per-address rate limits see many
 * users behind the one proxy, as a site behind nginx does.
 */
export async function startProxy(
  upstreams: string[],
  forwardedFor: (req: IncomingMessage) => string,
): Promise<BenchProxy> {
  let next = 0;
  const state: BenchProxy = { url: '', upstreams, failed: 0, close: async () => undefined };
  const pass = (req: IncomingMessage, res: ServerResponse, body: Buffer, tries: number) => {
    const base = state.upstreams[next++ % state.upstreams.length];
    const target = new URL(req.url ?? '/', base);
    const upstream = request(
      target,
      {
        method: req.method,
        headers: { ...req.headers, host: target.host, 'x-forwarded-for': forwardedFor(req) },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNREFUSED' && tries + 1 < state.upstreams.length * 2)
        return pass(req, res, body, tries + 1);
      if (err.code === 'ECONNREFUSED') state.failed++;
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    res.on('close', () => upstream.destroy());
    upstream.end(body);
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => pass(req, res, Buffer.concat(chunks), 0));
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return state;
}
