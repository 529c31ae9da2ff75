import type {
  CompetitionAddRequestRaw,
  MyTeam,
  RankPage,
  RecordPage,
  SubmissionRecord,
  TeamList,
  TeamView,
  TestCaseSummary,
} from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backends,
  type Client,
  startTestServer,
  TEST_PASSWORD,
  type TestServer,
} from '../../../test/helpers';
import { problemBody, verdict } from '../../../test/problems';

/**
 * Issue 26 part 3 on both databases, judged for real: teams of a team contest (create, join by
 * invite code, limits, unique names, who may manage them), one board row per team with its members'
 * tries, teammates reading each other's code (other teams not), a 打星 team ranked without a medal,
 * and the Contest API's teams, organizations and accounts.
 */

const C = '/api/competition';
const P = '/api/problem/algorithm';
const MIN = 60_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const SOURCES = { ac: 'a, b = map(int, input().split())\nprint(a + b)\n', wa: 'print(0)\n' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(read: () => Promise<T>, pred: (v: T) => boolean): Promise<T> {
  const end = Date.now() + 60_000;
  for (;;) {
    const v = await read();
    if (pred(v)) return v;
    if (Date.now() > end) throw new Error(`still ${JSON.stringify(v)}`);
    await sleep(100);
  }
}

const basic = (account: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${account}:${password}`).toString('base64')}`,
});

