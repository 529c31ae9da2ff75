import type { BankPage, ImportResult, Problem, SearchResult, TestCaseView } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import { problemBody, type RoleClients, roleClients, zipOf } from '../../../test/problems';
import { PNG } from './test-fixtures';

const P = '/api/problem/algorithm';

function upload(c: Client, bytes: Buffer, name = 'package.zip') {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bytes)]), name);
  return c.request<ImportResult>('POST', `${P}/admin/import`, { body: fd });
}

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

  it('keeps import and export to admins', async () => {
    const body = fps(item('权限', 1));
    for (const [who, client] of [
      ['anon', c.anon],
      ['user', c.user],
      ['banned', c.banned],
    ] as const) {
      const res = await upload(client, body);
      // A ban ends the sessions (401) or the stale session is refused as banned (403 40301).
      const expected = { anon: [40101], user: [40300], banned: [40101, 40301] }[who];
      expect([who, expected.includes(res.code)]).toEqual([who, true]);
      const out = await download(ts, client, 'ids=1000&format=hydro');
      expect([who, out.status >= 400]).toEqual([who, true]);
    }
    expect(await adminFind('权限')).toHaveLength(0);
  });

  it('imports several problems hidden, with images stored; a broken problem leaves nothing behind', async () => {
    const img = `<img src="/upload/pic.png">`;
    const file = fps(
      item('导入甲', 2, img).replace(
        '<source>',
        `<img><src>/upload/pic.png</src><base64>${PNG.toString('base64')}</base64></img><source>`,
      ) +
        item('导入乙', 201) +
        item('导入丙', 1),
    );
    const res = await upload(c.admin, file, 'problems.xml');
    expect(res.code).toBe(0);
    expect(res.data.format).toBe('fps');
    expect(res.data.imported).toHaveLength(2);
    expect(res.data.warnings.join('\n')).toMatch(/「导入乙」未导入：测试数据最多 200 组/);
    expect(await adminFind('导入乙')).toHaveLength(0);

    const [first] = res.data.imported;
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
    expect([big.status, big.message]).toEqual([413, expect.stringMatching(/超过/)]);
    const evil = Buffer.from(
      (await zipOf([['zz/problem.yaml', 'title: 越界']])).toString('latin1').split('zz/').join('../'),
      'latin1',
    );
    const trav = await upload(c.admin, evil);
    expect(trav.status).toBe(400);
    const junk = await upload(c.admin, Buffer.from('plain text'), 'a.txt');
    expect([junk.status, junk.message]).toEqual([400, expect.stringMatching(/无法识别/)]);
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
        (await c.admin.get<Problem>(`${P}/search/problemId?problem_id=${pic.data.imported[0]}`)).data
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
      expect(res.data.format).toBe(format);
      expect(res.data.imported).toHaveLength(1);
      const [a, b] = await Promise.all(
        [id, res.data.imported[0]].map(
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

  it('exports a selection in one file and refuses unknown ids and formats', async () => {
    const two = await download(ts, c.admin, 'ids=1000,1001&format=hydro');
    expect(two.status).toBe(200);
    const back = await upload(c.admin, two.bytes);
    expect(back.data.imported).toHaveLength(2);
    const missing = await c.admin.get(`${P}/admin/export?ids=999999&format=fps`);
    expect(missing.status).toBe(404);
    const bad = await c.admin.get(`${P}/admin/export?ids=1000&format=pdf`);
    expect([bad.status, bad.message]).toEqual([400, expect.stringMatching(/导出格式/)]);
  });
});
