// `npm run bench bank`: the bank search API under load (autocannon, 10 connections): plain first
// page, keyword + tag + difficulty filters, and logged in (my status per row), on 1 010 problems.
import autocannon from 'autocannon';
import { ALGORITHM_TAGS } from '@oj/shared';
import { startBenchServer } from './lib/bank-server';

const server = await startBenchServer();
try {
  const t0 = performance.now();
  for (let i = 0; i < 1000; i++) {
    const tags = [
      ALGORITHM_TAGS[i % ALGORITHM_TAGS.length].tag_id,
      ALGORITHM_TAGS[(i * 7) % ALGORITHM_TAGS.length].tag_id,
    ];
    const res = await server.post('/api/problem/algorithm/admin/add', {
      chinese_name: `练习题 ${i}`,
      english_name: `Exercise ${i}`,
      description: `第 ${i} 题。`,
      difficulty: i % 4,
      tags_list: tags,
      source_name: ['own', 'luogu', 'codeforces'][i % 3],
      time_limit: 1000,
      memory_limit: 256,
    });
    if (res.code !== 0) throw new Error(res.message);
  }
  console.log(`added 1000 problems through the API in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  async function run(title: string, body: object, headers: Record<string, string> = {}) {
    const res = await autocannon({
      url: `${server.url}/api/problem/algorithm/search`,
      method: 'POST',
      connections: 10,
      duration: 6,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    if (res.non2xx || res.errors) throw new Error(`${title}: ${res.non2xx} non-2xx, ${res.errors} errors`);
    console.log(
      `POST search ${title}: ${Math.round(res.requests.average)} req/s, p50 ${res.latency.p50} ms, p99 ${res.latency.p99} ms`,
    );
  }
  await run('first page, anonymous', { pageNum: 1, pageSize: 10 });
  await run('page 50, anonymous', { pageNum: 50, pageSize: 20 });
  await run('keyword + tag + difficulty', { keyword: '练习', tags_list: [101], difficulty: 0 });
  await run('first page, logged in (my status)', { pageNum: 1, pageSize: 10 }, { cookie: server.cookie });
} finally {
  await server.stop();
}
