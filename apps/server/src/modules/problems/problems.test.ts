import { createHash } from 'node:crypto';
import { ALGORITHM_TAGS, type BankPage, type Problem, type TestCaseView } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import { problemBody, type RoleClients, roleClients, uploadZip, zipOf } from '../../../test/problems';
import { readTestZip } from './zip';

const P = '/api/problem/algorithm';
const JUDGE_TOKEN = 'judge-token-for-tests';

describe.each(backends())('problem bank API on $name', (backend) => {
  let ts: TestServer;
  let c: RoleClients;
  beforeAll(async () => {
    ts = await startTestServer(backend, {
      configure: (config) => {
        config.judgeToken = JUDGE_TOKEN;
      },
    });
    c = await roleClients(ts, 'pb');
  }, 60_000);
  afterAll(() => ts?.close());

  it('keeps every admin call to admins (anonymous 401, user 403, banned refused)', async () => {
    const zip = await zipOf([
      ['1.in', '1 2\n'],
      ['1.out', '3\n'],
    ]);
    const calls: [string, (x: Client) => ReturnType<Client['post']>][] = [
      ['add', (x) => x.post(`${P}/admin/add`, problemBody())],
      ['modify', (x) => x.post(`${P}/admin/modify`, { ...problemBody(), problem_id: 1000 })],
      ['delete', (x) => x.post(`${P}/admin/delete?problem_id=1009`)],
      [
        'testCase/add',
        (x) => x.post(`${P}/admin/testCase/add?problem_id=1000`, [{ input: '1', output: '1' }]),
      ],
      ['testCase/get', (x) => x.post(`${P}/admin/testCase/get?problem_id=1000`)],
      ['testCaseFile/add', (x) => uploadZip(x, 1000, zip)],
      ['testCaseFile/get', (x) => x.post(`${P}/admin/testCaseFile/get?problem_id=1000`)],
      ['set/daily', (x) => x.post(`${P}/set/daily?problem_id=1000`)],
      ['rejudge', (x) => x.post(`${P}/admin/rejudge?problem_id=1000`)],
    ];
    for (const [name, call] of calls) {
      const anon = await call(c.anon);
      expect([name, anon.status, anon.code]).toEqual([name, 401, 40101]);
      const user = await call(c.user);
      expect([name, user.status, user.code]).toEqual([name, 403, 40300]);
      // A ban ends the sessions (401) or the stale session is refused as banned (403 40301).
      const banned = await call(c.banned);
      expect([name, banned.code === 40301 || banned.code === 40101]).toEqual([name, true]);
    }
    // nothing changed: A+B still has its ten seeded tests
    const tests = await c.admin.post<TestCaseView[]>(`${P}/admin/testCase/get?problem_id=1000`);
    expect(tests.data).toHaveLength(10);
  });

  it('creates, reads, modifies, hides and deletes a problem; validation names the field', async () => {
    const bad = [
      [{ difficulty: 5 }, /^难度/],
      [{ tags_list: [424242] }, /^标签 424242 不存在/],
      [{ source_name: 'atcoder' }, /^来源/],
      [{ time_limit: 50 }, /^时间限制不能小于 100/],
      [{ memory_limit: 4096 }, /^内存限制/],
      [{ chinese_name: '  ' }, /^中文题目名不能为空/],
      [{ checker: { kind: 'float', tolerance: -1 } }, /^误差必须为正数/],
    ] as const;
    for (const [over, message] of bad) {
      const res = await c.admin.post(`${P}/admin/add`, problemBody(over as never));
      expect(res.status).toBe(400);
      expect(res.message).toMatch(message);
    }
    const added = await c.admin.post<{ problem_id: number }>(
      `${P}/admin/add?status=1&username=boss`,
      problemBody({ tags_list: [101, 103], checker: { kind: 'float', tolerance: 0.001 } }),
    );
    expect(added.code).toBe(0);
    const id = added.data.problem_id;
    expect(id).toBeGreaterThanOrEqual(1010);
    const dup = await c.admin.post(`${P}/admin/add`, problemBody({ problem_id: id }));
    expect(dup.status).toBe(409);

    const seen = await c.anon.get<Problem>(`${P}/search/problemId?problem_id=${id}`);
    expect(seen.data).toMatchObject({
      problem_id: id,
      chinese_name: '两数之和',
      tags_list: [101, 103],
      checker: { kind: 'float', tolerance: 0.001, source: null },
      test_case_num: 0,
      my_status: 'none',
      pass_rate: 0,
    });
    expect(seen.data.tags.map((t) => t.tag_name)).toEqual(['模拟', '贪心']);

    const special = { kind: 'special', source: 'int main(){return 0;}' } as const;
    const mod = await c.admin.post(`${P}/admin/modify`, {
      ...problemBody({ chinese_name: '两数之和（改）', visible: false, checker: special }),
      problem_id: id,
    });
    expect(mod.code).toBe(0);
    // hidden: gone for users and from the bank, still there for admins with the checker source
    expect((await c.user.post(`${P}/search/problemId?problem_id=${id}`)).status).toBe(404);
    const asAdmin = await c.admin.post<Problem>(`${P}/search/problemId?problem_id=${id}`);
    expect(asAdmin.data.checker).toMatchObject({ kind: 'special', source: special.source });
    expect(asAdmin.data.visible).toBe(false);
    const bank = await c.user.post<BankPage>(`${P}/search`, { pageSize: 100 });
    expect(bank.data.records.map((r) => r.problem_id)).not.toContain(id);
    const adminBank = await c.admin.post<BankPage>(`${P}/search`, { pageSize: 100 });
    expect(adminBank.data.records.map((r) => r.problem_id)).toContain(id);

    expect((await c.admin.post(`${P}/admin/modify`, { ...problemBody(), problem_id: 99999 })).status).toBe(
      404,
    );
    expect((await c.admin.post(`${P}/admin/delete?problem_id=${id}`)).code).toBe(0);
    expect((await c.admin.post(`${P}/search/problemId?problem_id=${id}`)).status).toBe(404);
    expect((await c.admin.post(`${P}/admin/delete?problem_id=${id}`)).status).toBe(404);
    expect((await c.anon.get(`${P}/search/problemId?problem_id=abc`)).message).toMatch(/题目编号/);
  });

  it('stores test data from a JSON list and from a zip, shows and downloads it, refuses bad zips', async () => {
    const id = (await c.admin.post<{ problem_id: number }>(`${P}/admin/add`, problemBody())).data.problem_id;
    const list = await c.admin.post<{ test_case_num: number }>(`${P}/admin/testCase/add?problem_id=${id}`, [
      { input: '1 2\n', output: '3\n' },
      { input: '5 5\n', output: '10\n' },
    ]);
    expect(list.data).toMatchObject({ problem_id: id, test_case_num: 2 });
    let view = await c.admin.post<TestCaseView[]>(`${P}/admin/testCase/get?problem_id=${id}`);
    expect(view.data.map((t) => [t.index, t.input, t.output])).toEqual([
      [1, '1 2\n', '3\n'],
      [2, '5 5\n', '10\n'],
    ]);
    expect(view.data[0].input_sha256).toBe(createHash('sha256').update('1 2\n').digest('hex'));

    const big = 'x'.repeat(10_000);
    const zip = await zipOf([
      ['3.in', big],
      ['3.out', 'big'],
      ['1.in', '7 8\n'],
      ['1.out', '15\n'],
    ]);
    const up = await uploadZip(c.admin, id, zip);
    expect(up.data).toMatchObject({ test_case_num: 2, total_size: 10_000 + 3 + 4 + 3 });
    view = await c.admin.post<TestCaseView[]>(`${P}/admin/testCase/get?problem_id=${id}`);
    expect(view.data[0]).toMatchObject({ input: '7 8\n', output: '15\n', input_truncated: false });
    expect(view.data[1]).toMatchObject({ input_size: 10_000, input_truncated: true });
    expect(view.data[1].input.length).toBe(4096);
    expect((await c.anon.get<Problem>(`${P}/search/problemId?problem_id=${id}`)).data.test_case_num).toBe(2);

    const dl = await fetch(`${ts.url}${P}/admin/testCaseFile/get?problem_id=${id}`, {
      method: 'POST',
      headers: { cookie: [...c.admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(dl.headers.get('content-type')).toBe('application/zip');
    const pairs = await readTestZip(Buffer.from(await dl.arrayBuffer()));
    expect(pairs.map((p) => [p.input.toString(), p.output.toString()])).toEqual([
      ['7 8\n', '15\n'],
      [big, 'big'],
    ]);

    const refusals: [Buffer, RegExp][] = [
      [Buffer.from('PK not really'), /不是有效的 zip/],
      [await zipOf([['1.in', '1']]), /缺少 1.out/],
      [await zipOf([['evil.sh', 'rm -rf /']]), /evil.sh」不合法/],
    ];
    for (const [bytes, message] of refusals) {
      const res = await uploadZip(c.admin, id, bytes);
      expect(res.status).toBe(400);
      expect(res.message).toMatch(message);
    }
    expect((await uploadZip(c.admin, 99999, zip)).status).toBe(404);
    expect((await c.admin.post(`${P}/admin/testCaseFile/add?problem_id=${id}`, { file: 'x' })).status).toBe(
      400,
    );
    expect((await c.admin.post(`${P}/admin/testCase/add?problem_id=${id}`, [])).message).toMatch(/至少一组/);
    expect(
      (await c.admin.post(`${P}/admin/testCase/add?problem_id=99999`, [{ input: '', output: '' }])).status,
    ).toBe(404);
    // the failed uploads left the last good set in place
    expect(
      (await c.admin.post<TestCaseView[]>(`${P}/admin/testCase/get?problem_id=${id}`)).data,
    ).toHaveLength(2);

    // remote judges fetch test files by hash with the token, nobody else
    const hash = view.data[0].input_sha256;
    const get = (auth?: string) =>
      fetch(`${ts.url}/api/judge/testdata/${hash}`, { headers: auth ? { authorization: auth } : {} });
    expect((await get()).status).toBe(401);
    expect((await get('Bearer wrong-token')).status).toBe(401);
    const okRes = await get(`Bearer ${JUDGE_TOKEN}`);
    expect(okRes.status).toBe(200);
    expect(await okRes.text()).toBe('7 8\n');
    expect(
      (
        await fetch(`${ts.url}/api/judge/testdata/${'0'.repeat(64)}`, {
          headers: { authorization: `Bearer ${JUDGE_TOKEN}` },
        })
      ).status,
    ).toBe(404);
    // test files are not public files
    expect((await fetch(`${ts.url}/api/files/${hash}.txt`)).status).toBe(404);
  });

  it('gives each route the body limit it needs: 16 MiB of JSON test data, 1 MiB elsewhere', async () => {
    const chunk = 'x'.repeat(1024 * 1024);
    const tests = Array.from({ length: 17 }, () => ({ input: chunk, output: '1' }));
    const tooMuch = await c.admin.post(`${P}/admin/testCase/add?problem_id=1001`, tests);
    expect(tooMuch).toMatchObject({ status: 413, code: 41300, message: '请求体过大（不能超过 16 MiB）' });
    const statement = await c.admin.post(`${P}/admin/add`, {
      ...problemBody(),
      description: 'y'.repeat(1100 * 1024),
    });
    expect(statement).toMatchObject({ status: 413, message: '请求体过大（不能超过 1 MiB）' });
    const fits = await c.admin.post(`${P}/admin/testCase/add?problem_id=1001`, tests.slice(0, 2));
    expect(fits.code).toBe(0);
  });

  it('answers the tag lists with categories', async () => {
    const tags = await c.anon.get<{ tag_id: number; tag_name: string; category: string }[]>(`${P}/get/tags`);
    expect(tags.data.length).toBe(ALGORITHM_TAGS.length);
    expect(tags.data.length).toBeGreaterThan(200);
    expect(tags.data.find((t) => t.tag_id === -2)).toBeTruthy();
    expect(tags.data.find((t) => t.tag_id === 101)).toMatchObject({ tag_name: '模拟', category: '基础算法' });
    const grouped = await c.anon.get<{ category_name: string; tags: unknown[] }[]>(
      `${P}/get/tagsPlusCategory`,
    );
    expect(grouped.data[0]).toMatchObject({ category_id: 1, category_name: '基础算法' });
    expect(grouped.data.reduce((n, g) => n + g.tags.length, 0)).toBe(ALGORITHM_TAGS.length);
    const math = await c.anon.get<{ tag_id: number; tag_name: string }[]>('/api/problem/math408/get/tags');
    expect(math.data.find((t) => t.tag_id === 1)?.tag_name).toBe('微积分');
  });

  it('searches the seeded bank by keyword, tags, difficulty and source, with paging', async () => {
    const search = async (q: object, viaQuery = false) => {
      const res = viaQuery
        ? await c.anon.post<BankPage>(`${P}/search?${new URLSearchParams(q as Record<string, string>)}`)
        : await c.anon.post<BankPage>(`${P}/search`, q);
      expect(res.code).toBe(0);
      return res.data;
    };
    const all = await search({ pageSize: 100 });
    const seeded = all.records.filter((r) => r.problem_id >= 1000 && r.problem_id <= 1009);
    expect(seeded).toHaveLength(10);
    expect(seeded[0]).toMatchObject({ problem_id: 1000, chinese_name: 'A+B 问题', my_status: 'none' });
    expect((await search({ keyword: 'a+b' })).records.map((r) => r.problem_id)).toEqual([1000]);
    expect((await search({ keyword: '1003' })).records.map((r) => r.problem_id)).toEqual([1003]);
    expect((await search({ keyword: '最短' })).records.length).toBeGreaterThan(0);
    expect((await search({ keyword: '%' })).total).toBe(0);
    const easy = await search({ difficulty: 0, pageSize: 100 });
    expect(easy.records.every((r) => r.difficulty === 0)).toBe(true);
    const tagged = await search({ tags_list: [101, 1401] });
    expect(tagged.records.map((r) => r.problem_id)).toContain(1000);
    expect(tagged.records.every((r) => r.tags_list.includes(101) && r.tags_list.includes(1401))).toBe(true);
    expect((await search({ tagsList: '101,1401' }, true)).total).toBe(tagged.total);
    expect((await search({ source_list: ['codeforces'] })).total).toBe(0);
    expect((await search({ sourceList: 'own', difficulty: '0' }, true)).total).toBe(
      easy.records.filter((r) => r.source_name === 'own').length,
    );
    const p1 = await search({ pageNum: 1, pageSize: 3 });
    const p2 = await search({ pageNum: 2, pageSize: 3 });
    expect(p1.records).toHaveLength(3);
    expect(p2.records[0].problem_id).toBeGreaterThan(p1.records[2].problem_id);
    expect(p1.total).toBe(all.total);
    const bad = await c.anon.post(`${P}/search`, { difficulty: 7 });
    expect(bad.status).toBe(400);
    expect(bad.message).toMatch(/难度/);
    expect((await c.anon.post(`${P}/search`, { pageSize: 1000 })).message).toMatch(/每页条数/);
  });

  it('counts problems per difficulty, picks and sets the daily problem, keeps the last-entered problem', async () => {
    const sum = await c.anon.post<{ total: number; solved: number }>(
      `${P}/search/difficulty/sum?difficulty=0`,
    );
    const easy = await c.anon.post<BankPage>(`${P}/search`, { difficulty: 0, pageSize: 100 });
    expect(sum.data).toEqual({ difficulty: 0, total: easy.data.total, solved: 0 });
    expect(
      (await c.anon.post<{ total: number }>(`${P}/search/difficulty/sum`)).data.total,
    ).toBeGreaterThanOrEqual(10);

    const auto = await c.anon.post<{ date: string; chosen: boolean; problem: { problem_id: number } }>(
      `${P}/get/daily`,
    );
    expect(auto.data.chosen).toBe(false);
    expect(auto.data.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(
      (await c.anon.get<{ problem: { problem_id: number } }>(`${P}/get/daily`)).data.problem.problem_id,
    ).toBe(auto.data.problem.problem_id);
    expect((await c.admin.post(`${P}/set/daily?problem_id=1004`)).code).toBe(0);
    const chosen = await c.user.post<{ chosen: boolean; problem: { problem_id: number } }>(`${P}/get/daily`);
    expect(chosen.data).toMatchObject({ chosen: true, problem: { problem_id: 1004 } });
    expect((await c.admin.post(`${P}/set/daily?problem_id=99999`)).status).toBe(404);

    expect((await c.anon.get(`${P}/search/problemLast`)).code).toBe(40101);
    expect((await c.user.get(`${P}/search/problemLast`)).data).toBeNull();
    expect((await c.user.post(`${P}/set/problemLast`, { problem_id: 1002, language: 'Go' })).code).toBe(0);
    expect((await c.user.get(`${P}/search/problemLast`)).data).toMatchObject({
      problem_id: 1002,
      chinese_name: '单源最短路径',
      language: 'Go',
    });
    expect((await c.user.post(`${P}/set/problemLast`, { problem_id: 99999 })).status).toBe(404);
    expect(
      (await c.user.post(`${P}/set/problemLast`, { problem_id: 1002, language: 'Cobol' })).message,
    ).toMatch(/^语言/);
    // SPEC §8: the daily-count call answers 40101 to anonymous callers
    expect((await c.anon.post(`${P}/search/user/daily`)).code).toBe(40101);
    expect((await c.user.post(`${P}/search/user/daily`)).data).toEqual([]);
  });
});
