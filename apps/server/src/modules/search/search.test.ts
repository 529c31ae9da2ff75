import type { SearchResult } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import { problemBody, roleClients, type RoleClients } from '../../../test/problems';
import { courseSource, type PostForIndex, postSource } from './sources';

const searchAs = async (c: Client, body: Record<string, unknown>) => {
  const res = await c.post<SearchResult>('/api/search/all/vo', body);
  if (res.code !== 0) throw new Error(`search: ${res.message}`);
  return res.data;
};
const ids = (r: SearchResult) => r.records.map((x) => `${x.kind}:${x.id}`);

/** Two courses, the second with members-only content, and who is a member of which. */
function fakeCourseSource() {
  const courses = new Map([
    [1, { id: 1, title: '算法课程：图论', description: '最短路与网络流', price_fen: 9900, searchable: true }],
    [
      2,
      { id: 2, title: '图论第一课', description: '会员内容', price_fen: 0, searchable: true, members_of: 1 },
    ],
  ]);
  const members = new Map<number, number[]>();
  const source = courseSource(
    async (list) => list.flatMap((id) => (courses.get(id) ? [courses.get(id)!] : [])),
    async function* () {
      yield [1, 2];
    },
  );
  return { source, members, membersOf: async (uuid: number) => members.get(uuid) ?? [] };
}

/** Fake forum and courses, as the integrator will pass the real loaders. */
function fakeForum() {
  const posts = new Map<number, PostForIndex>();
  const put = (p: Partial<PostForIndex> & { id: number; title: string }) =>
    posts.set(p.id, {
      content: '',
      category: 1,
      problem_id: null,
      tags: [],
      author_id: 1,
      thumbs: 0,
      comments: 0,
      create_time: new Date().toISOString(),
      searchable: true,
      ...p,
    });
  const source = postSource(
    async (list) => list.map((id) => posts.get(id)).filter((p): p is PostForIndex => !!p),
    async function* () {
      yield [...posts.keys()];
    },
  );
  return { posts, put, source };
}

