import { readFileSync } from 'node:fs';
import type { BankPage, CheckerInput, ImportJobBrief, Problem, SearchResult, TestCaseView } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fpsPackage, polygonDeclaring } from '../../../test/import-packages';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import { problemBody, type RoleClients, roleClients, zipOf } from '../../../test/problems';
import { TWO_NODES, twoNodeInstall } from '../../../test/two-node-install';
import { finished, jobOf, running, startImport, upload } from './import-client';
import { PNG } from './test-fixtures';

const P = '/api/problem/algorithm';

const SEED_CHECKER = readFileSync(
  new URL('../../../../../packages/seed-data/src/problems/topological-sort/checker.cpp', import.meta.url),
  'utf8',
);

async function download(ts: TestServer, c: Client, query: string) {
  const res = await fetch(`${ts.url}${P}/admin/export?${query}`, {
    headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

const fps = (items: string) =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><fps version="1.2">${items}</fps>`);
const item = (title: string, tests: number, extra = '') =>
  `<item><title>${title}</title><time_limit unit="s">1</time_limit><memory_limit unit="mb">128</memory_limit>` +
  `<description><![CDATA[<p>${title} 的题面</p>${extra}]]></description><sample_input>1</sample_input><sample_output>1</sample_output>` +
  Array.from(
    { length: tests },
    (_, i) => `<test_input>${i}</test_input><test_output>${i}</test_output>`,
  ).join('') +
  `<source>动态规划</source></item>`;

describe.each(backends())('problem import and export on $name', (backend) => {
  let ts: TestServer;
  let c: RoleClients;
  beforeAll(async () => {
    ts = await startTestServer(backend);
    c = await roleClients(ts, 'pt');
  }, 60_000);
  afterAll(() => ts?.close());

  const adminFind = async (keyword: string) =>
    (await c.admin.post<BankPage>(`${P}/search`, { keyword, pageNum: 1, pageSize: 10 })).data.records;

  it('keeps import, its jobs and export to admins', async () => {
    const body = fps(item('权限', 1));
    const mine = await upload(c.admin, fps(item('管理员的导入', 1)));
    for (const [who, client] of [
      ['anon', c.anon],
      ['user', c.user],
      ['banned', c.banned],
    ] as const) {
      // A ban ends the sessions (401) or the stale session is refused as banned (403 40301).
      const expected = { anon: [40101], user: [40300], banned: [40101, 40301] }[who];
      const calls = [
        await startImport(client, body),
        await client.get(`${P}/admin/import/jobs`),
        await client.get(`${P}/admin/import/job?job_id=${mine.job_id}`),
      ];
      expect([who, calls.map((r) => expected.includes(r.code))]).toEqual([who, [true, true, true]]);
      expect(calls.map((r) => r.data)).toEqual([null, null, null]);
      const out = await download(ts, client, 'ids=1000&format=hydro');
      expect([who, out.status >= 400]).toEqual([who, true]);
    }
    expect(await adminFind('权限')).toHaveLength(0);
  });

  it('answers a job by its number, validated, and lists the recent ones', async () => {
    const job = await upload(c.admin, fps(item('任务列表', 1)), '任务列表.xml');
    const list = await c.admin.get<ImportJobBrief[]>(`${P}/admin/import/jobs`);
    expect(list.data[0]).toMatchObject({
      job_id: job.job_id,
      status: 'done',
      file_name: '任务列表.xml',
      format: 'fps',
      total: 1,
      done: 1,
      imported_count: 1,
    });
    const bad = await c.admin.get(`${P}/admin/import/job?job_id=abc`);
    expect([bad.status, bad.message]).toEqual([400, expect.stringMatching(/导入任务编号必须是整数/)]);
    const missing = await c.admin.get(`${P}/admin/import/job?job_id=999999`);
    expect([missing.status, missing.message]).toEqual([404, '导入任务 999999 不存在']);
  });

  it('refuses a package declaring 4 000 000 tests at once, naming the field, with nothing stored', async () => {
    const before = (await c.admin.post<BankPage>(`${P}/search`, { pageNum: 1, pageSize: 1 })).data.total;
    const job = await upload(c.admin, await polygonDeclaring(4_000_000));
    expect(job).toMatchObject({
      status: 'failed',
      imported: [],
      error: {
        message: '题目「声明很多测试点」：测试点数量不能超过 200（problem.xml 的 test-count 为 4000000）',
        field: 'tests',
      },
    });
    expect(await adminFind('声明很多测试点')).toHaveLength(0);
    expect((await c.admin.post<BankPage>(`${P}/search`, { pageNum: 1, pageSize: 1 })).data.total).toBe(
      before,
    );
  });

  it('answers /api/health while an import is parsed and while it is stored; one import at a time per node', async () => {
    // Statements to convert (the parse's CPU work) and tests to store, for a 100-problem import.
    const started = await startImport(c.admin, fpsPackage(100, { htmlBytes: 20_000, tests: 5 }), 'big.xml');
    expect(started.data.status).toBe('parsing');
    // Health answers counted between two reads of the job that both say it is in the same phase.
    // A phase that held the event loop would get none, or the few before it started: converting
    // 100 statements takes the worker thread well over a second, while a read takes milliseconds.
    const seen = { parsing: 0, storing: 0 };
    let second = null;
    let job = started.data;
    while (running(job)) {
      const health = await c.anon.get<{ status: string }>('/api/health');
      const after = await jobOf(c.admin, job.job_id);
      if (health.data.status === 'ok' && after.status === job.status) seen[job.status as keyof typeof seen]++;
      if (!second && after.status === 'storing')
        second = await startImport(c.admin, fps(item('第二个导入', 1)), 'second.xml');
      job = after;
    }
    expect([second?.status, second?.message]).toEqual([409, expect.stringMatching(/已有一个导入正在进行/)]);
    expect(job).toMatchObject({ status: 'done', total: 100, done: 100 });
    expect(job.imported).toHaveLength(100);
    expect(seen.parsing).toBeGreaterThanOrEqual(20);
    expect(seen.storing).toBeGreaterThanOrEqual(1);
  });

  it('imports several problems hidden, with images stored; a problem the bank refuses is left out whole', async () => {
    const img = `<img src="/upload/pic.png">`;
    const file = fps(
      item('导入甲', 2, img).replace(
        '<source>',
        `<img><src>/upload/pic.png</src><base64>${PNG.toString('base64')}</base64></img><source>`,
      ) +
        item('导入乙', 3, 'x'.repeat(100_001)) +
        item('导入丙', 1),
    );
    const job = await upload(c.admin, file, 'problems.xml');
    expect(job).toMatchObject({ status: 'done', format: 'fps', total: 3, done: 3, error: null });
    expect(job.imported.map((p) => p.title)).toEqual(['导入甲', '导入丙']);
    expect(job.warnings.join('\n')).toMatch(/「导入乙」未导入：描述不能超过 100000 个字符/);
    expect(await adminFind('导入乙')).toHaveLength(0);

    const first = job.imported[0].problem_id;
    const anon = await c.anon.get(`${P}/search/problemId?problem_id=${first}`);
    expect(anon.status).toBe(404);
    const bank = await c.user.post<BankPage>(`${P}/search`, { keyword: '导入', pageNum: 1, pageSize: 10 });
    expect(bank.data.total).toBe(0);
    // The aggregate search indexes it (admins find it) but keeps it from everyone else.
    const found = async (who: Client) => {
      const r = await who.post<SearchResult>('/api/search/all/vo', {
        keyword: '导入甲',
        category: 'problem',
      });
      return r.data.records.map((x) => x.id);
    };
    await expect.poll(() => found(c.admin), { timeout: 10_000 }).toContain(first);
    expect(await found(c.user)).toEqual([]);
    expect(await found(c.anon)).toEqual([]);
    const admin = await c.admin.get<Problem>(`${P}/search/problemId?problem_id=${first}`);
    expect(admin.data.visible).toBe(false);
    expect(admin.data.test_case_num).toBe(2);
    expect(admin.data.tags.map((t) => t.tag_name)).toEqual(['动态规划']);
    const url = /!\[\]\((\/api\/files\/[0-9a-f]{64}\.png)\)/.exec(admin.data.description)?.[1];
    expect(url).toBeDefined();
    const picture = await fetch(`${ts.url}${url}`);
    expect(Buffer.from(await picture.arrayBuffer())).toEqual(PNG);
  });

  it('refuses zip bombs, path traversal and unknown files, creating nothing', async () => {
    const before = (await c.admin.post<BankPage>(`${P}/search`, { pageNum: 1, pageSize: 1 })).data.total;
    const bomb = await zipOf([
      ['P/problem.yaml', 'title: 炸弹'],
      ['P/testdata/1.in', Buffer.alloc(65 * 1024 * 1024)],
      ['P/testdata/1.out', '1'],
    ]);
    const big = await upload(c.admin, bomb);
    expect(big).toMatchObject({ status: 'failed', error: { message: expect.stringMatching(/超过/) } });
    const evil = Buffer.from(
      (await zipOf([['zz/problem.yaml', 'title: 越界']])).toString('latin1').split('zz/').join('../'),
      'latin1',
    );
    const trav = await upload(c.admin, evil);
    expect(trav).toMatchObject({
      status: 'failed',
      error: { message: expect.stringMatching(/不是有效的 zip 文件|路径不合法/) },
    });
    // Neither a zip nor FPS XML: refused by the upload itself, before any job.
    const junk = await startImport(c.admin, Buffer.from('plain text'), 'a.txt');
    expect([junk.status, junk.message, junk.data]).toEqual([
      400,
      expect.stringMatching(/无法识别/),
      { field: 'file' },
    ]);
    expect((await c.admin.post<BankPage>(`${P}/search`, { pageNum: 1, pageSize: 1 })).data.total).toBe(
      before,
    );
  });

  it.each(['hydro', 'fps'] as const)(
    'exports as %s and the import gives the same problem back',
    async (format) => {
      const pic = await upload(
        c.admin,
        fps(
          item('图源', 1, '<img src="/x.png">').replace(
            '<source>',
            `<img><src>/x.png</src><base64>${PNG.toString('base64')}</base64></img><source>`,
          ),
        ),
      );
      const picUrl = /\/api\/files\/[0-9a-f]{64}\.png/.exec(
        (await c.admin.get<Problem>(`${P}/search/problemId?problem_id=${pic.imported[0].problem_id}`)).data
          .description,
      )![0];
      const added = await c.admin.post<{ problem_id: number }>(
        `${P}/admin/add`,
        problemBody({
          chinese_name: `往返 ${format}`,
          description: `## 题目描述\n\n求 $a+b$，见 ![图](${picUrl})。\n\n## 输入格式\n\n两个整数。\n\n## 输出格式\n\n一个整数。`,
          tags_list: [101, 301],
          time_limit: 1500,
          memory_limit: 128,
          samples: [
            { input: '1 2\n', output: '3\n' },
            { input: '5 5\n', output: '10\n' },
          ],
          checker: { kind: 'float', tolerance: 0.001 },
        }),
      );
      const id = added.data.problem_id;
      await c.admin.post(`${P}/admin/testCase/add?problem_id=${id}`, [
        { input: '1 2\n', output: '3\n' },
        { input: '100 200\n', output: '300\n' },
      ]);
      const file = await download(ts, c.admin, `ids=${id}&format=${format}`);
      expect(file.status).toBe(200);
      expect(file.type).toMatch(format === 'hydro' ? /zip/ : /xml/);
      const res = await upload(c.admin, file.bytes, format === 'hydro' ? 'p.zip' : 'p.xml');
      expect(res.format).toBe(format);
      expect(res.imported).toHaveLength(1);
      const [a, b] = await Promise.all(
        [id, res.imported[0].problem_id].map(
          async (pid) => (await c.admin.get<Problem>(`${P}/search/problemId?problem_id=${pid}`)).data,
        ),
      );
      const keep = (p: Problem) => ({
        chinese_name: p.chinese_name,
        description: p.description,
        time_limit: p.time_limit,
        memory_limit: p.memory_limit,
        samples: p.samples,
        tags_list: p.tags_list,
        checker: p.checker,
      });
      expect(keep(b)).toEqual(keep(a));
      expect(b.visible).toBe(false);
      const tests = async (pid: number) =>
        (await c.admin.post<TestCaseView[]>(`${P}/admin/testCase/get?problem_id=${pid}`)).data.map((t) => [
          t.input_sha256,
          t.output_sha256,
        ]);
      expect(await tests(b.problem_id)).toEqual(await tests(id));
    },
  );

  // Issue 24: seed problem 1009's checker (testlib protocol, no testlib.h) lost its special judge.
  it.each([
    [
      'testlib without testlib.h, with a file',
      { kind: 'special', source: SEED_CHECKER, files: [{ name: 'extra.h', content: '// x\n' }] },
    ],
    ['a Kattis validator', { kind: 'special', source: 'int main() { return 42; }\n', protocol: 'kattis' }],
  ] as const)(
    'keeps a special checker (%s) through our HydroOJ export and import',
    async (_name, checker) => {
      const added = await c.admin.post<{ problem_id: number }>(
        `${P}/admin/add`,
        problemBody({
          chinese_name: '特判往返',
          checker: JSON.parse(JSON.stringify(checker)) as CheckerInput,
        }),
      );
      const id = added.data.problem_id;
      await c.admin.post(`${P}/admin/testCase/add?problem_id=${id}`, [{ input: '1\n', output: '1\n' }]);
      const file = await download(ts, c.admin, `ids=${id}&format=hydro`);
      const job = await upload(c.admin, file.bytes);
      expect([job.format, job.warnings]).toEqual(['hydro', []]);
      const checkerOf = async (pid: number) =>
        (await c.admin.get<Problem>(`${P}/search/problemId?problem_id=${pid}`)).data.checker;
      expect(await checkerOf(job.imported[0].problem_id)).toEqual(await checkerOf(id));
      expect((await checkerOf(id)).source).toBe(checker.source);
    },
  );

  it('exports a selection in one file and refuses unknown ids and formats', async () => {
    const two = await download(ts, c.admin, 'ids=1000,1001&format=hydro');
    expect(two.status).toBe(200);
    const back = await upload(c.admin, two.bytes);
    expect(back.imported).toHaveLength(2);
    const missing = await c.admin.get(`${P}/admin/export?ids=999999&format=fps`);
    expect(missing.status).toBe(404);
    const bad = await c.admin.get(`${P}/admin/export?ids=1000&format=pdf`);
    expect([bad.status, bad.message]).toEqual([400, expect.stringMatching(/导出格式/)]);
  });
});

