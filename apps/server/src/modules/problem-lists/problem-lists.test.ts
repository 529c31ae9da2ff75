import type {
  FavouriteProblems,
  ProblemListCreated,
  ProblemListDetail,
  ProblemListFavourited,
  ProblemListInputRaw,
  ProblemListPage,
} from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer, ok } from '../../../test/helpers';
import { problemBody, submit, uploadZip, verdict, zipOf } from '../../../test/problems';

const L = '/api/problem-list';
const SUM = 'a, b = map(int, input().split())\nprint(a + b)\n';
const WRONG = 'print(0)\n';

describe.each(backends())('problem lists and favourites on $name', (backend) => {
  let ts: TestServer;
  let admin: Client;
  let anon: Client;
  let owner: { client: Client; uuid: number };
  let other: { client: Client; uuid: number };
  let third: { client: Client; uuid: number };
  /** Two published problems and one hidden (visible to admins only). */
  let p1: number;
  let p2: number;
  let hidden: number;
  const HIDDEN_NAME = '隐藏的秘密题目';

  const create = (c: Client, body: Partial<ProblemListInputRaw>) =>
    c.post<ProblemListCreated>(`${L}/create`, { title: '入门题单', ...body });
  const detail = (c: Client, id: number) => c.get<ProblemListDetail>(`${L}/detail?list_id=${id}`);
  const ids = (page: ProblemListPage) => page.records.map((r) => r.list_id);

  beforeAll(async () => {
    ts = await startTestServer(backend, { rateLimits: { submit: { max: 1000, windowMs: 60_000 } } });
    admin = await ts.login(ts.admin.account, ts.admin.password);
    anon = ts.client();
    owner = await ts.register('pl_owner');
    other = await ts.register('pl_other');
    third = await ts.register('pl_third');
    const add = async (over: Parameters<typeof problemBody>[0]) =>
      (await ok(admin.post<{ problem_id: number }>('/api/problem/algorithm/admin/add', problemBody(over))))
        .problem_id;
    p1 = await add({ chinese_name: '列表第一题' });
    p2 = await add({ chinese_name: '列表第二题' });
    hidden = await add({ chinese_name: HIDDEN_NAME, visible: false });
    const zip = await zipOf([
      ['1.in', '1 2\n'],
      ['1.out', '3\n'],
    ]);
    for (const id of [p1, p2]) await ok(uploadZip(admin, id, zip));
  }, 120_000);
  afterAll(() => ts?.close());

  it('lets a user create, edit (add, reorder, note, remove) and delete their own list only', async () => {
    const bad = await create(owner.client, { title: '  ' });
    expect(bad.status).toBe(400);
    expect(bad.message).toMatch(/题单标题/);
    const dup = await create(owner.client, { items: [{ problem_id: p1 }, { problem_id: p1 }] });
    expect(dup.message).toMatch(/重复/);
    expect((await create(anon, {})).status).toBe(401);
    // A problem the writer may not see does not exist for them.
    const secret = await create(owner.client, { items: [{ problem_id: hidden }] });
    expect([secret.status, secret.message]).toEqual([404, `题目 ${hidden} 不存在`]);

    const { list_id } = await ok(
      create(owner.client, {
        description: '# 简介\n先做 **A+B**',
        items: [{ problem_id: p1, note: '热身' }],
      }),
    );
    let d = await ok(detail(owner.client, list_id));
    expect(d.items.map((i) => [i.problem_id, i.note])).toEqual([[p1, '热身']]);
    expect([d.mine, d.public, d.title, d.owner.uuid]).toEqual([true, false, '入门题单', owner.uuid]);
    // The description comes rendered by the server too.
    expect(d.description_html).toBe('<h1>简介</h1>\n<p>先做 <strong>A+B</strong></p>\n');

    const modify = (c: Client, items: { problem_id: number; note?: string }[], extra = {}) =>
      c.post(`${L}/modify`, {
        list_id,
        title: '入门题单 改',
        description: '新简介',
        public: true,
        items,
        ...extra,
      });
    expect((await modify(owner.client, [{ problem_id: p2, note: '第二' }, { problem_id: p1 }])).code).toBe(0);
    d = await ok(detail(owner.client, list_id));
    expect(d.items.map((i) => [i.problem_id, i.note])).toEqual([
      [p2, '第二'],
      [p1, ''],
    ]);
    expect([d.title, d.description, d.public]).toEqual(['入门题单 改', '新简介', true]);
    expect(d.description_html).toBe('<p>新简介</p>\n');

    // Only the owner edits or deletes: others are refused on a public list.
    const foreign = await modify(other.client, [{ problem_id: p1 }]);
    expect([foreign.status, foreign.message]).toEqual([403, '只有题单的创建者可以修改或删除它']);
    expect((await other.client.post(`${L}/delete?list_id=${list_id}`)).status).toBe(403);
    expect((await admin.post(`${L}/delete?list_id=${list_id}`)).status).toBe(403);
    expect((await ok(detail(anon, list_id))).items).toHaveLength(2);

    expect((await modify(owner.client, [{ problem_id: p2 }])).code).toBe(0);
    expect((await ok(detail(owner.client, list_id))).items.map((i) => i.problem_id)).toEqual([p2]);
    expect((await owner.client.post(`${L}/delete?list_id=${list_id}`)).code).toBe(0);
    expect((await detail(owner.client, list_id)).status).toBe(404);
    expect((await owner.client.post(`${L}/delete?list_id=${list_id}`)).status).toBe(404);
  });

  it('keeps a private list to its owner on every read path', async () => {
    const priv = (await ok(create(owner.client, { title: '私房题单', items: [{ problem_id: p1 }] }))).list_id;
    const pub = (
      await ok(create(owner.client, { title: '公开题单', public: true, items: [{ problem_id: p1 }] }))
    ).list_id;
    for (const c of [anon, other.client, admin]) {
      const res = await detail(c, priv);
      expect([res.status, res.message]).toEqual([404, `题单 ${priv} 不存在`]);
      expect(ids(await ok(c.get<ProblemListPage>(`${L}/user?uuid=${owner.uuid}`)))).toEqual([pub]);
      const found = await ok(
        c.get<ProblemListPage>(`${L}/square?keyword=${encodeURIComponent('题单')}&pageSize=100`),
      );
      expect(ids(found)).toContain(pub);
      expect(ids(found)).not.toContain(priv);
      expect(
        (await ok(c.get<ProblemListPage>(`${L}/square?keyword=${encodeURIComponent('私房')}`))).total,
      ).toBe(0);
    }
    for (const c of [other.client, admin]) {
      expect((await c.post(`${L}/favourite?list_id=${priv}`)).status).toBe(404);
      expect((await c.post(`${L}/copy?list_id=${priv}`)).status).toBe(404);
      expect((await c.post(`${L}/modify`, { list_id: priv, title: 'x', items: [] })).status).toBe(404);
      expect(ids(await ok(c.get<ProblemListPage>(`${L}/mine`)))).not.toContain(priv);
    }
    expect((await detail(owner.client, priv)).code).toBe(0);
    expect(ids(await ok(owner.client.get<ProblemListPage>(`${L}/user?uuid=${owner.uuid}`)))).toEqual([
      pub,
      priv,
    ]);
    expect(ids(await ok(owner.client.get<ProblemListPage>(`${L}/mine`)))).toEqual(
      expect.arrayContaining([pub, priv]),
    );
    expect((await anon.get(`${L}/mine`)).status).toBe(401);

    // A favourited list made private leaves the favourites of everyone but its owner.
    await ok(other.client.post(`${L}/favourite?list_id=${pub}`));
    expect(ids(await ok(other.client.get<ProblemListPage>(`${L}/favourites`)))).toEqual([pub]);
    await ok(
      owner.client.post(`${L}/modify`, {
        list_id: pub,
        title: '公开题单',
        public: false,
        items: [{ problem_id: p1 }],
      }),
    );
    expect(ids(await ok(other.client.get<ProblemListPage>(`${L}/favourites`)))).toEqual([]);
    expect((await detail(other.client, pub)).status).toBe(404);
  });

  it('never lets a hidden problem leak through a list to a viewer who may not see it', async () => {
    // An admin may put a hidden problem in a public list; only admins see it there.
    const { list_id } = await ok(
      create(admin, {
        title: '含隐藏题的题单',
        public: true,
        items: [{ problem_id: p1 }, { problem_id: hidden, note: '秘密备注' }, { problem_id: p2 }],
      }),
    );
    const seen = await ok(detail(admin, list_id));
    expect(seen.items.map((i) => i.problem_id)).toEqual([p1, hidden, p2]);
    expect(seen.progress.total).toBe(3);
    for (const c of [anon, other.client]) {
      const res = await detail(c, list_id);
      const raw = JSON.stringify(res.data);
      expect(raw).not.toContain(HIDDEN_NAME);
      expect(raw).not.toContain('秘密备注');
      expect(res.data.items.map((i) => i.problem_id)).toEqual([p1, p2]);
      expect(res.data.progress).toEqual({ total: 2, solved: 0, attempted: 0 });
      expect(res.data.problem_count).toBe(2);
      const square = await ok(c.get<ProblemListPage>(`${L}/square?keyword=${encodeURIComponent('含隐藏')}`));
      expect(square.records.map((r) => r.problem_count)).toEqual([2]);
      const profile = await ok(c.get<ProblemListPage>(`${L}/user?uuid=${seen.owner.uuid}`));
      expect(profile.records.find((r) => r.list_id === list_id)?.problem_count).toBe(2);
    }
    expect(
      (await ok(admin.get<ProblemListPage>(`${L}/square?keyword=${encodeURIComponent('含隐藏')}`))).records[0]
        .problem_count,
    ).toBe(3);

    // A copy takes only what the copier sees; starring a hidden problem is refused as if it did not exist.
    const copied = (await ok(other.client.post<ProblemListCreated>(`${L}/copy?list_id=${list_id}`))).list_id;
    const copy = await ok(detail(other.client, copied));
    expect(copy.items.map((i) => i.problem_id)).toEqual([p1, p2]);
    expect([copy.public, copy.title, copy.mine]).toEqual([false, '含隐藏题的题单（副本）', true]);
    expect(JSON.stringify(await ok(detail(admin, list_id)))).toContain(HIDDEN_NAME);
    expect((await other.client.post(`${L}/problem/favourite?problem_id=${hidden}`)).status).toBe(404);

    // A problem hidden after a user listed it disappears for them, and their edits keep it.
    const mine = (await ok(create(third.client, { public: true, items: [{ problem_id: p2 }] }))).list_id;
    await ok(third.client.post(`${L}/problem/favourite?problem_id=${p2}`));
    const body = problemBody({ chinese_name: '列表第二题', visible: false });
    await ok(admin.post('/api/problem/algorithm/admin/modify', { ...body, problem_id: p2 }));
    try {
      expect((await ok(detail(third.client, mine))).items).toEqual([]);
      expect((await ok(third.client.get<FavouriteProblems>(`${L}/problem/favourites`))).problems).toEqual([]);
      expect(await ok(third.client.get<number[]>(`${L}/problem/starred`))).toEqual([]);
      await ok(
        third.client.post(`${L}/modify`, {
          list_id: mine,
          title: '改过',
          public: true,
          items: [{ problem_id: p1 }],
        }),
      );
      expect((await ok(detail(admin, mine))).items.map((i) => i.problem_id)).toEqual([p1, p2]);
      expect((await ok(detail(third.client, mine))).items.map((i) => i.problem_id)).toEqual([p1]);
    } finally {
      await ok(
        admin.post('/api/problem/algorithm/admin/modify', {
          ...problemBody({ chinese_name: '列表第二题' }),
          problem_id: p2,
        }),
      );
    }
    expect((await ok(detail(third.client, mine))).items.map((i) => i.problem_id)).toEqual([p1, p2]);
  });

  it('favourites and copies lists, and sorts the square by newest or most favourited', async () => {
    const a = (await ok(create(owner.client, { title: '排序甲', public: true, items: [{ problem_id: p1 }] })))
      .list_id;
    const b = (await ok(create(owner.client, { title: '排序乙', public: true }))).list_id;
    const fav = (c: Client, id: number, on = 1) =>
      ok(c.post<ProblemListFavourited>(`${L}/favourite?list_id=${id}&on=${on}`));
    expect(await fav(other.client, a)).toEqual({ favourited: true, favourite_count: 1 });
    expect(await fav(other.client, a)).toEqual({ favourited: true, favourite_count: 1 });
    expect(await fav(third.client, a)).toEqual({ favourited: true, favourite_count: 2 });
    expect((await anon.post(`${L}/favourite?list_id=${a}`)).status).toBe(401);
    const q = encodeURIComponent('排序');
    expect(ids(await ok(anon.get<ProblemListPage>(`${L}/square?keyword=${q}`)))).toEqual([b, a]);
    const byFav = await ok(other.client.get<ProblemListPage>(`${L}/square?keyword=${q}&sort=favourites`));
    expect(byFav.records.map((r) => [r.list_id, r.favourite_count, r.favourited])).toEqual([
      [a, 2, true],
      [b, 0, false],
    ]);
    expect((await ok(detail(other.client, a))).favourited).toBe(true);
    expect(ids(await ok(other.client.get<ProblemListPage>(`${L}/favourites`)))).toContain(a);
    expect(await fav(other.client, a, 0)).toEqual({ favourited: false, favourite_count: 1 });
    expect(ids(await ok(other.client.get<ProblemListPage>(`${L}/favourites`)))).not.toContain(a);

    const copy = (await ok(third.client.post<ProblemListCreated>(`${L}/copy?list_id=${a}`))).list_id;
    expect(copy).not.toBe(a);
    const c = await ok(detail(third.client, copy));
    expect([c.title, c.owner.uuid, c.public, c.items.map((i) => i.problem_id)]).toEqual([
      '排序甲（副本）',
      third.uuid,
      false,
      [p1],
    ]);
    // The copy is its own: editing it leaves the original alone.
    await ok(third.client.post(`${L}/modify`, { list_id: copy, title: '我的副本', items: [] }));
    expect((await ok(detail(anon, a))).items.map((i) => i.problem_id)).toEqual([p1]);
    // Deleting a list takes its favourites along.
    await ok(owner.client.post(`${L}/delete?list_id=${a}`));
    expect(ids(await ok(third.client.get<ProblemListPage>(`${L}/favourites`)))).not.toContain(a);
  });

  it('shows each viewer their own progress, and stars problems into 我的收藏', async () => {
    const { list_id } = await ok(
      create(owner.client, {
        title: '进度题单',
        public: true,
        items: [{ problem_id: p1 }, { problem_id: p2 }],
      }),
    );
    const solve = await submit(other.client, p1, 'Python3', SUM);
    const miss = await submit(other.client, p2, 'Python3', WRONG);
    expect((await verdict(other.client, solve)).status).toBe('AC');
    expect((await verdict(other.client, miss)).status).toBe('WA');

    const mine = await ok(detail(other.client, list_id));
    expect(mine.items.map((i) => i.status)).toEqual(['solved', 'tried']);
    expect(mine.progress).toEqual({ total: 2, solved: 1, attempted: 1 });
    for (const c of [owner.client, anon]) {
      const theirs = await ok(detail(c, list_id));
      expect(theirs.items.map((i) => i.status)).toEqual(['none', 'none']);
      expect(theirs.progress).toEqual({ total: 2, solved: 0, attempted: 0 });
    }

    await ok(other.client.post(`${L}/problem/favourite?problem_id=${p2}`));
    await ok(other.client.post(`${L}/problem/favourite?problem_id=${p1}&on=1`));
    await ok(other.client.post(`${L}/problem/favourite?problem_id=${p1}`));
    const favs = await ok(other.client.get<FavouriteProblems>(`${L}/problem/favourites`));
    expect(favs.problems.map((p) => [p.problem_id, p.status]).sort()).toEqual(
      [
        [p1, 'solved'],
        [p2, 'tried'],
      ].sort(),
    );
    expect(favs.progress).toEqual({ total: 2, solved: 1, attempted: 1 });
    expect((await ok(other.client.get<number[]>(`${L}/problem/starred`))).sort()).toEqual([p1, p2].sort());
    expect(await ok(owner.client.get<number[]>(`${L}/problem/starred`))).toEqual([]);
    await ok(other.client.post(`${L}/problem/favourite?problem_id=${p2}&on=0`));
    expect(await ok(other.client.get<number[]>(`${L}/problem/starred`))).toEqual([p1]);
    expect((await other.client.post(`${L}/problem/favourite?problem_id=987654`)).status).toBe(404);
    expect((await anon.get(`${L}/problem/favourites`)).status).toBe(401);
  });
});