describe.each(backends())('team contests on $name', (backend) => {
  let ts: TestServer;
  let admin: Client;
  let problemId: number;
  beforeAll(async () => {
    ts = await startTestServer(backend, { rateLimits: { submit: { max: 1000, windowMs: 60_000 } } });
    admin = await ts.login(ts.admin.account, ts.admin.password);
    const added = await admin.post<{ problem_id: number }>(
      `${P}/admin/add`,
      problemBody({ chinese_name: '组队两数之和' }),
    );
    expect(added.code).toBe(0);
    problemId = added.data.problem_id;
    const up = await admin.post<TestCaseSummary>(`${P}/admin/testCase/add?problem_id=${problemId}`, [
      { input: '1 2\n', output: '3\n' },
    ]);
    expect(up.code).toBe(0);
  }, 60_000);
  afterAll(() => ts?.close());

  const body = (over: Partial<CompetitionAddRequestRaw> = {}): CompetitionAddRequestRaw => ({
    name: '组队赛',
    description: '',
    type: 1,
    start_time: iso(60 * MIN),
    end_time: iso(180 * MIN),
    problems: [{ problem_id: problemId }],
    team_size: 2,
    ...over,
  });
  async function create(over: Partial<CompetitionAddRequestRaw> = {}): Promise<number> {
    const r = await admin.post<{ competition_id: number }>(`${C}/admin/algorithm/add`, body(over));
    expect(r.message).toBe(r.code === 0 ? r.message : '');
    return r.data.competition_id;
  }
  /** Starts a contest now (moves its start into the past). */
  async function startNow(id: number, over: Partial<CompetitionAddRequestRaw> = {}) {
    const r = await admin.post(
      `${C}/admin/modify?competition_id=${id}`,
      body({ start_time: iso(-MIN), ...over }),
    );
    expect(r.message).toBe(r.code === 0 ? r.message : '');
  }
  const post = <T = unknown>(who: Client, path: string, b: unknown) => who.post<T>(`${C}/${path}`, b);
  const send = async (who: Client, id: number, program: keyof typeof SOURCES) => {
    const r = await who.post<{ submission_id: number }>(`${P}/judge/submit`, {
      problem_id: problemId,
      language: 'Python3',
      source_code: SOURCES[program],
      competition_id: id,
      index: 0,
    });
    expect(r.message).toBe(r.code === 0 ? r.message : '');
    return verdict(admin, r.data.submission_id);
  };
  const board = (who: Client, id: number) =>
    who.get<RankPage>(`${C}/search/rank/pageNum?competition_id=${id}`).then((r) => r.data);

  it('creates, joins by code, enforces the size, unique names, one team per user and the captain’s rights', async () => {
    const id = await create();
    const a = await ts.register('team_a');
    const b = await ts.register('team_b');
    const x = await ts.register('team_x');
    const y = await ts.register('team_y');

    // Joining a team contest individually is refused with a clear message.
    const solo = await a.client.post(`${C}/join?competition_id=${id}`);
    expect(solo.message).toBe('本场比赛是团队赛，请创建队伍或凭邀请码加入队伍');
    // Not logged in: refused.
    expect((await post(ts.client(), 'team/create', { competition_id: id, name: '甲队' })).status).toBe(401);

    const empty = await post(a.client, 'team/create', { competition_id: id, name: '  ' });
    expect(empty.message).toBe('队伍名称不能为空');
    const made = await post<TeamView>(a.client, 'team/create', {
      competition_id: id,
      name: '甲队',
      affiliation: '一中',
    });
    expect([made.code, made.message]).toEqual([0, '队伍已创建']);
    expect(made.data.members.map((m) => [m.username, m.captain])).toEqual([['team_a', true]]);
    const code = made.data.invite_code;
    expect(code).toMatch(/^[0-9A-F]{12}$/);
    // One team per user; unique names in the contest.
    expect((await post(a.client, 'team/create', { competition_id: id, name: '乙队' })).message).toBe(
      '你已在本场比赛的一支队伍中，请先退出原队伍',
    );
    expect((await post(x.client, 'team/create', { competition_id: id, name: '甲队' })).message).toBe(
      '本场比赛已有同名队伍，请换一个队伍名称',
    );
    expect((await post(b.client, 'team/join', { competition_id: id, invite_code: 'NOPE' })).message).toBe(
      '邀请码无效',
    );
    const joined = await post<TeamView>(b.client, 'team/join', {
      competition_id: id,
      invite_code: code.toLowerCase(),
    });
    expect([joined.code, joined.message]).toEqual([0, '已加入队伍']);
    expect(joined.data.members.map((m) => m.username)).toEqual(['team_a', 'team_b']);
    // Full at 2.
    expect((await post(x.client, 'team/join', { competition_id: id, invite_code: code })).message).toBe(
      '队伍已满（每队最多 2 人）',
    );
    // Others see the team without its invite code; members see it.
    const list = (await ts.client().get<TeamList>(`${C}/team/list?competition_id=${id}`)).data;
    expect(list.map((t) => [t.name, t.affiliation, t.invite_code])).toEqual([['甲队', '一中', '']]);
    const mine = (await b.client.get<MyTeam>(`${C}/team/mine?competition_id=${id}`)).data;
    expect([mine.team_size, mine.team?.invite_code, mine.editable]).toEqual([2, code, true]);

    // Only the captain manages: B may not remove A; the captain may not leave.
    const bRemoves = await post(b.client, 'team/remove-member', { competition_id: id, uuid: a.uuid });
    expect([bRemoves.status, bRemoves.message]).toEqual([403, '只有队长可以管理队伍']);
    expect((await post(a.client, 'team/leave', { competition_id: id })).message).toBe(
      '队长不能退出队伍，请解散队伍',
    );
    // B leaves; the captain adds X by account, then removes X.
    expect((await post(b.client, 'team/leave', { competition_id: id })).message).toBe('已退出队伍');
    const added = await post<TeamView>(a.client, 'team/add-member', {
      competition_id: id,
      account: 'team_x',
    });
    expect(added.data.members.map((m) => m.username)).toEqual(['team_a', 'team_x']);
    expect((await post(a.client, 'team/remove-member', { competition_id: id, uuid: x.uuid })).message).toBe(
      '已移除队员',
    );
    // Y's team is dissolved by its captain; only admins reach the admin endpoints.
    expect((await post(y.client, 'team/create', { competition_id: id, name: '丙队' })).code).toBe(0);
    expect((await post(y.client, 'team/dissolve', { competition_id: id })).message).toBe('队伍已解散');
    expect(
      (await post(y.client, 'admin/team/save', { competition_id: id, name: '丁队', members: ['team_y'] }))
        .status,
    ).toBe(403);
    const names = (await ts.client().get<TeamList>(`${C}/team/list?competition_id=${id}`)).data.map(
      (t) => t.name,
    );
    expect(names).toEqual(['甲队']);

    // After the start: no leaving, no dissolving.
    expect((await post(b.client, 'team/join', { competition_id: id, invite_code: code })).code).toBe(0);
    await startNow(id);
    expect((await post(b.client, 'team/leave', { competition_id: id })).message).toBe(
      '比赛已开始，不能退出队伍',
    );
    expect((await post(a.client, 'team/dissolve', { competition_id: id })).message).toBe(
      '比赛已开始，不能解散队伍',
    );
    // A team contest is never rated, and combines with no per-participant window.
    expect((await admin.post(`${C}/admin/rated?competition_id=${id}&rated=1`)).message).toBe(
      '团队赛不计入积分',
    );
    const windowed = await admin.post(`${C}/admin/algorithm/add`, body({ window_minutes: 30 }));
    expect(windowed.message).toBe('团队赛不能设置每人限时');
  }, 60_000);

  it('ranks one row per team from all its members’ tries; teammates read each other’s code, other teams do not', async () => {
    const id = await create({ start_time: iso(30 * MIN), end_time: iso(120 * MIN) });
    const [p, q, r] = [await ts.register('tb_p'), await ts.register('tb_q'), await ts.register('tb_r')];
    const t1 = await post<TeamView>(p.client, 'team/create', {
      competition_id: id,
      name: '北队',
      affiliation: '北大',
    });
    expect(
      (await post(q.client, 'team/join', { competition_id: id, invite_code: t1.data.invite_code })).code,
    ).toBe(0);
    expect(
      (await post(r.client, 'team/create', { competition_id: id, name: '南队', affiliation: '南大' })).code,
    ).toBe(0);
    await startNow(id, { start_time: iso(-MIN), end_time: iso(120 * MIN) });

    const wrong = await send(p.client, id, 'wa');
    expect(wrong.status).toBe('WA');
    const right = await send(q.client, id, 'ac');
    expect(right.status).toBe('AC');
    const b = await until(
      () => board(ts.client(), id),
      (x) => x.records.some((row) => row.solved === 1),
    );
    expect(b.total).toBe(2);
    expect(
      b.records.map((row) => [row.username, row.solved, row.cells[0].rejected, row.team?.affiliation]),
    ).toEqual([
      ['北队', 1, 1, '北大'],
      ['南队', 0, 0, '南大'],
    ]);
    expect(b.records[0].team?.members.map((m) => m.username)).toEqual(['tb_p', 'tb_q']);
    // A member's own row is the team's.
    expect((await board(p.client, id)).mine?.username).toBe('北队');

    // P reads Q's code; R (another team) does not.
    const seen = await p.client.get<SubmissionRecord>(
      `${P}/records/recordId?submission_id=${right.submission_id}`,
    );
    expect(seen.data.source_code).toBe(SOURCES.ac);
    const other = await r.client.get<SubmissionRecord>(
      `${P}/records/recordId?submission_id=${right.submission_id}`,
    );
    expect(other.data.source_code).toBeNull();
    // The contest's 我的提交 of a member holds the team's tries.
    const page = await p.client.post<RecordPage>(`${C}/search/records/pageNum?competition_id=${id}`);
    expect(page.data.records.map((x) => x.username).sort()).toEqual(['tb_p', 'tb_q']);
    const rPage = await r.client.post<RecordPage>(`${C}/search/records/pageNum?competition_id=${id}`);
    expect(rPage.data.records).toEqual([]);

    // The Contest API: teams with their organizations, members as accounts of the team.
    const ccs = async (path: string) => {
      const res = await fetch(`${ts.url}/api/ccs${path}`, {
        headers: basic(ts.admin.account, ts.admin.password),
      });
      return (await res.json()) as Record<string, unknown>[];
    };
    const teams = await ccs(`/contests/${id}/teams`);
    expect(teams.map((t) => t.name).sort()).toEqual(['北队', '南队']);
    const north = teams.find((t) => t.name === '北队')!;
    const orgs = await ccs(`/contests/${id}/organizations`);
    expect(orgs.find((o) => o.id === north.organization_id)?.name).toBe('北大');
    const accounts = await ccs(`/contests/${id}/accounts`);
    expect(
      accounts
        .filter((x) => x.team_id === north.id)
        .map((x) => x.username)
        .sort(),
    ).toEqual(['tb_p', 'tb_q']);
    const subs = await ccs(`/contests/${id}/submissions`);
    expect(new Set(subs.map((s) => s.team_id))).toEqual(new Set([north.id]));
    const res = await fetch(`${ts.url}/api/ccs/contests/${id}/scoreboard`, {
      headers: basic(ts.admin.account, ts.admin.password),
    });
    const sb = (await res.json()) as { rows: { team_id: string; rank: number }[] };
    expect(sb.rows[0].team_id).toBe(north.id);
  }, 120_000);

  it('ranks a 打星 team without a medal; admins manage teams', async () => {
    const id = await create({ start_time: iso(30 * MIN), end_time: iso(120 * MIN) });
    await ts.register('ts_u');
    await ts.register('ts_v');
    const u = await ts.login('ts_u', TEST_PASSWORD);
    const v = await ts.login('ts_v', TEST_PASSWORD);
    const star = await post<TeamView>(admin, 'admin/team/save', {
      competition_id: id,
      name: '星队',
      affiliation: '外校',
      members: ['ts_u'],
    });
    expect([star.code, star.message]).toEqual([0, '队伍已保存']);
    const plain = await post<TeamView>(admin, 'admin/team/save', {
      competition_id: id,
      name: '普通队',
      members: ['ts_v'],
    });
    expect(plain.code).toBe(0);
    const taken = await post(admin, 'admin/team/save', {
      competition_id: id,
      name: '星队二',
      members: ['ts_v'],
    });
    expect(taken.message).toBe('账号 ts_v 已在本场比赛的另一支队伍中');
    const marked = await post(admin, 'admin/team/unofficial', {
      competition_id: id,
      team_id: star.data.team_id,
      unofficial: 1,
    });
    expect(marked.code).toBe(0);
    expect(
      (await post(admin, 'admin/awards/set?competition_id=' + id + '&gold=1&silver=0&bronze=0', {})).code,
    ).toBe(0);
    await startNow(id, { start_time: iso(-MIN), end_time: iso(120 * MIN) });
    expect((await send(u, id, 'ac')).status).toBe('AC');
    expect((await send(v, id, 'ac')).status).toBe('AC');
    // Ends now.
    const end = await admin.post(
      `${C}/admin/modify?competition_id=${id}`,
      body({ start_time: iso(-MIN), end_time: iso(0) }),
    );
    expect(end.code).toBe(0);
    const b = await until(
      () => board(ts.client(), id),
      (x) => x.records.filter((row) => row.solved === 1).length === 2,
    );
    expect(b.records.map((row) => [row.username, row.unofficial ?? false, row.medal ?? null])).toEqual([
      ['星队', true, null],
      ['普通队', false, 'gold'],
    ]);
    // The Contest API agrees: the 打星 team is in the observers' group, the winner is the official one.
    const ccs = async (path: string) =>
      (await (
        await fetch(`${ts.url}/api/ccs/contests/${id}${path}`, {
          headers: basic(ts.admin.account, ts.admin.password),
        })
      ).json()) as Record<string, unknown>[];
    const apiTeams = await ccs('/teams');
    const apiId = (name: string) => apiTeams.find((t) => t.name === name)!.id;
    expect(apiTeams.find((t) => t.name === '星队')!.group_ids).toEqual(['observers']);
    const awards = await ccs('/awards');
    expect(awards.find((a) => a.id === 'winner')!.team_ids).toEqual([apiId('普通队')]);
    expect(awards.find((a) => a.id === 'gold-medal')!.team_ids).toEqual([apiId('普通队')]);
    // Deleted: its row goes.
    expect(
      (await post(admin, 'admin/team/delete', { competition_id: id, team_id: star.data.team_id })).code,
    ).toBe(0);
    expect((await board(ts.client(), id)).records.map((row) => row.username)).toEqual(['普通队']);
  }, 120_000);

  it('bulk contest accounts of a team contest make one account per team, named after it', async () => {
    const id = await create();
    const res = await fetch(`${ts.url}${C}/admin/accounts/bulk?competition_id=${id}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: JSON.stringify({
        prefix: 'tm',
        people: [
          { name: '清华一队', school: '清华大学' },
          { name: '北大一队', school: '北京大学' },
        ],
        unofficial: true,
      }),
    });
    expect(res.status).toBe(200);
    const list = (await admin.get<TeamList>(`${C}/team/list?competition_id=${id}`)).data;
    expect(list.map((t) => [t.name, t.affiliation, t.unofficial, t.members.length])).toEqual([
      ['清华一队', '清华大学', true, 1],
      ['北大一队', '北京大学', true, 1],
    ]);
    // A repeated team name is refused before any account is made.
    const again = await admin.post(`${C}/admin/accounts/bulk?competition_id=${id}`, {
      prefix: 'tn',
      people: [{ name: '清华一队', school: '' }],
    });
    expect(again.message).toBe('本场比赛已有队伍「清华一队」');
    expect((await board(ts.client(), id)).total).toBe(2);
  });
});
