import ExcelJS from 'exceljs';
import type {
  CompetitionAddRequestRaw,
  CompetitionDetail,
  CompetitionEdit,
  CompetitionInfoPage,
  ContestProblem,
  ContestProblemItem,
  JoinRecord,
  RankPage,
  RecordPage,
  TopUser,
} from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import { endContestNow } from '../../../test/contests';
import { type RoleClients, roleClients, verdict } from '../../../test/problems';

const C = '/api/competition';
const AB_PY = 'a, b = map(int, input().split())\nprint(a + b)\n';
const AB_PY_WRONG = 'a, b = map(int, input().split())\nprint(a - b)\n';
const MIN = 60_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

const contest = (over: Partial<CompetitionAddRequestRaw> = {}): CompetitionAddRequestRaw => ({
  name: '周赛',
  description: '# 说明',
  type: 1,
  start_time: iso(-10 * MIN),
  end_time: iso(60 * MIN),
  problems: [{ problem_id: 1000 }],
  ...over,
});

async function create(c: Client, body: CompetitionAddRequestRaw, query = ''): Promise<number> {
  const res = await c.post<{ competition_id: number }>(`${C}/admin/algorithm/add${query}`, body);
  if (res.code !== 0) throw new Error(`create: ${res.message}`);
  return res.data.competition_id;
}

async function contestSubmit(c: Client, id: number, source: string, index = 0, problemId = 1000) {
  return c.post<{ submission_id: number }>('/api/problem/algorithm/judge/submit', {
    problem_id: problemId,
    language: 'Python3',
    source_code: source,
    competition_id: id,
    index,
  });
}

/** Reads the scoreboard stream until an event shows a newer version than the first one. */
async function rankEvents(ts: TestServer, c: Client, id: number, during: () => Promise<void>) {
  const ac = new AbortController();
  const res = await fetch(`${ts.url}${C}/search/rank/stream?competition_id=${id}`, {
    headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    signal: ac.signal,
  });
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = res.body!.getReader();
  const events: { version: number }[] = [];
  let buf = '';
  let subscribed!: () => void;
  const firstEvent = new Promise<void>((r) => (subscribed = r));
  const read = (async () => {
    const dec = new TextDecoder();
    while (events.length < 2 || events[events.length - 1].version <= events[0].version) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += dec.decode(value);
      for (const m of buf.matchAll(/event: rank\ndata: (.+)\n\n/g)) events.push(JSON.parse(m[1]));
      buf = buf.slice(buf.lastIndexOf('\n\n') + 2);
      if (events.length) subscribed();
    }
  })();
  // The stream opens with the current board: from then on it sees every change.
  await Promise.race([firstEvent, read]);
  await during();
  await Promise.race([read, new Promise((r) => setTimeout(r, 60_000))]);
  ac.abort();
  return events;
}

