import type {
  CompetitionAddRequestRaw,
  Problem,
  ProblemInputRaw,
  ProgressEvent,
  RecordPage,
  SubmissionRecord,
  TestResultView,
} from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backends,
  type Client,
  startTestServer,
  TEST_PASSWORD,
  type TestServer,
} from '../../../test/helpers';
import { problemBody, type RoleClients, roleClients, submit, verdict, watch } from '../../../test/problems';
import { openSse, type SseEvent } from '../../../test/sse-client';

// Issue 22 item 7: a wrong answer on a hidden test showed its expected output to the submitter
// ("期望 2000000000，得到 0"), and with enough submissions the whole test data leaked. Per problem
// an admin chooses what solvers see of each test; by default the details (input, expected output,
// checker message) of the statement's sample tests only. Admins and the problem's author see all.

const P = '/api/problem/algorithm';
const C = '/api/competition';
const SAMPLE = { input: '1 2\n', output: '3\n' };
const HIDDEN = { input: '1000000000 1000000000\n', output: '2000000000\n' };
// Right on small numbers (the sample), wrong on the hidden test: prints 0 instead of 2000000000.
const WRONG_ON_HIDDEN = 'a, b = map(int, input().split())\nprint(a + b if a < 10 else 0)\n';
/** Anything of the hidden test: its input, its answer, the checker's message quoting the answer. */
const LEAKS = /1000000000|2000000000|期望/;

type Seen = Pick<TestResultView, 'index' | 'status' | 'sample' | 'detail' | 'message' | 'input' | 'expected'>;
const seen = (t: TestResultView): Seen => ({
  index: t.index,
  status: t.status,
  sample: t.sample,
  detail: t.detail,
  message: t.message,
  input: t.input,
  expected: t.expected,
});
const sampleShown: Seen = {
  index: 1,
  status: 'AC',
  sample: true,
  detail: true,
  message: '1 个记号，完全一致',
  input: SAMPLE.input,
  expected: SAMPLE.output,
};
const sampleHidden: Seen = { ...sampleShown, detail: false, message: '', input: null, expected: null };
const hiddenShown: Seen = {
  index: 2,
  status: 'WA',
  sample: false,
  detail: true,
  message: expect.stringContaining('期望 2000000000，得到 0') as unknown as string,
  input: HIDDEN.input,
  expected: HIDDEN.output,
};
const hiddenHidden: Seen = { ...hiddenShown, detail: false, message: '', input: null, expected: null };

const record = async (who: Client, id: number) =>
  (await who.get<SubmissionRecord>(`${P}/records/recordId?submission_id=${id}`)).data;
const testsSeen = async (who: Client, id: number) => (await record(who, id)).test_results.map(seen);

