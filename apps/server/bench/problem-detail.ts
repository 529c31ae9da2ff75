// `npm run bench problem-detail`: the problem detail answer (GET …/search/problemId, anonymous, the
// demo A+B problem) under load, 10 connections, beside its limit in the same run: a bare Fastify
// answering the very same bytes. Issue 28's goal: at least half of bare.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { inProcessServer } from './lib/in-process-server';

const PATH = '/api/problem/algorithm/search/problemId?problem_id=1000';

async function load(url: string) {
  const r = await autocannon({ url, connections: 10, duration: 8 });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return r;
}
const line = (name: string, r: Awaited<ReturnType<typeof load>>) =>
  `${name}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`;

const { server, close } = await inProcessServer('problem-detail');
const bare = Fastify();
try {
  const body = await (await fetch(server.url + PATH)).text();
  bare.get('/api/problem/algorithm/search/problemId', (_req, reply) =>
    reply.type('application/json; charset=utf-8').send(body),
  );
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  await load(server.url + PATH); // warm up (JIT, statement cache)
  const ours = await load(server.url + PATH);
  const limit = await load(bareUrl + PATH);
  console.log(`problem detail, ${body.length} bytes of JSON`);
  console.log(line('  server', ours));
  console.log(line('  bare Fastify, same bytes', limit));
  console.log(
    `  server / bare: ${((100 * ours.requests.average) / limit.requests.average).toFixed(0)} % (goal ≥ 50 %)`,
  );
} finally {
  await bare.close();
  await close();
}
