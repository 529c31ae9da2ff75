import { type HomeOverview, type IpLocation, type JudgeInfo, LANGUAGES } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import { problemBody, type RoleClients, roleClients } from '../../../test/problems';

const MIN = 60_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const A = '/api/problem/algorithm';

describe.each(backends())('home overview ($name)', (backend) => {
  let ts: TestServer;
  let c: RoleClients;
  let player: Client;
  const home = async (who: Client) => {
    const res = await who.get<HomeOverview>('/api/home/overview');
    expect(res.code, res.message).toBe(0);
    return res.data;
  };
  const addProblem = async () => {
    const res = await c.admin.post<{ problem_id: number }>(`${A}/admin/add`, problemBody());
    expect(res.code, res.message).toBe(0);
    return res.data.problem_id;
  };
  const hide = async (id: number) =>
    expect(
      (await c.admin.post(`${A}/admin/modify`, { ...problemBody({ visible: false }), problem_id: id })).code,
    ).toBe(0);
  const addPost = async (body: object) => {
    const res = await c.admin.post<{ post_id: number }>('/api/posts/add', { content: '思路……', ...body });
    expect(res.code, res.message).toBe(0);
    return res.data.post_id;
  };
  const contest = async (name: string, start: number, end: number, problems: number[]) => {
    const res = await c.admin.post<{ competition_id: number }>('/api/competition/admin/algorithm/add', {
      name,
      description: '',
      type: 1,
      start_time: iso(start),
      end_time: iso(end),
      problems: problems.map((problem_id) => ({ problem_id })),
    });
    expect(res.code, res.message).toBe(0);
    return res.data.competition_id;
  };

  beforeAll(async () => {
    ts = await startTestServer(backend);
    c = await roleClients(ts, 'home');
    player = (await ts.register('home_player')).client;
  }, 120_000);
  afterAll(() => ts?.close());

  it('never offers a hidden problem as daily or last problem; progress counts published problems only', async () => {
    const pid = await addProblem();
    expect((await c.admin.post(`${A}/set/daily?problem_id=${pid}`)).code).toBe(0);
    expect((await c.user.post(`${A}/set/problemLast`, { problem_id: pid, language: 'C++' })).code).toBe(0);
    expect((await home(c.anon)).daily).toMatchObject({ chosen: true, problem: { problem_id: pid } });
    const before = await home(c.user);
    expect(before.me?.last?.problem_id).toBe(pid);
    expect(before.me?.progress.solved).toBe(0);
    expect((await home(c.anon)).me).toBeNull();

    await hide(pid);
    for (const who of [c.anon, c.user]) {
      const h = await home(who);
      expect(h.daily?.problem.problem_id).not.toBe(pid);
      expect(h.daily?.problem.visible).toBe(true);
    }
    const after = await home(c.user);
    expect(after.me?.last).toBeNull();
    expect(after.me?.progress.total).toBe(before.me!.progress.total - 1);
    expect(after.me?.progress.by_difficulty.reduce((s, d) => s + d.total, 0)).toBe(after.me?.progress.total);
    // The problem's own path agrees.
    expect((await c.user.get(`${A}/search/problemLast`)).data).toBeNull();
  });

  it("leaves out hidden posts, hidden problems' posts and an official running contest's solutions", async () => {
    const hiddenProblem = await addProblem();
    const contestProblem = await addProblem();
    const open = await addPost({ title: '公开题解', category: 'solution', problem_id: 1000 });
    const hiddenPost = await addPost({ title: '被隐藏的帖子', category: 'solution', problem_id: 1000 });
    expect((await c.admin.post(`/api/posts/hide?post_id=${hiddenPost}`)).code).toBe(0);
    const onHidden = await addPost({
      title: '隐藏题的题解',
      category: 'solution',
      problem_id: hiddenProblem,
    });
    await hide(hiddenProblem);
    const inContest = await addPost({
      title: '比赛题的题解',
      category: 'solution',
      problem_id: contestProblem,
    });

    const running = await contest('进行中的比赛', -MIN, 60 * MIN, [contestProblem]);
    const upcoming = await contest('即将开始的比赛', 30 * MIN, 90 * MIN, [1000]);
    const gone = await contest('已删除的比赛', 10 * MIN, 90 * MIN, [1000]);
    expect((await c.admin.post(`/api/competition/admin/delete?competition_id=${gone}`)).code).toBe(0);
    expect((await player.post(`/api/competition/join?competition_id=${running}`)).code).toBe(0);

    const ids = (h: HomeOverview) => [...h.hot_posts, ...h.new_solutions].map((p) => p.post_id);
    const visitor = await home(c.anon);
    expect(ids(visitor)).toContain(open);
    // An official contest locks its problems' solutions for everyone but admins (issue 22).
    expect(ids(visitor)).not.toContain(inContest);
    for (const h of [visitor, await home(c.user), await home(player)]) {
      expect(ids(h)).not.toContain(hiddenPost);
      expect(ids(h)).not.toContain(onHidden);
      expect(h.running.map((x) => x.competition_id)).toEqual([running]);
      expect(h.upcoming.map((x) => x.competition_id)).toEqual([upcoming]);
    }
    const mine = await home(player);
    expect(ids(mine)).not.toContain(inContest);
    expect(mine.running[0].joined).toBe(true);
    // Admins read what the forum shows them (hidden posts included).
    expect(ids(await home(c.admin))).toEqual(expect.arrayContaining([hiddenPost, inContest]));
  });

  it('answers in a fixed number of statements whatever the number of items', async () => {
    const measure = async () => {
      await home(c.user); // warm: the forum's cached totals
      const before = ts.server.queryCount();
      await home(c.user);
      return ts.server.queryCount() - before;
    };
    // One of each first: an empty list reads no names at all.
    await c.admin.post('/api/announcement/admin/add', { title: '第一条公告', content: '内容' });
    const few = await measure();
    for (let i = 0; i < 3; i++) {
      await addPost({ title: `更多题解 ${i}`, category: 'solution', problem_id: 1000 + i });
      await contest(`更多比赛 ${i}`, (i + 1) * MIN, 90 * MIN, [1000]);
      await c.admin.post('/api/announcement/admin/add', { title: `公告 ${i}`, content: '内容' });
    }
    expect(await measure()).toBe(few);
    // 31: the contests' extras read which are class contests (issue 27 part 3), one statement.
    expect(few).toBeLessThanOrEqual(31);
  });

  it("shows the judge table and the caller's place", async () => {
    const info = (await c.anon.get<JudgeInfo>('/api/judge/languages')).data;
    // Every language the judge knows; without OJ_LANGUAGES only the six of SPEC §3 are offered.
    expect(info.languages.map((l) => l.name)).toEqual([...LANGUAGES]);
    expect(info.languages.filter((l) => l.available).map((l) => l.name)).toEqual([
      'C',
      'C++',
      'Python3',
      'Java',
      'Go',
      'JavaScript',
    ]);
    expect(info.languages.every((l) => l.time_factor === 1 && l.memory_factor === 1)).toBe(true);
    const cxx = info.languages.find((l) => l.name === 'C++')!;
    expect(cxx.compile).toMatch(/^g\+\+ -std=gnu\+\+17 -O2 .* -o main main\.cpp$/);
    expect(cxx.version).toMatch(/g\+\+/);
    expect(info.languages.find((l) => l.name === 'Java')!.memory_extra_mib).toBeGreaterThan(0);
    expect(info.verdicts.map((v) => v.code)).toContain('Sign');
    expect(info.limits.time_max_ms).toBeGreaterThan(info.limits.time_min_ms);
    const here = await c.anon.get<IpLocation>('/api/ip/location');
    expect(here.data).toEqual({ ip: '127.0.0.1', location: '本机', isp: '' });
  });
});