describe.each(backends())('what solvers see of each test on $name', (backend) => {
  let ts: TestServer;
  let c: RoleClients;
  let other: Client;
  let author: Client;
  let pid: number;
  let sid: number;
  const setVisibility = async (test_visibility: string) => {
    const p = (await c.admin.get<Problem>(`${P}/search/problemId?problem_id=${pid}`)).data;
    const body: ProblemInputRaw & { problem_id: number } = {
      ...problemBody({ samples: p.samples }),
      problem_id: pid,
      test_visibility: test_visibility as ProblemInputRaw['test_visibility'],
    };
    return c.admin.post(`${P}/admin/modify`, body);
  };

  beforeAll(async () => {
    ts = await startTestServer(backend, { rateLimits: { submit: { max: 1000, windowMs: 60_000 } } });
    c = await roleClients(ts, 'tv');
    other = (await ts.register('tv_other')).client;
    // The problem's author: an admin when writing it, a plain user again afterwards.
    const { uuid: authorUuid } = await ts.register('tv_author');
    expect((await c.admin.post(`/api/user/BOSS/set?uuid=${authorUuid}`)).code).toBe(0);
    const asAdmin = await ts.login('tv_author', TEST_PASSWORD);
    pid = (await asAdmin.post<{ problem_id: number }>(`${P}/admin/add`, problemBody({ samples: [SAMPLE] })))
      .data.problem_id;
    expect((await asAdmin.post(`${P}/admin/testCase/add?problem_id=${pid}`, [SAMPLE, HIDDEN])).code).toBe(0);
    expect((await c.admin.post(`/api/user/BOSS/cancel?uuid=${authorUuid}`)).code).toBe(0);
    author = await ts.login('tv_author', TEST_PASSWORD);
    expect((await author.post(`${P}/admin/modify`, { ...problemBody(), problem_id: pid })).status).toBe(403);

    sid = await submit(c.user, pid, 'Python3', WRONG_ON_HIDDEN);
    expect((await verdict(c.user, sid)).status).toBe('WA');
  }, 120_000);
  afterAll(() => ts?.close());

  it('by default shows a sample test in full and only verdict, time and memory of a hidden one', async () => {
    expect((await c.user.get<Problem>(`${P}/search/problemId?problem_id=${pid}`)).data.test_visibility).toBe(
      'samples',
    );
    for (const who of [c.user, other, c.anon]) {
      const rec = await record(who, sid);
      expect(rec.test_results.map(seen)).toEqual([sampleShown, hiddenHidden]);
      expect(rec.test_results[1]).toMatchObject({
        time_used: expect.any(Number),
        memory_used: expect.any(Number),
      });
      expect(JSON.stringify(rec)).not.toMatch(LEAKS);
      // The stream of a judged record: its one `done` event.
      const events = await watch(ts, who, sid);
      expect(JSON.stringify(events)).not.toMatch(LEAKS);
      const done = events.find((e) => e.kind === 'done');
      expect(done?.kind === 'done' && done.record.test_results.map(seen)).toEqual([
        sampleShown,
        hiddenHidden,
      ]);
      const list = await who.get<RecordPage>(`${P}/records?problem_id=${pid}`);
      expect(JSON.stringify(list.data)).not.toMatch(LEAKS);
    }
    // Admins and the problem's author (no admin any more) see everything.
    for (const who of [c.admin, author]) {
      expect(await testsSeen(who, sid)).toEqual([sampleShown, hiddenShown]);
      const done = (await watch(ts, who, sid)).find((e) => e.kind === 'done');
      expect(done?.kind === 'done' && done.record.test_results.map(seen)).toEqual([sampleShown, hiddenShown]);
    }
  });

  it('holds on the live streams of a run, test by test, and on the verdict they end with', async () => {
    const url = `${ts.url}${P}/records/stream?submission_id=${sid}&follow=1`;
    const watchers = new Map([c.user, other, c.anon, c.admin, author].map((who) => [who, openSse(url, who)]));
    const mine = openSse(`${ts.url}${P}/records/user/stream?problem_id=${pid}`, c.user);
    for (const s of watchers.values()) await s.until((e) => e.event === 'done');
    await mine.until((e) => e.event === 'ready');
    expect((await c.admin.post(`${P}/admin/rejudge?submission_id=${sid}`)).code).toBe(0);

    const run = async (s: ReturnType<typeof openSse>) => {
      const queued = await s.until((e) => e.event === 'queued');
      const end = await s.until((e) => e.event === 'done', queued + 1);
      return s.events.slice(queued, end + 1);
    };
    const tests = (events: SseEvent[]) =>
      events
        .filter((e) => e.event === 'test')
        .map((e) => seen((e.data as Extract<ProgressEvent, { kind: 'test' }>).result));
    const verdictOf = (events: SseEvent[]) =>
      (events[events.length - 1].data as Extract<ProgressEvent, { kind: 'done' }>).record.test_results.map(
        seen,
      );
    for (const [who, s] of watchers) {
      const events = await run(s);
      const full = who === c.admin || who === author;
      expect(tests(events)).toEqual(full ? [sampleShown, hiddenShown] : [sampleShown, hiddenHidden]);
      expect(verdictOf(events)).toEqual(full ? [sampleShown, hiddenShown] : [sampleShown, hiddenHidden]);
      if (!full) expect(JSON.stringify(events)).not.toMatch(LEAKS);
      s.close();
    }
    // The submitter's stream of the problem (the solving page's 我的提交) streams the same tests.
    await mine.until((e) => e.event === 'changed' && e.data.status === 'WA');
    const myTests = mine.events.filter((e) => e.event === 'test');
    expect(myTests.map((e) => seen((e.data as Extract<ProgressEvent, { kind: 'test' }>).result))).toEqual([
      sampleShown,
      hiddenHidden,
    ]);
    expect(JSON.stringify(mine.events)).not.toMatch(LEAKS);
    mine.close();
  }, 120_000);

  it('each setting does what it says, for solvers only', async () => {
    expect((await setVisibility('all')).code).toBe(0);
    expect((await c.user.get<Problem>(`${P}/search/problemId?problem_id=${pid}`)).data.test_visibility).toBe(
      'all',
    );
    for (const who of [c.user, other, c.anon])
      expect(await testsSeen(who, sid)).toEqual([sampleShown, hiddenShown]);

    expect((await setVisibility('verdict')).code).toBe(0);
    for (const who of [c.user, other, c.anon]) {
      expect(await testsSeen(who, sid)).toEqual([sampleHidden, hiddenHidden]);
      expect(JSON.stringify(await watch(ts, who, sid))).not.toMatch(/1 2|期望|1000000000/);
    }
    for (const who of [c.admin, author])
      expect(await testsSeen(who, sid)).toEqual([sampleShown, hiddenShown]);

    // A client that leaves the setting out (an older page) keeps it; a bad value changes nothing.
    const p = (await c.admin.get<Problem>(`${P}/search/problemId?problem_id=${pid}`)).data;
    expect(
      (await c.admin.post(`${P}/admin/modify`, { ...problemBody({ samples: p.samples }), problem_id: pid }))
        .code,
    ).toBe(0);
    expect((await c.user.get<Problem>(`${P}/search/problemId?problem_id=${pid}`)).data.test_visibility).toBe(
      'verdict',
    );
    const bad = await setVisibility('everything');
    expect([bad.status, bad.message, bad.data]).toEqual([
      400,
      '测试点详情必须是仅样例详情、全部详情或仅结果之一',
      { field: 'test_visibility' },
    ]);
    expect((await setVisibility('all')).code).toBe(0);
    expect(
      (await c.user.post(`${P}/admin/modify`, { ...problemBody(), problem_id: pid, test_visibility: 'all' }))
        .status,
    ).toBe(403);
    expect((await setVisibility('samples')).code).toBe(0);
    expect(await testsSeen(c.user, sid)).toEqual([sampleShown, hiddenHidden]);
  });

  it('after the tests change, an older record no longer knows which of its tests were samples', async () => {
    // The hidden test first now: test 1 of the old record must not pass for the new sample test.
    expect((await c.admin.post(`${P}/admin/testCase/add?problem_id=${pid}`, [HIDDEN, SAMPLE])).code).toBe(0);
    expect(await testsSeen(c.user, sid)).toEqual([{ ...sampleHidden, sample: false }, hiddenHidden]);
    expect(await testsSeen(c.admin, sid)).toEqual([
      { ...sampleShown, sample: false, input: null, expected: null },
      { ...hiddenShown, input: null, expected: null },
    ]);
    expect((await c.admin.post(`${P}/admin/testCase/add?problem_id=${pid}`, [SAMPLE, HIDDEN])).code).toBe(0);
    expect(await testsSeen(c.user, sid)).toEqual([sampleShown, hiddenHidden]);
  });

  it('holds in a contest: its record list and record, and the exports stay with the admins', async () => {
    const contest: CompetitionAddRequestRaw = {
      name: '测试点详情赛',
      description: '',
      type: 1,
      start_time: new Date(Date.now() - 60_000).toISOString(),
      end_time: new Date(Date.now() + 3_600_000).toISOString(),
      problems: [{ problem_id: pid }],
    };
    const cid = (await c.admin.post<{ competition_id: number }>(`${C}/admin/algorithm/add`, contest)).data
      .competition_id;
    expect((await c.user.post(`${C}/join?competition_id=${cid}`)).code).toBe(0);
    const res = await c.user.post<{ submission_id: number }>(`${P}/judge/submit`, {
      problem_id: pid,
      language: 'Python3',
      source_code: WRONG_ON_HIDDEN,
      competition_id: cid,
      index: 0,
    });
    const contestSid = res.data.submission_id;
    expect((await verdict(c.user, contestSid)).status).toBe('WA');
    const list = await c.user.post<RecordPage>(`${C}/search/records/pageNum?competition_id=${cid}&pageNum=1`);
    expect(list.data.records.map((r) => r.submission_id)).toContain(contestSid);
    expect(JSON.stringify(list.data)).not.toMatch(LEAKS);
    const rec = await c.user.get<SubmissionRecord>(
      `${P}/records/recordId?submission_id=${contestSid}&competition_id=${cid}`,
    );
    expect(rec.data.test_results.map(seen)).toEqual([sampleShown, hiddenHidden]);
    expect(JSON.stringify(await watch(ts, c.user, contestSid))).not.toMatch(LEAKS);
    // The exports that carry judging data (the contest's ranking, the problem with its tests).
    expect((await c.user.get(`${C}/get/rank/excel?competition_id=${cid}`)).status).toBe(403);
    expect((await c.user.get(`${P}/admin/export?ids=${pid}&format=hydro`)).status).toBe(403);
  }, 120_000);

  it("keeps a checker's compiler output (it quotes the checker's source) to admins and the author", async () => {
    const secret = 'int main(){ SECRET_CHECKER_LINE }';
    const added = await c.admin.post<{ problem_id: number }>(
      `${P}/admin/add`,
      problemBody({ checker: { kind: 'special', source: secret } }),
    );
    const broken = added.data.problem_id;
    await c.admin.post(`${P}/admin/testCase/add?problem_id=${broken}`, [SAMPLE]);
    const id = await submit(c.user, broken, 'Python3', WRONG_ON_HIDDEN);
    const mine = await verdict(c.user, id);
    expect([mine.status, mine.message]).toEqual(['IE', '特判程序编译失败（详情仅管理员可见）']);
    expect(JSON.stringify(mine)).not.toContain('SECRET_CHECKER_LINE');
    expect(JSON.stringify(await watch(ts, c.user, id))).not.toContain('SECRET_CHECKER_LINE');
    const admin = await verdict(c.admin, id);
    expect(admin.message).toContain('SECRET_CHECKER_LINE');
  }, 120_000);
});
