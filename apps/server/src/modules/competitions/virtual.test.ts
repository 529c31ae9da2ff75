import type {
  CompetitionAddRequestRaw,
  CompetitionDetail,
  ContestRun,
  RankPage,
  RecordPage,
  SubmissionRecord,
  TestCaseSummary,
} from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import { problemBody, type RoleClients, roleClients, verdict } from '../../../test/problems';

/**
 * Issue 26 part 2 on both databases, judged for real: a virtual run against the real board at the
 * same elapsed time, virtual and practice submissions kept off the real board and rating, and a
 * window contest (灵活时间) with its own clock.
 */

const C = '/api/competition';
const P = '/api/problem/algorithm';
const MIN = 60_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const SOURCES = {
  ac: 'a, b = map(int, input().split())\nprint(a + b)\n',
  wa: 'print(0)\n',
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `pred` holds (boards follow verdicts asynchronously); fails after 60 s. */
async function until<T>(read: () => Promise<T>, pred: (v: T) => boolean): Promise<T> {
  const end = Date.now() + 60_000;
  for (;;) {
    const v = await read();
    if (pred(v)) return v;
    if (Date.now() > end) throw new Error(`still ${JSON.stringify(v)}`);
    await sleep(100);
  }
}

describe.each(backends())('virtual participation, practice, window contests on $name', (backend) => {
  let ts: TestServer;
  let c: RoleClients;
  let problemId: number;
  beforeAll(async () => {
    ts = await startTestServer(backend, { rateLimits: { submit: { max: 1000, windowMs: 60_000 } } });
    c = await roleClients(ts, 'virt');
    const added = await c.admin.post<{ problem_id: number }>(
      `${P}/admin/add`,
      problemBody({ chinese_name: '虚拟两数之和' }),
    );
    expect(added.code).toBe(0);
    problemId = added.data.problem_id;
    const tests = [{ input: '1 2\n', output: '3\n' }];
    const up = await c.admin.post<TestCaseSummary>(`${P}/admin/testCase/add?problem_id=${problemId}`, tests);
    expect(up.code).toBe(0);
  }, 60_000);
  afterAll(() => ts?.close());

  const db = () => ts.server.ctx.db.db;
  const body = (over: Partial<CompetitionAddRequestRaw> = {}): CompetitionAddRequestRaw => ({
    name: '虚拟赛',
    description: '',
    type: 1,
    start_time: iso(-60 * MIN),
    end_time: iso(60 * MIN),
    problems: [{ problem_id: problemId }],
    ...over,
  });
  async function create(over: Partial<CompetitionAddRequestRaw> = {}): Promise<number> {
    const r = await c.admin.post<{ competition_id: number }>(`${C}/admin/algorithm/add`, body(over));
    expect(r.message).toBe(r.code === 0 ? r.message : '');
    return r.data.competition_id;
  }
  const send = (who: Client, id: number, program: keyof typeof SOURCES) =>
    who.post<{ submission_id: number }>(`${P}/judge/submit`, {
      problem_id: problemId,
      language: 'Python3',
      source_code: SOURCES[program],
      competition_id: id,
      index: 0,
    });
  async function judged(who: Client, id: number, program: keyof typeof SOURCES): Promise<SubmissionRecord> {
    const r = await send(who, id, program);
    expect(r.message).toBe(r.code === 0 ? r.message : '');
    return verdict(c.admin, r.data.submission_id);
  }
  const board = (who: Client, id: number) =>
    who.get<RankPage>(`${C}/search/rank/pageNum?competition_id=${id}`).then((r) => r.data);
  const run = (who: Client, id: number) => who.get<ContestRun>(`${C}/run/mine?competition_id=${id}`);
  /** [username, solved, cell state, virtual] per row. */
  const rows = (b: RankPage) =>
    b.records.map((r) => [r.username, r.solved, r.cells[0].state, r.virtual ?? false]);
  /** Ends a contest now (its submissions stay inside it). */
  async function endNow(id: number, over: Partial<CompetitionAddRequestRaw> = {}) {
    const detail = (await c.admin.get<CompetitionDetail>(`${C}/search/competitionId?competition_id=${id}`))
      .data;
    const r = await c.admin.post(
      `${C}/admin/modify?competition_id=${id}`,
      body({ start_time: detail.start_time, end_time: iso(0), ...over }),
    );
    expect(r.message).toBe(r.code === 0 ? r.message : '');
    return detail;
  }

  it('a virtual run sees the real board at its own elapsed time, marked 虚拟; the real board and rating ignore it', async () => {
    const id = await create({ rated: true });
    const a = await ts.register('virt_a');
    const b = await ts.register('virt_b');
    for (const p of [a, b]) expect((await p.client.post(`${C}/join?competition_id=${id}`)).code).toBe(0);
    const aTry = await judged(a.client, id, 'ac');
    expect(aTry.status).toBe('AC');
    await sleep(2000); // B's try comes well after A's: the virtual clock can stand between them
    const bTry = await judged(b.client, id, 'wa');
    expect(bTry.status).toBe('WA');
    const detail = await endNow(id, { rated: true });
    const startMs = Date.parse(detail.start_time);

    const v = await ts.register('virt_v');
    // Not logged in: refused; a real contestant cannot run it virtually.
    expect((await c.anon.post(`${C}/virtual/start?competition_id=${id}`)).status).toBe(401);
    const again = await a.client.post(`${C}/virtual/start?competition_id=${id}`);
    expect(again.message).toBe('你已正式参加过该比赛，不能再虚拟参赛');
    expect((await run(v.client, id)).data.may_start_virtual).toBe(true);
    const started = await v.client.post<ContestRun>(`${C}/virtual/start?competition_id=${id}`);
    expect(started.message).toBe('虚拟参赛已开始');
    expect(started.data.virtual?.active).toBe(true);
    expect(started.data.may_start_virtual).toBe(false);
    const twice = await v.client.post(`${C}/virtual/start?competition_id=${id}`);
    expect(twice.message).toBe('你已有一场进行中的虚拟参赛，结束后才能再开始');

    // At elapsed 0 nobody has tried anything yet.
    let vb = await board(v.client, id);
    expect(vb.virtual).toBeDefined();
    expect(vb.total).toBe(3);
    expect(vb.records.map((r) => r.cells[0].state)).toEqual(['none', 'none', 'none']);
    expect(vb.records.filter((r) => r.virtual).map((r) => r.username)).toEqual(['virt_v']);
    expect(vb.mine?.virtual).toBe(true);

    // Moved to the moment between A's AC and B's WA: A's AC shows, B's WA does not yet.
    const aAt = Date.parse(aTry.create_time) - startMs;
    const bAt = Date.parse(bTry.create_time) - startMs;
    const mid = Math.floor((aAt + bAt) / 2);
    const runStart = iso(-mid);
    await db()
      .updateTable('competition_virtual_runs')
      .set({ started_at: runStart })
      .where('competition_id', '=', id)
      .execute();
    vb = await board(v.client, id);
    expect(rows(vb)).toEqual([
      ['virt_a', 1, 'first', false],
      ['virt_b', 0, 'none', false],
      ['virt_v', 0, 'none', true],
    ]);
    const problems = await v.client.post<{ solved_count: number; tried_count: number }[]>(
      `${C}/search/problems?competition_id=${id}`,
    );
    expect([problems.data[0].solved_count, problems.data[0].tried_count]).toEqual([1, 1]);

    // The runner's AC: on their virtual board at their elapsed minute, marked virtual in records.
    const vTry = await judged(v.client, id, 'ac');
    expect([vTry.status, vTry.contest_mode]).toEqual(['AC', 'virtual']);
    vb = await until(
      () => board(v.client, id),
      (p) => p.mine?.solved === 1,
    );
    expect(vb.mine?.cells[0].minute).toBe(
      Math.floor((Date.parse(vTry.create_time) - Date.parse(runStart)) / MIN),
    );
    expect(rows(vb).find((r) => r[0] === 'virt_v')).toEqual(['virt_v', 1, 'accepted', true]);

    // The real board and the rating: A and B only.
    const realBoard = await board(a.client, id);
    expect(realBoard.virtual).toBeUndefined();
    expect(rows(realBoard)).toEqual([
      ['virt_a', 1, 'first', false],
      ['virt_b', 0, 'rejected', false],
    ]);
    const rated = await c.admin.post<{ participants: number }>(
      `${C}/admin/rating/recompute?competition_id=${id}`,
    );
    expect(rated.data.participants).toBe(2);
    const mine = await v.client.post<RecordPage>(
      `${C}/search/records/pageNum?competition_id=${id}&mode=virtual`,
    );
    expect(mine.data.records.map((r) => r.contest_mode)).toEqual(['virtual']);
  }, 240_000);

  it('practice after the end is marked 练习, filtered apart, never ranked', async () => {
    const id = await create();
    const p = await ts.register('virt_p');
    expect((await p.client.post(`${C}/join?competition_id=${id}`)).code).toBe(0);
    expect((await judged(p.client, id, 'wa')).contest_mode).toBe('');
    await endNow(id);
    // After the end: practice, for a participant and for anyone else.
    const late = await judged(p.client, id, 'ac');
    expect([late.status, late.contest_mode]).toEqual(['AC', 'practice']);
    const other = await judged(c.user, id, 'ac');
    expect(other.contest_mode).toBe('practice');
    const page = (mode: string) =>
      p.client
        .post<RecordPage>(`${C}/search/records/pageNum?competition_id=${id}&mode=${mode}`)
        .then((r) => r.data.records.map((x) => [x.status, x.contest_mode]));
    expect(await page('practice')).toEqual([['AC', 'practice']]);
    expect(await page('contest')).toEqual([['WA', '']]);
    expect((await page('all')).length).toBe(2);
    const bad = await p.client.post(`${C}/search/records/pageNum?competition_id=${id}&mode=x`);
    expect(bad.message).toMatch(/提交类型只能是/);
    const b = await board(c.admin, id);
    expect(rows(b)).toEqual([['virt_p', 0, 'rejected', false]]);
  }, 240_000);

  it('a window contest: 开始, inside accepted, outside refused, board times from the own start', async () => {
    const refused = await c.admin.post(
      `${C}/admin/algorithm/add`,
      body({ window_minutes: 30, freeze_minutes: 10 }),
    );
    expect(refused.message).toMatch(/每人限时的比赛不能设置封榜时长/);
    const tooLong = await c.admin.post(`${C}/admin/algorithm/add`, body({ window_minutes: 60 * 24 }));
    expect(tooLong.message).toMatch(/每人限时不能超过比赛时长/);

    const id = await create({ window_minutes: 30, start_time: iso(-20 * MIN) });
    const w = await ts.register('virt_w');
    // Not logged in, not joined, not started.
    expect((await c.anon.post(`${C}/window/start?competition_id=${id}`)).status).toBe(401);
    expect((await c.anon.get(`${C}/run/mine?competition_id=${id}`)).status).toBe(401);
    expect((await w.client.post(`${C}/window/start?competition_id=${id}`)).message).toBe(
      '请先报名参加比赛再点击开始',
    );
    expect((await w.client.post(`${C}/join?competition_id=${id}`)).code).toBe(0);
    const early = await send(w.client, id, 'ac');
    expect([early.status, early.message]).toEqual([
      403,
      '本场比赛每人限时 30 分钟，请先点击“开始”计时后再提交',
    ]);
    expect((await run(w.client, id)).data).toMatchObject({ window_minutes: 30, window_started_at: null });
    // The problems open with the participant's own clock.
    const hidden = await w.client.post(`${C}/search/problems?competition_id=${id}`);
    expect(hidden.message).toBe('本场比赛每人限时 30 分钟，报名并点击“开始”后才能查看题目');

    const started = await w.client.post<ContestRun>(`${C}/window/start?competition_id=${id}`);
    expect(started.message).toBe('已开始计时');
    const at = started.data.window_started_at!;
    expect(Date.parse(started.data.window_end_at!) - Date.parse(at)).toBe(30 * MIN);
    // A second press keeps the first start.
    const again = await w.client.post<ContestRun>(`${C}/window/start?competition_id=${id}`);
    expect(again.data.window_started_at).toBe(at);
    expect((await w.client.post(`${C}/search/problems?competition_id=${id}`)).code).toBe(0);

    const ok = await judged(w.client, id, 'ac');
    expect([ok.status, ok.contest_mode]).toEqual(['AC', '']);
    // 20 minutes after the contest's start, but 0 after the participant's own.
    const b = await until(
      () => board(w.client, id),
      (p) => p.mine?.solved === 1,
    );
    expect([b.mine?.cells[0].minute, b.mine?.penalty]).toEqual([0, 0]);

    // The window used up: refused.
    await db()
      .updateTable('competition_participants')
      .set({ started_at: iso(-31 * MIN) })
      .where('competition_id', '=', id)
      .execute();
    const late = await send(w.client, id, 'ac');
    expect([late.status, late.message]).toEqual([403, '你的比赛时间（30 分钟）已用完，不能再提交']);

    // The window is cut at the contest's end; a window contest cannot be frozen.
    const short = await create({ window_minutes: 30, start_time: iso(-20 * MIN), end_time: iso(25 * MIN) });
    expect((await w.client.post(`${C}/join?competition_id=${short}`)).code).toBe(0);
    const cut = await w.client.post<ContestRun>(`${C}/window/start?competition_id=${short}`);
    const info = (await w.client.get<CompetitionDetail>(`${C}/search/competitionId?competition_id=${short}`))
      .data;
    expect(cut.data.window_end_at).toBe(info.end_time);
    expect(info.window_minutes).toBe(30);
    const frozen = await c.admin.post(`${C}/admin/freeze?competition_id=${short}&minutes=5`);
    expect(frozen.message).toBe('每人限时的比赛不能封榜');
    // A contest without a window needs no 开始.
    const plain = await create();
    expect((await w.client.post(`${C}/window/start?competition_id=${plain}`)).message).toBe(
      '本场比赛不限时，无需点击开始',
    );
  }, 240_000);

  it('an OI contest run virtually shows no verdicts while the run lasts', async () => {
    const id = await create({ rule: 'oi' });
    await endNow(id, { rule: 'oi' });
    const o = await ts.register('virt_o');
    expect((await o.client.post(`${C}/virtual/start?competition_id=${id}`)).code).toBe(0);
    const r = await send(o.client, id, 'ac');
    expect(r.code).toBe(0);
    const truth = await verdict(c.admin, r.data.submission_id);
    expect([truth.status, truth.contest_mode]).toEqual(['AC', 'virtual']);
    const seen = await o.client.get<SubmissionRecord>(
      `${P}/records/recordId?submission_id=${r.data.submission_id}`,
    );
    expect(seen.data.status).toBe('PD');
    const b = await board(o.client, id);
    expect([b.hidden, b.records.length, b.virtual !== undefined]).toEqual([true, 0, true]);
    // Only after the end.
    const running = await create();
    expect((await o.client.post(`${C}/virtual/start?competition_id=${running}`)).message).toBe(
      '比赛结束后才能虚拟参赛',
    );
  }, 240_000);
});