/**
 * Two nodes of one install (PostgreSQL + Redis): an import runs on the node that took the upload;
 * the other follows it through the shared table and runs its own import meanwhile.
 */
describe.skipIf(!TWO_NODES)('problem import across two server nodes', () => {
  const nodes = twoNodeInstall();

  it('a job started on node A is followed on node B, which imports at the same time', async () => {
    const { a, b } = nodes;
    const onA = await a.login(a.admin.account, a.admin.password);
    const onB = onA.on(b.url);
    const started = await startImport(onA, fpsPackage(100, { htmlBytes: 10_000, title: '甲节点' }), 'a.xml');
    expect(started.data.status).toBe('parsing');
    // Node B has no import of its own running: it takes one while A's goes on.
    const other = await startImport(onB, fpsPackage(2, { title: '乙节点' }), 'b.xml');
    expect(other.code).toBe(0);
    const fromB = await finished(onB, started.data.job_id);
    expect(fromB).toMatchObject({ status: 'done', total: 100, done: 100, file_name: 'a.xml' });
    expect(await finished(onA, other.data.job_id)).toMatchObject({ status: 'done', total: 2 });
    const list = await onB.get<ImportJobBrief[]>(`${P}/admin/import/jobs`);
    expect(list.data.map((j) => j.file_name).sort()).toEqual(['a.xml', 'b.xml']);
  });
});
