import type {
  BankPage,
  CustomTestResult,
  ProgressEvent,
  RecordPage,
  RecordSum,
  SubmissionRecord,
} from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../test/helpers';
import { problemBody, type RoleClients, roleClients, submit, verdict, watch } from '../../../test/problems';

const P = '/api/problem/algorithm';
const AB_CPP = '#include <bits/stdc++.h>\nint main(){long long a,b;std::cin>>a>>b;std::cout<<a+b<<"\\n";}\n';
const AB_PY = 'a, b = map(int, input().split())\nprint(a + b)\n';
const AB_PY_WRONG = 'a, b = map(int, input().split())\nprint(a - b)\n';

describe.each(backends())('submissions and records on $name', (backend) => {
  let ts: TestServer;
  let c: RoleClients;
  beforeAll(async () => {
    ts = await startTestServer(backend, { rateLimits: { submit: { max: 1000, windowMs: 60_000 } } });
    c = await roleClients(ts, 'sub');
  }, 60_000);
  afterAll(() => ts?.close());

  it('refuses bad submissions with a message naming the field', async () => {
    const send = (body: object, who = c.user) => who.post(`${P}/judge/submit`, body);
    const ab = { problem_id: 1000, language: 'C++', source_code: AB_CPP };
    const cases: [object, number, RegExp][] = [
      [{ ...ab, language: 'Cobol' }, 400, /^语言必须是 C、C\+\+、Python3、Java、Go、JavaScript、PyPy3、Rust、/],
      // A language the judge knows but this site has not enabled (OJ_LANGUAGES) is refused in words.
      [{ ...ab, language: 'Rust' }, 400, /^本站没有启用 Rust，请换用其他语言提交$/],
      [{ ...ab, source_code: '' }, 400, /^代码不能为空/],
      [{ ...ab, source_code: ' \n\t ' }, 400, /^代码不能为空/],
      [{ ...ab, source_code: `// ${'x'.repeat(1 << 20)}` }, 400, /^代码不能超过 64 KiB/],
      [{ ...ab, source_code: '// 中'.repeat(22_000) }, 400, /^代码不能超过 64 KiB/],
      [{ ...ab, problem_id: 99999 }, 404, /题目 99999 不存在/],
      [{ ...ab, problem_id: 'x' }, 400, /题目编号/],
      [{ language: 'C', source_code: 'int main(){}' }, 400, /题目编号/],
      [{ ...ab, competition_id: null, index: 2 }, 400, /只有比赛中的提交才能指定题目序号$/],
      [{ ...ab, index: 0 }, 400, /只有比赛中的提交才能指定题目序号$/],
    ];
    for (const [body, status, message] of cases) {
      const res = await send(body);
      expect([res.status, res.message]).toEqual([status, expect.stringMatching(message)]);
    }
    const noTests = (await c.admin.post<{ problem_id: number }>(`${P}/admin/add`, problemBody())).data
      .problem_id;
    const empty = await send({ ...ab, problem_id: noTests });
    expect(empty.status).toBe(400);
    expect(empty.message).toMatch(/还没有测试数据/);
    const hidden = (
      await c.admin.post<{ problem_id: number }>(`${P}/admin/add`, problemBody({ visible: false }))
    ).data.problem_id;
    expect((await send({ ...ab, problem_id: hidden })).status).toBe(404);
    expect((await send(ab, c.anon)).code).toBe(40101);
    const banned = await send(ab, c.banned);
    expect([40101, 40301]).toContain(banned.code);
    expect((await c.user.post<RecordSum>(`${P}/records/user/sum`)).data.total).toBe(0);
  });

  it('judges A+B, streams compiling → each test → verdict, and updates the bank and the records', async () => {
    const id = await submit(c.user, 1000, 'C++', AB_CPP);
    const events = await watch(ts, c.user, id);
    // The stream opens while C++ compiles (≥ 0.4 s), so it normally sees everything; on a machine
    // stalled long enough it starts from the latest state instead, and the tests must stay true then.
    const kinds = events.map((e) => e.kind);
    if (kinds[0] === 'queued' || kinds[0] === 'compiling') expect(kinds).toContain('compiling');
    const tests = events.filter((e): e is Extract<ProgressEvent, { kind: 'test' }> => e.kind === 'test');
    const seen = tests.map((t) => t.test);
    expect(seen).toEqual(Array.from({ length: seen.length }, (_, i) => 11 - seen.length + i));
    if (kinds[0] === 'queued' || kinds[0] === 'compiling') expect(seen).toHaveLength(10);
    expect(tests.every((t) => t.total === 10 && t.result.status === 'AC')).toBe(true);
    const done = events[events.length - 1];
    expect(done.kind).toBe('done');
    if (done.kind !== 'done') return;
    expect(done.record).toMatchObject({
      submission_id: id,
      status: 'AC',
      language: 'C++',
      source_code: AB_CPP,
    });
    expect(done.record.test_results).toHaveLength(10);

    // the source stays with its author and the admins
    const own = await verdict(c.user, id);
    expect(own).toMatchObject({
      status: 'AC',
      problem_name: 'A+B 问题',
      test_total: 10,
      source_code: AB_CPP,
    });
    expect(own.code_length).toBe(Buffer.byteLength(AB_CPP));
    const other = (await ts.register('sub_other')).client;
    expect(
      (await other.get<SubmissionRecord>(`${P}/records/recordId?submission_id=${id}`)).data.source_code,
    ).toBeNull();
    expect(
      (await c.anon.get<SubmissionRecord>(`${P}/records/recordId?submission_id=${id}`)).data.source_code,
    ).toBeNull();
    expect(
      (await c.admin.get<SubmissionRecord>(`${P}/records/recordId?submission_id=${id}`)).data.source_code,
    ).toBe(AB_CPP);
    expect((await c.anon.get(`${P}/records/recordId?submission_id=424242`)).status).toBe(404);
    // a client connecting after the verdict still gets it, at once
    const late = await watch(ts, other, id);
    expect(late.map((e) => e.kind)).toEqual(['done']);
    if (late[0].kind === 'done') expect(late[0].record.source_code).toBeNull();

    const wrong = await submit(other, 1000, 'Python3', AB_PY_WRONG);
    const wa = await verdict(other, wrong);
    expect(wa.status).toBe('WA');
    expect(wa.test_results.at(-1)!.status).toBe('WA');

    const bank = async (who = c.user) =>
      (await who.post<BankPage>(`${P}/search`, { keyword: 'A+B' })).data.records.find(
        (r) => r.problem_id === 1000,
      )!;
    expect(await bank()).toMatchObject({ my_status: 'solved', submit_num: 2, accept_num: 1, pass_rate: 0.5 });
    expect(await bank(other)).toMatchObject({ my_status: 'tried' });
    expect(await bank(c.anon)).toMatchObject({ my_status: 'none' });
    const solvedOnly = await c.user.post<BankPage>(`${P}/search`, { status: 'solved' });
    expect(solvedOnly.data.records.map((r) => r.problem_id)).toEqual([1000]);
    expect(
      (await c.user.post<{ solved: number }>(`${P}/search/difficulty/sum?difficulty=0`)).data.solved,
    ).toBe(1);

    const list = await c.anon.post<RecordPage>(`${P}/records?problem_id=1000&pageNum=1`);
    expect(list.data.records.map((r) => r.submission_id)).toEqual([wrong, id]);
    expect(list.data.records[1]).toMatchObject({ username: 'sub_user', status: 'AC' });
    expect(list.data.records[0]).not.toHaveProperty('source_code');
    expect((await c.anon.post<RecordPage>(`${P}/records?problem_id=1000&status=WA`)).data.total).toBe(1);
    expect((await c.anon.post<RecordSum>(`${P}/records/page/sum?problem_id=1000`)).data).toEqual({
      total: 2,
      accepted: 1,
      pages: 1,
      solved: 1,
    });
    const mine = await c.user.post<RecordPage>(`${P}/records/user/page?pageNum=1`);
    expect(mine.data.records.map((r) => r.submission_id)).toEqual([id]);
    expect((await c.user.post<RecordSum>(`${P}/records/user/sum`)).data).toMatchObject({
      total: 1,
      accepted: 1,
    });
    expect((await c.anon.post(`${P}/records/user/page`)).code).toBe(40101);
    const daily = await c.user.post<{ date: string; num: number }[]>(`${P}/search/user/daily`);
    expect(daily.data).toHaveLength(1);
    expect(daily.data[0].num).toBe(1);
    expect(daily.data[0].date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await c.user.post(`${P}/search/user/daily?year=1999`)).status).toBe(400);

    const metrics = (await (await ts.login(ts.admin.account, ts.admin.password)).get<string>('/metrics'))
      .data;
    expect(metrics).toMatch(/^oj_judge_queue_depth \d+$/m);
    expect(Number(/^oj_judge_judged_total (\d+)$/m.exec(metrics)?.[1])).toBeGreaterThanOrEqual(2);
    expect(Number(/^oj_judge_latency_seconds ([\d.]+)$/m.exec(metrics)?.[1])).toBeGreaterThan(0);
  }, 120_000);

  it('runs custom input in the sandbox without keeping a record', async () => {
    const before = (await c.user.post<RecordSum>(`${P}/records/user/sum`)).data.total;
    const res = await c.user.post<CustomTestResult[]>(`${P}/judge/test`, {
      language: 'Python3',
      source_code: AB_PY,
      input_list: ['1 2\n', '40 2\n', 'oops\n'],
    });
    expect(res.code).toBe(0);
    expect(res.data.map((r) => [r.status, r.output])).toEqual([
      ['AC', '3\n'],
      ['AC', '42\n'],
      ['Sign', ''],
    ]);
    expect(res.data[2].stderr).toMatch(/ValueError/);
    const ce = await c.user.post<CustomTestResult[]>(`${P}/judge/test`, {
      language: 'C',
      source_code: 'int main(void) { return y; }',
      input_list: ['1', '2'],
    });
    expect(ce.data.map((r) => r.status)).toEqual(['CE', 'CE']);
    expect(ce.data[0].compile_message).toMatch(/y/);
    const tle = await c.user.post<CustomTestResult[]>(`${P}/judge/test`, {
      language: 'Python3',
      source_code: 'while True: pass\n',
      input_list: [''],
      problem_id: 1000,
    });
    expect(tle.data[0].status).toBe('TLE');
    expect((await c.user.post<RecordSum>(`${P}/records/user/sum`)).data.total).toBe(before);
    const bad = await c.user.post(`${P}/judge/test`, {
      language: 'Python3',
      source_code: AB_PY,
      input_list: [],
    });
    expect(bad.message).toMatch(/^自定义输入/);
    expect(
      (await c.anon.post(`${P}/judge/test`, { language: 'C', source_code: 'x', input_list: [''] })).code,
    ).toBe(40101);
  }, 120_000);

  it('rejudges a submission and a whole problem after its test data changed, live', async () => {
    const pid = (await c.admin.post<{ problem_id: number }>(`${P}/admin/add`, problemBody())).data.problem_id;
    await c.admin.post(`${P}/admin/testCase/add?problem_id=${pid}`, [{ input: '1 2\n', output: '3\n' }]);
    const a = await submit(c.user, pid, 'Python3', AB_PY);
    const b = await submit(c.user, pid, 'Python3', AB_PY_WRONG);
    expect((await verdict(c.user, a)).status).toBe('AC');
    expect((await verdict(c.user, b)).status).toBe('WA');
    // the answer was wrong: a - b was right all along
    await c.admin.post(`${P}/admin/testCase/add?problem_id=${pid}`, [{ input: '1 2\n', output: '-1\n' }]);
    const one = await c.admin.post<{ count: number }>(`${P}/admin/rejudge?submission_id=${b}`);
    expect(one.data.count).toBe(1);
    const live = await watch(ts, c.user, b);
    expect(live.at(-1)).toMatchObject({ kind: 'done', record: { status: 'AC' } });
    const all = await c.admin.post<{ count: number }>(`${P}/admin/rejudge?problem_id=${pid}`);
    expect(all.data.count).toBe(2);
    expect((await verdict(c.user, a)).status).toBe('WA');
    expect((await verdict(c.user, b)).status).toBe('AC');
    const row = (await c.user.post<BankPage>(`${P}/search`, { keyword: String(pid) })).data.records[0];
    expect(row).toMatchObject({ submit_num: 2, accept_num: 1, my_status: 'solved' });
    expect((await c.admin.post(`${P}/admin/rejudge`)).message).toMatch(
      /^提交编号与题目编号必须且只能给出一个/,
    );
    expect((await c.admin.post(`${P}/admin/rejudge?submission_id=424242`)).status).toBe(404);
  }, 120_000);
});

describe('submission rate limit', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ name: 'sqlite' }, { rateLimits: { submit: { max: 2, windowMs: 60_000 } } });
  });
  afterAll(() => ts?.close());

  it('limits submissions per user', async () => {
    const { client } = await ts.register('rl_user');
    const body = { problem_id: 1000, language: 'Python3', source_code: AB_PY };
    expect((await client.post(`${P}/judge/submit`, body)).code).toBe(0);
    expect((await client.post(`${P}/judge/submit`, body)).code).toBe(0);
    const third = await client.post(`${P}/judge/submit`, body);
    expect(third.status).toBe(429);
    expect(third.message).toBe('提交过于频繁，请稍后再试');
    // another user has its own budget
    const other = (await ts.register('rl_other')).client;
    expect((await other.post(`${P}/judge/submit`, body)).code).toBe(0);
  }, 60_000);
});