describe.each(backends())('competitions on $name', (backend) => {
  let ts: TestServer;
  let c: RoleClients;
  let other: { client: Client; uuid: number };
  beforeAll(async () => {
    ts = await startTestServer(backend, { rateLimits: { submit: { max: 1000, windowMs: 60_000 } } });
    c = await roleClients(ts, 'cmp');
    other = await ts.register('cmp_other');
  }, 60_000);
  afterAll(() => ts?.close());

  it('creates contests: validation, roles, users’ contests unrated', async () => {
    const cases: [object, RegExp][] = [
      [contest({ name: '' }), /^比赛名称不能为空/],
      [contest({ end_time: iso(-20 * MIN) }), /^结束时间/],
      [contest({ start_time: 'soon' }), /^开始时间/],
      [contest({ problems: [] }), /^题目列表/],
      [contest({ problems: [{ problem_id: 1000 }, { problem_id: 1000 }] }), /^题目列表/],
      [contest({ problems: [{ problem_id: 987654 }] }), /^题目列表中的题目不存在/],
      [contest({ type: 4 as 1 }), /^比赛类型/],
      [contest({ freeze_minutes: 100 }), /^封榜时长/],
      [contest({ start_time: iso(-90 * MIN), end_time: iso(-80 * MIN) }), /^结束时间必须晚于当前时间/],
    ];
    for (const [body, message] of cases) {
      const res = await c.user.post(`${C}/user/add`, body);
      expect([res.status, res.message]).toEqual([400, expect.stringMatching(message)]);
    }
    expect((await c.anon.post(`${C}/user/add`, contest())).code).toBe(40101);
    expect([40101, 40301]).toContain((await c.banned.post(`${C}/user/add`, contest())).code);

    const mine = await c.user.post<{ competition_id: number }>(`${C}/user/add`, contest({ rated: true }));
    expect(mine.code).toBe(0);
    const d = await c.anon.post<CompetitionDetail>(
      `${C}/search/competitionId?competition_id=${mine.data.competition_id}`,
    );
    expect(d.data).toMatchObject({
      name: '周赛',
      description: '# 说明',
      rated: false,
      state: 'running',
      has_password: false,
    });
    // The author's name comes with their rating: unrated so far (1400, shown as 未评级).
    expect(d.data).toMatchObject({ owner_name: 'cmp_user', owner_rating: 1400, owner_rated: false });

    expect((await c.user.post(`${C}/admin/algorithm/add`, contest())).status).toBe(403);
    const rated = await create(c.admin, contest({ name: '计分赛' }), '?status=1');
    expect(
      (await c.anon.post<CompetitionDetail>(`${C}/search/competitionId?competition_id=${rated}`)).data.rated,
    ).toBe(true);

    const list = await c.anon.post<CompetitionInfoPage>(`${C}/search/page?PageNum=1`);
    expect(list.data.records.map((r) => r.competition_id)).toEqual(
      expect.arrayContaining([rated, mine.data.competition_id]),
    );
    expect((await c.anon.post(`${C}/search/competitionId?competition_id=999999`)).status).toBe(404);
    expect((await c.anon.post(`${C}/search/competitionId?competition_id=x`)).message).toMatch(/^比赛编号/);

    // Editing: the author before the start, admins always; deleting: admins only.
    const later = (
      await c.user.post<{ competition_id: number }>(
        `${C}/user/add`,
        contest({ start_time: iso(60 * MIN), end_time: iso(120 * MIN) }),
      )
    ).data.competition_id;
    const edit = await c.user.get<CompetitionEdit>(`${C}/get?competition_id=${later}`);
    expect(edit.data.problems).toEqual([
      { problem_id: 1000, display_name: 'A', name: expect.any(String), title: '' },
    ]);
    expect((await other.client.get(`${C}/get?competition_id=${later}`)).status).toBe(403);
    const renamed = contest({
      name: '改名',
      start_time: iso(60 * MIN),
      end_time: iso(120 * MIN),
      problems: [{ problem_id: 1000, display_name: '签到' }],
    });
    expect((await other.client.post(`${C}/admin/modify?competition_id=${later}`, renamed)).status).toBe(403);
    expect((await c.user.post(`${C}/admin/modify?competition_id=${later}`, renamed)).code).toBe(0);
    expect((await c.user.get<CompetitionEdit>(`${C}/get?competition_id=${later}`)).data).toMatchObject({
      name: '改名',
      problems: [{ display_name: '签到' }],
    });
    expect(
      (await c.user.post(`${C}/admin/modify?competition_id=${mine.data.competition_id}`, contest())).status,
    ).toBe(403); // started
    expect((await c.user.post(`${C}/admin/delete?competition_id=${later}`)).status).toBe(403);
    expect((await c.admin.post(`${C}/admin/delete?competition_id=${later}`)).code).toBe(0);
    expect((await c.anon.post(`${C}/search/competitionId?competition_id=${later}`)).status).toBe(404);
  });

  it('join with a password, hidden problems before the start, cancel', async () => {
    const id = await create(
      c.admin,
      contest({ start_time: iso(60 * MIN), end_time: iso(120 * MIN), password: 'open-sesame' }),
    );
    expect((await c.anon.post(`${C}/join?competition_id=${id}&password=open-sesame`)).code).toBe(40101);
    expect([40101, 40301]).toContain(
      (await c.banned.post(`${C}/join?competition_id=${id}&password=open-sesame`)).code,
    );
    const wrong = await c.user.post(`${C}/join?competition_id=${id}&password=nope`);
    expect([wrong.status, wrong.message]).toEqual([403, expect.stringMatching(/^比赛密码错误/)]);
    expect((await c.user.post(`${C}/join?competition_id=${id}`)).status).toBe(403);
    expect((await c.user.post(`${C}/join?competition_id=${id}&password=open-sesame`)).code).toBe(0);
    expect(
      (await c.user.post<CompetitionDetail>(`${C}/search/competitionId?competition_id=${id}`)).data,
    ).toMatchObject({ joined: true, participants: 1, has_password: true });

    const hidden = await c.user.post(`${C}/search/problems?competition_id=${id}`);
    expect([hidden.status, hidden.message]).toEqual([403, expect.stringMatching(/尚未开始/)]);
    expect((await c.user.post(`${C}/search/problem?competition_id=${id}&index=0`)).status).toBe(403);
    expect(
      (await c.admin.post<ContestProblemItem[]>(`${C}/search/problems?competition_id=${id}`)).data,
    ).toHaveLength(1);
    const early = await contestSubmit(c.user, id, AB_PY);
    expect([early.status, early.message]).toEqual([403, expect.stringMatching(/尚未开始/)]);

    expect((await c.user.post(`${C}/join/cancel?competition_id=${id}`)).code).toBe(0);
    expect((await c.user.post(`${C}/join/cancel?competition_id=${id}`)).status).toBe(400);
    expect(
      (await c.user.post<CompetitionDetail>(`${C}/search/competitionId?competition_id=${id}`)).data
        .participants,
    ).toBe(0);
  });

  it('running contest: only participants submit; live ranking, stream, freeze, records, export', async () => {
    const id = await create(c.admin, contest({ name: '实时赛' }));
    const notJoined = await contestSubmit(c.user, id, AB_PY);
    expect([notJoined.status, notJoined.message]).toEqual([403, expect.stringMatching(/报名/)]);
    expect((await c.user.post(`${C}/join?competition_id=${id}`)).code).toBe(0);
    expect((await other.client.post(`${C}/join?competition_id=${id}`)).code).toBe(0);
    expect((await contestSubmit(c.user, id, AB_PY, 3)).message).toMatch(/^比赛中没有第 4 题/);
    expect((await contestSubmit(c.user, id, AB_PY, 0, 1001)).message).toMatch(/^题目与比赛第 A 题不符/);

    const problems = await c.user.post<ContestProblemItem[]>(`${C}/search/problems?competition_id=${id}`);
    expect(problems.data).toEqual([
      expect.objectContaining({ index: 0, display_name: 'A', problem_id: 1000, my_status: 'none' }),
    ]);
    const one = await c.user.post<ContestProblem>(`${C}/search/problem?competition_id=${id}&index=0`);
    expect(one.data).toMatchObject({ kind: 'algorithm', display_name: 'A', problem: { problem_id: 1000 } });

    // user: WA then AC (first solver); other: AC → other ranks first (no 20-minute penalty).
    const events = await rankEvents(ts, c.anon, id, async () => {
      const wa = (await contestSubmit(c.user, id, AB_PY_WRONG)).data.submission_id;
      expect((await verdict(c.user, wa)).status).toBe('WA');
    });
    expect(events[events.length - 1].version).toBeGreaterThan(events[0].version);
    const ac = (await contestSubmit(c.user, id, AB_PY)).data.submission_id;
    expect((await verdict(c.user, ac)).status).toBe('AC');
    const ac2 = (await contestSubmit(other.client, id, AB_PY)).data.submission_id;
    expect((await verdict(other.client, ac2)).status).toBe('AC');
    const board = () => c.anon.post<RankPage>(`${C}/search/rank/pageNum?competition_id=${id}&PageNum=1`);
    // Verdict events reach the board asynchronously.
    await expect.poll(async () => (await board()).data.records.map((r) => r.solved)).toEqual([1, 1]);

    const rank = await board();
    expect(rank.data.frozen).toBe(false);
    expect(rank.data.records.map((r) => [r.username, r.rank, r.solved])).toEqual([
      ['cmp_other', 1, 1],
      ['cmp_user', 2, 1],
    ]);
    const [first, second] = rank.data.records;
    // Started 10 minutes ago: minute 10 (11 on a slow machine), plus 20 for the wrong try.
    expect(first.penalty).toBeGreaterThanOrEqual(10);
    expect(second.penalty).toBe(second.cells[0].minute! + 20);
    expect(second.cells[0]).toMatchObject({ state: 'first', rejected: 1, label: '+1' });
    expect(first.cells[0]).toMatchObject({ state: 'accepted', rejected: 0, label: '+' });

    const records = await c.user.post<RecordPage>(
      `${C}/search/records/pageNum?competition_id=${id}&PageNum=1`,
    );
    expect(records.data.records.map((r) => r.status)).toEqual(['AC', 'WA']);
    expect(records.data.records.every((r) => r.competition_id === id && r.index === 0)).toBe(true);
    expect((await c.anon.post(`${C}/search/records/pageNum?competition_id=${id}`)).code).toBe(40101);

    // Freeze the last 65 of 70 minutes: every try so far (minute 10) is hidden from others.
    expect((await c.user.post(`${C}/admin/freeze?competition_id=${id}&minutes=65`)).status).toBe(403);
    expect((await c.admin.post(`${C}/admin/freeze?competition_id=${id}&minutes=500`)).message).toMatch(
      /^封榜时长不能超过比赛时长/,
    );
    expect((await c.admin.post(`${C}/admin/freeze?competition_id=${id}&minutes=65`)).code).toBe(0);
    const seenByOther = (await other.client.post<RankPage>(`${C}/search/rank/pageNum?competition_id=${id}`))
      .data;
    expect(seenByOther.frozen).toBe(true);
    const userRow = seenByOther.records.find((r) => r.username === 'cmp_user')!;
    expect(userRow.cells[0]).toMatchObject({ state: 'pending', pending: 2, rejected: 0 });
    expect(seenByOther.mine).toMatchObject({ solved: 1, cells: [{ state: 'accepted' }] }); // own results stay visible
    expect((await c.user.post(`${C}/search/rank/pageNum?competition_id=${id}&status=1`)).status).toBe(403);
    const truth = (await c.admin.post<RankPage>(`${C}/search/rank/pageNum?competition_id=${id}&status=1`))
      .data;
    expect(truth.frozen).toBe(false);
    expect(truth.records.map((r) => r.solved)).toEqual([1, 1]);
    expect((await c.admin.post(`${C}/admin/unfreeze?competition_id=${id}`)).code).toBe(0);
    const revealed = (await other.client.post<RankPage>(`${C}/search/rank/pageNum?competition_id=${id}`))
      .data;
    expect(revealed.frozen).toBe(false);
    expect(revealed.records.map((r) => r.username)).toEqual(['cmp_other', 'cmp_user']);

    // Export: admins only, a real workbook.
    expect((await c.anon.get(`${C}/get/rank/excel?competition_id=${id}`)).code).toBe(40101);
    expect((await c.user.get(`${C}/get/rank/excel?competition_id=${id}`)).status).toBe(403);
    const res = await fetch(`${ts.url}${C}/get/rank/excel?competition_id=${id}`, {
      headers: { cookie: [...c.admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const ws = wb.getWorksheet('排名')!;
    expect(ws.getRow(1).values).toEqual([
      undefined,
      '排名',
      '用户 ID',
      '昵称',
      '解题数',
      '罚时（分钟）',
      'A',
      // Issue 26: medals (after the end) and 打星 (awards.ts).
      '奖牌',
      '打星',
    ]);
    expect(ws.getRow(2).getCell(3).value).toBe('cmp_other');
    expect(ws.getRow(3).getCell(6).value).toMatch(/^\+1 \(\d+\)$/);
  }, 180_000);

  it('ended rated contest: ratings applied once, recompute gives the same, records and top', async () => {
    const a = await ts.register('cmp_rate_a');
    const b = await ts.register('cmp_rate_b');
    const body = contest({ name: '计分周赛', start_time: iso(-2 * MIN), end_time: iso(60 * MIN) });
    const id = await create(c.admin, body, '?status=1');
    for (const p of [a, b]) expect((await p.client.post(`${C}/join?competition_id=${id}`)).code).toBe(0);
    const sa = (await contestSubmit(a.client, id, AB_PY)).data.submission_id;
    const sb = (await contestSubmit(b.client, id, AB_PY_WRONG)).data.submission_id;
    await verdict(a.client, sa);
    await verdict(b.client, sb);
    await endContestNow(c.admin, id, body);
    expect(
      (await c.anon.post<CompetitionDetail>(`${C}/search/competitionId?competition_id=${id}`)).data.state,
    ).toBe('ended');
    // After the end: practice is accepted and does not change the ranking.
    const practice = (await contestSubmit(b.client, id, AB_PY)).data.submission_id;
    expect((await verdict(b.client, practice)).status).toBe('AC');
    expect((await c.user.post(`${C}/admin/rating/recompute?competition_id=${id}`)).status).toBe(403);

    // The periodic job would do it; marking rated again runs it now. Twice: applied once.
    for (let i = 0; i < 2; i++)
      expect((await c.admin.post(`${C}/admin/rated?competition_id=${id}&rated=1`)).code).toBe(0);
    // Both new (1400): a ranks 1, b ranks 2 → +96 / −98 (see rating/codeforces.test.ts).
    const recordOf = async (p: { client: Client }) =>
      (await p.client.post<JoinRecord[]>(`${C}/user/joins/get`, { pageNum: 0 })).data.find(
        (r) => r.competition_id === id,
      )!;
    expect(await recordOf(a)).toMatchObject({
      rank: 1,
      rating_change: 96,
      rating_after: 1496,
      ac_num: 1,
      total_num: 1,
      joins: 2,
    });
    expect(await recordOf(b)).toMatchObject({ rank: 2, rating_change: -98, rating_after: 1302, ac_num: 0 });
    const again = await c.admin.post<{ participants: number }>(
      `${C}/admin/rating/recompute?competition_id=${id}`,
    );
    expect(again.data.participants).toBe(2);
    expect(await recordOf(a)).toMatchObject({ rating_change: 96, rating_after: 1496 });
    const top = (await c.anon.post<TopUser[]>(`${C}/search/top`)).data;
    expect(top[0]).toMatchObject({ username: 'cmp_rate_a', rating: 1496, contests: 1 });
    expect(top.find((t) => t.username === 'cmp_rate_b')).toMatchObject({ rating: 1302 });
    const ratingPage = await c.anon.post<{ records: TopUser[]; total: number }>(
      `${C}/search/rating/page?pageNum=1&pageSize=1`,
    );
    expect(ratingPage.data).toMatchObject({ total: 2, records: [{ username: 'cmp_rate_a' }] });

    // An author who is now rated: their contests show their rating, in the list and the detail
    // (starting last, it heads the list).
    const authored = (
      await a.client.post<{ competition_id: number }>(
        `${C}/user/add`,
        contest({
          name: '甲的比赛',
          start_time: iso(20 * 24 * 60 * MIN),
          end_time: iso(20 * 24 * 60 * MIN + MIN),
        }),
      )
    ).data.competition_id;
    const author = async () => {
      const detail = (
        await c.anon.post<CompetitionDetail>(`${C}/search/competitionId?competition_id=${authored}`)
      ).data;
      const listed = (await c.anon.post<CompetitionInfoPage>(`${C}/search/page?PageNum=1`)).data.records.find(
        (r) => r.competition_id === authored,
      )!;
      expect(listed).toMatchObject({ owner_rating: detail.owner_rating, owner_rated: detail.owner_rated });
      return [detail.owner_name, detail.owner_uuid, detail.owner_rating, detail.owner_rated];
    };
    expect(await author()).toEqual(['cmp_rate_a', a.uuid, 1496, true]);

    const page1 = await a.client.post<JoinRecord[]>(`${C}/user/joins/get`, { pageNum: 1 });
    expect(page1.data.length).toBeLessThanOrEqual(5);
    expect(page1.data[0]).toMatchObject({ competition_id: id, total: 1 });
    expect((await c.anon.post(`${C}/user/joins/get`, { pageNum: 0 })).code).toBe(40101);

    // Unrated again: rolled back to where they were.
    expect((await c.admin.post(`${C}/admin/rated?competition_id=${id}&rated=0`)).code).toBe(0);
    expect(await recordOf(a)).toMatchObject({ rating_change: null, rating_after: null });
    expect(await author()).toEqual(['cmp_rate_a', a.uuid, 1400, false]);
    expect(
      (await c.anon.post<TopUser[]>(`${C}/search/top`)).data.find((t) => t.username === 'cmp_rate_a'),
    ).toBeUndefined();
  }, 120_000);
});
