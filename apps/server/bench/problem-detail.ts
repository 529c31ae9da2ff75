// `npm run bench problem-detail`: the problem detail answer (GET …/search/problemId, anonymous, the
// demo A+B problem) and a visitor's first bank page (POST …/search) under load, 10 connections,
// each beside its limit in the same run: a bare Fastify answering the very same bytes. Issue 28's
// goal: at least half of bare.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { inProcessServer } from './lib/in-process-server';

const DETAIL = '/api/problem/algorithm/search/problemId?problem_id=1000';
const BANK = '/api/problem/algorithm/search';
const BANK_BODY = JSON.stringify({ pageNum: 1, pageSize: 20 });
const json = { 'content-type': 'application/json' };

async function load(url: string, post?: string) {
  const r = await autocannon({
    url,
    connections: 10,
    duration: 8,
    ...(post === undefined ? {} : { method: 'POST' as const, body: post, headers: json }),
  });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return r;
}
const line = (name: string, r: Awaited<ReturnType<typeof load>>) =>
  `${name}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`;

const { server, close } = await inProcessServer('problem-detail');
const bare = Fastify();
try {
  const detail = await (await fetch(server.url + DETAIL)).text();
  const bank = await (await fetch(server.url + BANK, { method: 'POST', body: BANK_BODY, headers: json })).text();
  bare.get(DETAIL.split('?')[0], (_req, reply) => reply.type('application/json; charset=utf-8').send(detail));
  bare.post(BANK, (_req, reply) => reply.type('application/json; charset=utf-8').send(bank));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  for (const [what, path, body, bytes] of [
    ['problem detail', DETAIL, undefined, detail],
    ["a visitor's bank page", BANK, BANK_BODY, bank],
  ] as const) {
    await load(server.url + path, body); // warm up (JIT, statement cache)
    const ours = await load(server.url + path, body);
    const limit = await load(bareUrl + path, body);
    console.log(`${what}, ${bytes.length} bytes of JSON`);
    console.log(line('  server', ours));
    console.log(line('  bare Fastify, same bytes', limit));
    console.log(
      `  server / bare: ${((100 * ours.requests.average) / limit.requests.average).toFixed(0)} % (goal ≥ 50 %)`,
    );
  }
} finally {
  await bare.close();
  await close();
}
