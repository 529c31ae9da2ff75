import type { AwardsView, BalloonList, CompetitionAddRequestRaw, RankPage } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import { verdict } from '../../../test/problems';

// Issue 26 part 5, on-site tools: the balloon page (each team's first AC per problem, newest
// first, the first solver marked, 已送达 stored), medals on the final board and in the Excel
// export with 打星 participants left out, for admins only.

const C = '/api/competition';
const P = '/api/problem/algorithm';
const MIN = 60_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const PY_AB = 'print(sum(map(int, open(0).read().split())))\n';

const contest = (over: Partial<CompetitionAddRequestRaw> = {}): CompetitionAddRequestRaw => ({
  name: '区域赛现场',
  description: '',
  type: 1,
  start_time: iso(-10 * MIN),
  end_time: iso(60 * MIN),
  freeze_minutes: 65,
  problems: [{ problem_id: 1000 }, { problem_id: 1001 }],
  ...over,
});

describe.each(backends())('on-site tools on $name', (backend) => {
  let ts: TestServer;
  let admin: Client;
  let teams: { client: Client; uuid: number }[];
  let id: number;

  const solve = async (c: Client, source: string) => {
    const sent = await c.post<{ submission_id: number }>(`${P}/judge/submit`, {
      problem_id: 1000,
      language: 'Python3',
      source_code: source,
      competition_id: id,
      index: 0,
    });
    expect(sent.code).toBe(0);
    return (await verdict(c, sent.data.submission_id)).status;
  };
  const balloons = async () =>
    (await admin.get<BalloonList>(`${C}/admin/balloons?competition_id=${id}`)).data;

  beforeAll(async () => {
    ts = await startTestServer(backend, { rateLimits: { submit: { max: 1000, windowMs: 60_000 } } });
    admin = await ts.login(ts.admin.account, ts.admin.password);
    teams = [await ts.register('bal_one'), await ts.register('bal_two'), await ts.register('bal_three')];
    // The whole contest is frozen: balloons come from the true board all the same.
    id = (await admin.post<{ competition_id: number }>(`${C}/admin/algorithm/add`, contest())).data
      .competition_id;
    for (const t of teams) expect((await t.client.post(`${C}/join?competition_id=${id}`)).code).toBe(0);
  }, 60_000);
  afterAll(() => ts?.close());

  it('lists each first AC newest first, marks the first solver, and keeps 已送达', async () => {
    expect(await solve(teams[0].client, PY_AB)).toBe('AC');
    expect(await solve(teams[1].client, 'print(0)\n')).toBe('WA');
    expect(await solve(teams[1].client, PY_AB)).toBe('AC');
    // A second AC of the same problem brings no second balloon.
    expect(await solve(teams[0].client, PY_AB)).toBe('AC');

    const list = await balloons();
    expect(list.items.map((b) => [b.username, b.display_name, b.first, b.delivered])).toEqual([
      ['bal_two', 'A', false, false],
      ['bal_one', 'A', true, false],
    ]);
    expect(list.pending).toBe(2);
    expect(Date.parse(list.items[0].solved_at)).toBeGreaterThanOrEqual(Date.parse(list.items[1].solved_at));

    const tick = await admin.post(
      `${C}/admin/balloons/deliver?competition_id=${id}&uuid=${teams[0].uuid}&index=0&delivered=1`,
    );
    expect([tick.code, tick.message]).toEqual([0, '已标记为送达']);
    const after = await balloons();
    expect(after.items.map((b) => [b.username, b.delivered])).toEqual([
      ['bal_two', false],
      ['bal_one', true],
    ]);
    expect(after.items[1].delivered_at).not.toBeNull();
    expect(after.pending).toBe(1);
    // Undo.
    await admin.post(
      `${C}/admin/balloons/deliver?competition_id=${id}&uuid=${teams[0].uuid}&index=0&delivered=0`,
    );
    expect((await balloons()).pending).toBe(2);
  }, 180_000);

  it('refuses a balloon nobody earned, and everyone but admins', async () => {
    const none = await admin.post(
      `${C}/admin/balloons/deliver?competition_id=${id}&uuid=${teams[2].uuid}&index=1&delivered=1`,
    );
    expect([none.status, none.message]).toEqual([400, '该选手尚未通过这道题，没有要送的气球']);
    const asTeam = await teams[0].client.get(`${C}/admin/balloons?competition_id=${id}`);
    expect(asTeam.status).toBe(403);
    const tickAsTeam = await teams[0].client.post(
      `${C}/admin/balloons/deliver?competition_id=${id}&uuid=${teams[0].uuid}&index=0&delivered=1`,
    );
    expect(tickAsTeam.status).toBe(403);
  });

  it('gives medals on the final board and in the export, skipping 打星 participants', async () => {
    const set = await admin.post(`${C}/admin/awards/set?competition_id=${id}&gold=1&silver=1&bronze=1`);
    expect([set.code, set.message]).toEqual([0, '奖牌设置已保存']);
    const star = await admin.post(
      `${C}/admin/unofficial?competition_id=${id}&uuid=${teams[0].uuid}&unofficial=1`,
    );
    expect([star.code, star.message]).toEqual([0, '已标记为打星']);
    const view = (await admin.get<AwardsView>(`${C}/admin/awards?competition_id=${id}`)).data;
    expect([view.gold, view.silver, view.bronze]).toEqual([1, 1, 1]);
    expect(view.participants.map((p) => [p.username, p.unofficial])).toEqual([
      ['bal_one', true],
      ['bal_two', false],
      ['bal_three', false],
    ]);
    const board = async (c: Client, status = 0) =>
      (
        await c.get<RankPage>(`${C}/search/rank/pageNum?competition_id=${id}&status=${status}`)
      ).data.records.map((r) => [r.username, r.rank, r.unofficial ?? false, r.medal ?? null]);
    // Running (the true board, the admin's): 打星 shows, medals do not.
    expect(await board(admin, 1)).toEqual([
      ['bal_one', 1, true, null],
      ['bal_two', 2, false, null],
      ['bal_three', 3, false, null],
    ]);

    // Ended, still frozen: no medals until the reveal.
    const edit = await admin.post(`${C}/admin/modify?competition_id=${id}`, {
      // Ends now, not a second ago: the tries above were made within the last second on a fast
      // machine, and a try after the end is practice (it would take bal_two's AC off the board).
      ...contest({ start_time: iso(-20 * MIN), end_time: iso(0), freeze_minutes: 5 }),
      exam_mode: undefined,
    });
    expect(edit.code).toBe(0);
    expect((await board(teams[2].client)).every((r) => r[3] === null)).toBe(true);
    expect((await admin.post(`${C}/admin/unfreeze?competition_id=${id}`)).code).toBe(0);
    // The official winner gets gold; nobody else solved anything, so no silver or bronze.
    expect(await board(teams[2].client)).toEqual([
      ['bal_one', 1, true, null],
      ['bal_two', 2, false, 'gold'],
      ['bal_three', 3, false, null],
    ]);

    const res = await fetch(`${ts.url}${C}/get/rank/excel?competition_id=${id}`, {
      headers: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.status).toBe(200);
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = wb.getWorksheet('排名')!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const col = (name: string) => header.indexOf(name);
    const rows = [2, 3, 4].map((n) => {
      const v = sheet.getRow(n).values as unknown[];
      return [v[col('昵称')], v[col('奖牌')] ?? '', v[col('打星')] ?? ''];
    });
    expect(rows).toEqual([
      ['bal_one', '', '打星'],
      ['bal_two', '金牌', ''],
      ['bal_three', '', ''],
    ]);
  });

  it('creates contest accounts from a list, registered into the contest, exported with their passwords', async () => {
    const running = (
      await admin.post<{ competition_id: number }>(`${C}/admin/algorithm/add`, contest({ name: '现场赛' }))
    ).data.competition_id;
    const body = {
      prefix: 'site',
      people: [
        { name: '张三', school: '第一中学' },
        { name: '李四', school: '' },
      ],
    };
    const res = await fetch(`${ts.url}${C}/admin/accounts/bulk?competition_id=${running}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = wb.getWorksheet('参赛账号')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      '序号',
      '姓名',
      '学校',
      '账号',
      '初始密码',
      '比赛',
    ]);
    const rows = [2, 3].map((n) => (sheet.getRow(n).values as unknown[]).slice(1));
    expect(rows.map((r) => [r[1], r[2] ?? '', r[3]])).toEqual([
      ['张三', '第一中学', 'site001'],
      ['李四', '', 'site002'],
    ]);
    const password = String(rows[0][4]);
    expect(password).toMatch(/^[A-Za-z2-9]{10}$/);

    // The account signs in with its printed password, is in the contest, with its name and school.
    const zhang = await ts.login('site001', password);
    const me = await zhang.get<{ username: string; school: string }>('/api/user/current');
    expect([me.data.username, me.data.school]).toEqual(['张三', '第一中学']);
    const detail = await zhang.get<{ joined: boolean }>(
      `${C}/search/competitionId?competition_id=${running}`,
    );
    expect(detail.data.joined).toBe(true);
    const board = await admin.get<RankPage>(`${C}/search/rank/pageNum?competition_id=${running}`);
    expect(board.data.records.map((r) => r.username).sort()).toEqual(['张三', '李四'].sort());

    // All or nothing: a list whose accounts exist is refused before any is made.
    const again = await admin.post(`${C}/admin/accounts/bulk?competition_id=${running}`, body);
    expect([again.status, again.message]).toEqual([400, '账号 site001、site002 已存在，请换一个账号前缀']);
    const asUser = await teams[0].client.post(`${C}/admin/accounts/bulk?competition_id=${running}`, {
      ...body,
      prefix: 'other',
    });
    expect(asUser.status).toBe(403);
  });

  it('leaves 打星 participants out of the rating', async () => {
    const body = contest({ name: '计分现场赛', freeze_minutes: 0 });
    const rated = (await admin.post<{ competition_id: number }>(`${C}/admin/algorithm/add?status=1`, body))
      .data.competition_id;
    const [a, b, c] = [
      await ts.register('rate_one'),
      await ts.register('rate_two'),
      await ts.register('rate_star'),
    ];
    for (const t of [a, b, c])
      expect((await t.client.post(`${C}/join?competition_id=${rated}`)).code).toBe(0);
    const submit = async (t: { client: Client }, source: string) => {
      const sent = await t.client.post<{ submission_id: number }>(`${P}/judge/submit`, {
        problem_id: 1000,
        language: 'Python3',
        source_code: source,
        competition_id: rated,
        index: 0,
      });
      return (await verdict(t.client, sent.data.submission_id)).status;
    };
    expect(await submit(c, PY_AB)).toBe('AC');
    expect(await submit(a, PY_AB)).toBe('AC');
    expect(await submit(b, 'print(0)\n')).toBe('WA');
    expect(
      (await admin.post(`${C}/admin/unofficial?competition_id=${rated}&uuid=${c.uuid}&unofficial=1`)).code,
    ).toBe(0);
    // The board has every try before the contest ends (its final rows are written from it).
    await expect
      .poll(async () =>
        (
          await admin.get<RankPage>(`${C}/search/rank/pageNum?competition_id=${rated}&status=1`)
        ).data.records.map((r) => [r.username, r.unofficial ?? false, r.cells[0].label]),
      )
      .toEqual([
        ['rate_star', true, '+'],
        ['rate_one', false, '+'],
        ['rate_two', false, '-1'],
      ]);
    const ended = await admin.post(`${C}/admin/modify?competition_id=${rated}`, {
      ...body,
      start_time: iso(-20 * MIN),
      // Now: every try above is inside the contest (a later end would leave one as practice).
      end_time: iso(0),
    });
    expect(ended.code).toBe(0);
    // As the periodic job would (marking it rated again applies it now): the two official
    // participants are rated; the 打星 winner is ranked first but not rated.
    expect((await admin.post(`${C}/admin/rated?competition_id=${rated}&rated=1`)).code).toBe(0);
    const change = async (t: { client: Client }) =>
      (
        await t.client.post<{ competition_id: number; rank: number; rating_change: number | null }[]>(
          `${C}/user/joins/get`,
          { pageNum: 0 },
        )
      ).data.find((r) => r.competition_id === rated);
    expect((await change(c))?.rating_change ?? null).toBeNull();
    expect((await change(a))?.rating_change).toBeGreaterThan(0);
    expect((await change(b))?.rating_change).toBeLessThan(0);
  }, 120_000);
});