describe.each(backends())('aggregate search ($name)', (backend) => {
  let ts: TestServer;
  let r: RoleClients;
  const forum = fakeForum();
  const fakeCourses = fakeCourseSource();
  const p: Record<string, number> = {};
  let aliceUuid = 0;
  const drain = () => ts.server.ctx.outbox.drain();
  const addProblem = async (key: string, over: Parameters<typeof problemBody>[0]) => {
    const res = await r.admin.post<{ problem_id: number }>(
      '/api/problem/algorithm/admin/add',
      problemBody(over),
    );
    if (res.code !== 0) throw new Error(res.message);
    p[key] = res.data.problem_id;
  };

  beforeAll(async () => {
    // The forum and the courses are stand-ins here (given to the search's constructor).
    ts = await startTestServer(backend, {
      seedDemo: false,
      replace: {
        searchSources: { post: forum.source, course: fakeCourses.source },
        searchMembership: (viewer) => fakeCourses.membersOf(viewer.uuid),
      },
    });
    r = await roleClients(ts, 'srch');
    const alice = await ts.register('alice');
    aliceUuid = alice.uuid;
    await alice.client.post('/api/user/modify', { username: '张三丰', profile: '喜欢莫队和分块' });
    await addProblem('seg', {
      chinese_name: '线段树模板',
      description: '区间加，区间求和。',
      tags_list: [1015],
    });
    await addProblem('body', {
      chinese_name: '区间查询',
      description: '可以用线段树维护区间和。',
      tags_list: [301],
    });
    await addProblem('hidden', { chinese_name: '隐藏的线段树', description: '秘密', visible: false });
    await addProblem('xss', {
      chinese_name: '<script>alert(1)</script> 线段树',
      description: '<b>线段树</b> & more',
    });
    await addProblem('dp', { chinese_name: '背包问题', description: '经典动态规划', tags_list: [301] });
    await addProblem('path', { chinese_name: '单源路径', description: 'Dijkstra 最短路径' });
    forum.put({ id: 1, title: '线段树入门', content: '用线段树维护区间和', author_id: aliceUuid, thumbs: 3 });
    forum.put({ id: 2, title: '题解', content: '这道题用线段树', problem_id: p.hidden });
    forum.put({ id: 3, title: '被删除的线段树帖子', content: '', searchable: false });
    await ts.server.ctx.search.sync('post', [1, 2, 3]);
    await drain();
  }, 120_000);
  afterAll(() => ts?.close());

  it('finds Chinese terms inside text, ranks title matches over body matches', async () => {
    const res = await searchAs(r.anon, { keyword: '线段树', category: 'problem' });
    expect(ids(res)).toEqual(
      expect.arrayContaining([`problem:${p.seg}`, `problem:${p.body}`, `problem:${p.xss}`]),
    );
    expect(ids(res).indexOf(`problem:${p.seg}`)).toBeLessThan(ids(res).indexOf(`problem:${p.body}`));
    expect(res.total).toBe(3);
    const path = await searchAs(r.anon, { keyword: '最短路', category: 'problem' });
    expect(ids(path)).toEqual([`problem:${p.path}`]);
  });

  it('finds titles and names by pinyin and initials', async () => {
    expect(ids(await searchAs(r.anon, { keyword: 'xds', category: 'problem' }))).toContain(
      `problem:${p.seg}`,
    );
    expect(ids(await searchAs(r.anon, { keyword: 'xianduanshu', category: 'problem' }))).toContain(
      `problem:${p.seg}`,
    );
    expect(ids(await searchAs(r.anon, { keyword: 'zsf', category: 'user' }))).toEqual([`user:${aliceUuid}`]);
  });

  it('puts an id or an exact account first, and understands tag:, user: and #id', async () => {
    const byId = await searchAs(r.anon, { keyword: `#${p.body}`, category: 'problem' });
    expect(ids(byId)[0]).toBe(`problem:${p.body}`);
    const plain = await searchAs(r.anon, { keyword: String(p.dp), category: 'problem' });
    expect(ids(plain)[0]).toBe(`problem:${p.dp}`);
    const acct = await searchAs(r.anon, { keyword: 'alice', category: 'user' });
    expect(ids(acct)[0]).toBe(`user:${aliceUuid}`);
    expect(acct.records[0].fields).toMatchObject({ account: 'alice', username: '张三丰' });
    const tag = await searchAs(r.anon, { keyword: 'tag:动态规划', category: 'problem' });
    expect(ids(tag).sort()).toEqual([`problem:${p.body}`, `problem:${p.dp}`].sort());
    const tagged = await searchAs(r.anon, { keyword: '区间', category: 'problem', tagsList: ['301'] });
    expect(ids(tagged)).toEqual([`problem:${p.body}`]);
    const mine = await searchAs(r.anon, { keyword: 'user:alice', category: 'post' });
    expect(ids(mine)).toEqual(['post:1']);
    expect(mine.records[0].fields).toMatchObject({ thumbs: 3, author: { username: '张三丰' } });
  });

  it('escapes titles and snippets: only <mark> is markup', async () => {
    const res = await searchAs(r.anon, { keyword: '线段树', category: 'problem' });
    const x = res.records.find((rec) => rec.id === p.xss);
    expect(x?.title).toBe('<script>alert(1)</script> 线段树');
    expect(x?.title_html).toBe('&lt;script&gt;alert(1)&lt;/script&gt; <mark>线段树</mark>');
    expect(x?.snippet).toContain('&lt;b&gt;<mark>线段树</mark>&lt;/b&gt; &amp; more');
    for (const rec of res.records) expect(rec.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  });

  it('shows hidden problems, and posts about them, to admins only (records and counts)', async () => {
    for (const c of [r.anon, r.user, r.banned]) {
      const res = await searchAs(c, { keyword: '线段树', category: 'all' });
      expect(ids(res)).not.toContain(`problem:${p.hidden}`);
      expect(ids(res)).not.toContain('post:2');
      expect(res.groups?.find((g) => g.kind === 'problem')?.total).toBe(3);
      expect(res.groups?.find((g) => g.kind === 'post')?.total).toBe(1);
      expect(JSON.stringify(res)).not.toContain('秘密');
    }
    const admin = await searchAs(r.admin, { keyword: '线段树', category: 'all' });
    expect(ids(admin)).toEqual(expect.arrayContaining([`problem:${p.hidden}`, 'post:2']));
    expect(admin.groups?.find((g) => g.kind === 'problem')?.total).toBe(4);
    expect(ids(admin)).not.toContain('post:3');
  });

  // Issue 22 item 1 (docs/competitions.md, "Solution material during a contest"): a running contest
  // hides its problems' solutions and Q&A (not the public problem, nor other posts about it); an
  // official contest from everyone but admins, a user's contest from its own participants only.
  const runningContest = (who: Client, route: string, name: string) =>
    who.post<{ competition_id: number }>(route, {
      name,
      type: 1,
      start_time: new Date(Date.now() - 60_000).toISOString(),
      end_time: new Date(Date.now() + 3_600_000).toISOString(),
      problems: [{ problem_id: p.seg }],
    });
  const putContestPosts = async () => {
    forum.put({
      id: 4,
      title: '线段树模板题解',
      content: '比赛中的题',
      problem_id: p.seg,
      category: 'solution',
    });
    forum.put({
      id: 5,
      title: '线段树模板问答',
      content: '比赛中的题',
      problem_id: p.seg,
      category: 'answer',
    });
    forum.put({
      id: 6,
      title: '线段树模板讨论',
      content: '比赛中的题',
      problem_id: p.seg,
      category: 'discussion',
    });
    await ts.server.ctx.search.sync('post', [4, 5, 6]);
    await drain();
  };
  const LOCKED = ['post:4', 'post:5'];
  const OPEN = () => [`problem:${p.seg}`, 'post:6'];

  it("a user's running contest hides its problems' solutions and Q&A from its participants only", async () => {
    await putContestPosts();
    const { client: maker } = await ts.register('srch_maker');
    const made = await runningContest(maker, '/api/competition/user/add', '自建 线段树赛');
    expect(made.code).toBe(0);
    const { client: player } = await ts.register('srch_player');
    expect((await player.post(`/api/competition/join?competition_id=${made.data.competition_id}`)).code).toBe(
      0,
    );
    const inside = ids(await searchAs(player, { keyword: '线段树模板', category: 'all' }));
    expect(inside).toEqual(expect.arrayContaining(OPEN()));
    for (const locked of LOCKED) expect(inside).not.toContain(locked);
    // Nobody else loses anything: not the maker, not a signed-in user, not a visitor.
    for (const who of [maker, r.user, r.anon]) {
      const res = await searchAs(who, { keyword: '线段树模板', category: 'all' });
      expect(ids(res)).toEqual(expect.arrayContaining([...OPEN(), ...LOCKED]));
      expect(res.groups?.find((g) => g.kind === 'post')?.total).toBe(3);
    }
    await r.admin.post(`/api/competition/admin/delete?competition_id=${made.data.competition_id}`);
  });

  it("an official running contest hides its problems' solutions and Q&A from everyone but admins", async () => {
    await putContestPosts();
    const made = await runningContest(r.admin, '/api/competition/admin/algorithm/add', '周赛 线段树专场');
    expect(made.code).toBe(0);
    await drain();
    for (const who of [r.user, r.anon]) {
      const res = await searchAs(who, { keyword: '线段树模板', category: 'all' });
      expect(ids(res)).toEqual(expect.arrayContaining(OPEN()));
      for (const locked of LOCKED) expect(ids(res)).not.toContain(locked);
      expect(res.groups?.find((g) => g.kind === 'post')?.total).toBe(1);
    }
    const user = await searchAs(r.user, { keyword: '线段树', category: 'all' });
    expect(ids(user)).toContain(`competition:${made.data.competition_id}`);
    const admin = await searchAs(r.admin, { keyword: '线段树模板', category: 'all' });
    expect(ids(admin)).toEqual(expect.arrayContaining([...OPEN(), ...LOCKED]));
    await r.admin.post(`/api/competition/admin/delete?competition_id=${made.data.competition_id}`);
    await drain();
    const after = await searchAs(r.user, { keyword: '线段树', category: 'all' });
    expect(ids(after)).toEqual(expect.arrayContaining([...OPEN(), ...LOCKED]));
    expect(ids(after)).not.toContain(`competition:${made.data.competition_id}`);
  });

  it('leaves banned users out, and brings them back when unbanned', async () => {
    const res = await searchAs(r.admin, { keyword: 'srch_banned', category: 'user' });
    expect(res.total).toBe(0);
    expect((await searchAs(r.anon, { keyword: 'srch_user', category: 'user' })).total).toBe(1);
    const banned = await r.admin.post(`/api/user/admin/ban`, [aliceUuid]);
    expect(banned.code).toBe(0);
    await drain();
    expect((await searchAs(r.anon, { keyword: 'alice', category: 'user' })).total).toBe(0);
    await r.admin.post(`/api/user/admin/cancel?uuid=${aliceUuid}`);
    await drain();
    expect((await searchAs(r.anon, { keyword: 'alice', category: 'user' })).total).toBe(1);
  });

  it('shows course content to members only', async () => {
    fakeCourses.members.set(r.userUuid, [1]);
    const search = ts.server.ctx.search;
    await search.reindex(['course']);
    expect(ids(await searchAs(r.anon, { keyword: '图论', category: 'course' }))).toEqual(['course:1']);
    expect(ids(await searchAs(r.user, { keyword: '图论', category: 'course' })).sort()).toEqual([
      'course:1',
      'course:2',
    ]);
    const res = await searchAs(r.anon, { keyword: '图论', category: 'course' });
    expect(res.records[0].fields).toMatchObject({ price_fen: 9900 });
  });

  it('follows changes through the outbox, and rebuilds everything on reindex', async () => {
    const modify = await r.admin.post('/api/problem/algorithm/admin/modify', {
      ...problemBody({ chinese_name: '树状数组模板', description: '单点修改，区间查询。' }),
      problem_id: p.dp,
    });
    expect(modify.code).toBe(0);
    await drain();
    expect(ids(await searchAs(r.anon, { keyword: '树状数组', category: 'problem' }))).toEqual([
      `problem:${p.dp}`,
    ]);
    expect(ids(await searchAs(r.anon, { keyword: '背包', category: 'problem' }))).toEqual([]);
    await r.admin.post(`/api/problem/algorithm/admin/delete?problem_id=${p.dp}`);
    await drain();
    expect(ids(await searchAs(r.anon, { keyword: '树状数组', category: 'problem' }))).toEqual([]);

    const { db } = ts.server.ctx.db;
    await db.deleteFrom('search_docs').where('kind', '=', 'problem').execute();
    expect((await searchAs(r.anon, { keyword: 'xds', category: 'problem' })).total).toBe(0);
    const counts = await ts.server.ctx.search.reindex();
    expect(counts.problem).toBeGreaterThanOrEqual(6);
    expect(ids(await searchAs(r.anon, { keyword: 'xds', category: 'problem' }))).toContain(
      `problem:${p.seg}`,
    );
    expect(ids(await searchAs(r.anon, { keyword: '树状数组', category: 'problem' }))).toEqual([]);
  });

  it('filters problems by difficulty and source, validates the request, pages', async () => {
    const hard = await searchAs(r.anon, { keyword: '线段树', category: 'problem', difficulty: 3 });
    expect(hard.total).toBe(0);
    const own = await searchAs(r.anon, { keyword: '线段树', category: 'problem', sourceList: ['original'] });
    expect(own.total).toBe(3);
    const page2 = await searchAs(r.anon, { keyword: '线段树', category: 'problem', pageNum: 2, pageSize: 2 });
    expect(page2.records).toHaveLength(1);
    const bad = await r.anon.post('/api/search/all/vo', { keyword: 'x', category: 'nope' });
    expect(bad.code).not.toBe(0);
    expect(bad.message).toContain('搜索类别');
    const viaGet = await r.anon.get<SearchResult>(
      `/api/search/all/vo?keyword=${encodeURIComponent('线段树')}&category=problem`,
    );
    expect(viaGet.data.total).toBe(3);
  });

  it('a problem turned hidden after indexing leaves results and counts, and comes back when shown', async () => {
    forum.put({ id: 4, title: '单源路径讨论', content: '用堆优化', problem_id: p.path });
    await ts.server.ctx.search.sync('post', [4]);
    const setVisible = async (visible: boolean) => {
      const res = await r.admin.post('/api/problem/algorithm/admin/modify', {
        ...problemBody({ chinese_name: '单源路径', description: 'Dijkstra 最短路径', visible }),
        problem_id: p.path,
      });
      expect(res.code).toBe(0);
    };
    const seen = async (c: Client) => {
      const all = await searchAs(c, { keyword: '单源路径', category: 'all' });
      const count = (kind: string) => all.groups?.find((g) => g.kind === kind)?.total ?? 0;
      const problem = await searchAs(c, { keyword: '单源路径', category: 'problem' });
      const post = await searchAs(c, { keyword: '单源路径', category: 'post' });
      return {
        ids: [...ids(all), ...ids(problem), ...ids(post)],
        problems: count('problem'),
        posts: count('post'),
        total: all.total + problem.total + post.total,
      };
    };
    const shown = await seen(r.anon);
    expect(shown.ids).toEqual(expect.arrayContaining([`problem:${p.path}`, 'post:4']));
    expect([shown.problems, shown.posts]).toEqual([1, 1]);

    await setVisible(false);
    // Before the index hears of it, records are already checked against the problem.
    expect((await seen(r.anon)).ids.filter((x) => x === `problem:${p.path}` || x === 'post:4')).toEqual([]);
    await drain();
    for (const c of [r.anon, r.user]) {
      const hidden = await seen(c);
      expect(hidden.ids).not.toContain(`problem:${p.path}`);
      expect(hidden.ids).not.toContain('post:4');
      expect([hidden.problems, hidden.posts, hidden.total]).toEqual([0, 0, 0]);
    }
    const admin = await seen(r.admin);
    expect(admin.ids).toEqual(expect.arrayContaining([`problem:${p.path}`, 'post:4']));
    expect([admin.problems, admin.posts]).toEqual([1, 1]);

    await setVisible(true);
    await drain();
    const back = await seen(r.anon);
    expect(back.ids).toEqual(expect.arrayContaining([`problem:${p.path}`, 'post:4']));
    expect([back.problems, back.posts]).toEqual([1, 1]);
  });

  it('stops counting at 1000 and says so; pages past the first still come', async () => {
    const many = Array.from({ length: 1005 }, (_, i) => 1000 + i);
    for (const id of many) forum.put({ id, title: `封顶测试帖子 ${id}`, content: '计数封顶' });
    await ts.server.ctx.search.sync('post', many);
    const one = await searchAs(r.anon, { keyword: '封顶', category: 'post', pageSize: 20 });
    expect([one.total, one.total_capped]).toEqual([1000, true]);
    expect(one.records).toHaveLength(20);
    const all = await searchAs(r.anon, { keyword: '封顶', category: 'all', pageSize: 3 });
    expect(all.groups?.find((g) => g.kind === 'post')).toMatchObject({ total: 1000, total_capped: true });
    expect(all.total_capped).toBe(true);
    const page3 = await searchAs(r.anon, { keyword: '封顶', category: 'post', pageNum: 3, pageSize: 20 });
    expect(page3.records).toHaveLength(20);
    expect(new Set([...ids(one), ...ids(page3)]).size).toBe(40);
    const few = await searchAs(r.anon, { keyword: '线段树', category: 'problem' });
    expect(few.total_capped).toBeUndefined();
  });
});
