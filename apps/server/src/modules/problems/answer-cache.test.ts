import type { BankPage, Problem, TagRef } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS } from '../../lib/auth';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import { problemBody, type RoleClients, roleClients } from '../../../test/problems';
import { TWO_NODES, twoNodeInstall } from '../../../test/two-node-install';
import { scoped } from '../../db/scoped';
import { etagMatches, ProblemAnswerCache } from './answer-cache';
import { PROBLEMS_TABLES } from './tables';

const P = '/api/problem/algorithm';
const detail = (c: Client, id: number, headers: Record<string, string> = {}) =>
  c.request<Problem>('GET', `${P}/search/problemId?problem_id=${id}`, { headers });

async function addProblem(c: RoleClients, description: string): Promise<number> {
  const added = await c.admin.post<{ problem_id: number }>(
    `${P}/admin/add`,
    problemBody({ description, visible: true }),
  );
  expect(added.code).toBe(0);
  return added.data.problem_id;
}

async function modify(c: RoleClients, id: number, over: Parameters<typeof problemBody>[0]) {
  const res = await c.admin.post(`${P}/admin/modify`, { ...problemBody(over), problem_id: id });
  expect([res.status, res.message]).toEqual([200, '题目已保存']);
}

describe('ETag comparison', () => {
  it('matches weakly, in lists and for *', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('*', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });
});

describe.each(backends())('cached problem answers on $name', (backend) => {
  let ts: TestServer;
  let c: RoleClients;
  beforeAll(async () => {
    ts = await startTestServer(backend);
    c = await roleClients(ts, 'ac');
  }, 60_000);
  afterAll(() => ts?.close());

  it('answers the very same problem as the uncached path, and per viewer its own status', async () => {
    const id = await addProblem(c, '原文');
    const first = await detail(c.anon, id);
    const again = await detail(c.anon, id);
    expect(first.status).toBe(200);
    expect(again.data).toEqual(first.data);
    expect(first.data).toEqual(await ts.server.ctx.problems.get(ANONYMOUS, id));
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);

    // my_status is the viewer's own, over the one cached problem.
    await ts.server.ctx.problems.setUserStatus(c.userUuid, id, true);
    expect((await detail(c.user, id)).data.my_status).toBe('solved');
    expect((await detail(c.anon, id)).data.my_status).toBe('none');
    // POST reads the same answer.
    const posted = await c.anon.post<Problem>(`${P}/search/problemId?problem_id=${id}`);
    expect(posted.data).toEqual(first.data);
    // The editor's answer is not the cached one: it carries the special checker's source.
    await modify(c, id, {
      description: '原文',
      visible: true,
      checker: { kind: 'special', source: 'int main(){}', protocol: 'testlib' },
    } as never);
    expect((await detail(c.admin, id)).data.checker.source).toBe('int main(){}');
    expect((await detail(c.anon, id)).data.checker.source).toBeNull();
    expect((await detail(c.user, id)).data.checker.source).toBeNull();
  });

  it('shows an edit at once, and the counts after a verdict', async () => {
    const id = await addProblem(c, '第一版题面');
    expect((await detail(c.anon, id)).data.description).toBe('第一版题面');
    expect((await detail(c.user, id)).data.description).toBe('第一版题面');
    await modify(c, id, { description: '第二版题面', tags_list: [101, 103], visible: true });
    const after = await detail(c.anon, id);
    expect(after.data.description).toBe('第二版题面');
    expect(after.data.tags_list).toEqual([101, 103]);
    expect((await detail(c.user, id)).data.description).toBe('第二版题面');

    await ts.server.ctx.problems.setStats(id, 5, 2);
    const counted = await detail(c.anon, id);
    expect([counted.data.submit_num, counted.data.accept_num, counted.data.pass_rate]).toEqual([5, 2, 0.4]);

    const tests = await c.admin.post(`${P}/admin/testCase/add?problem_id=${id}`, [
      { input: '1 2\n', output: '3\n' },
      { input: '2 2\n', output: '4\n' },
    ]);
    expect(tests.code).toBe(0);
    expect((await detail(c.anon, id)).data.test_case_num).toBe(2);
  });

  it('refuses a problem once hidden or deleted, to everyone but the admins', async () => {
    const id = await addProblem(c, '将被隐藏');
    expect((await detail(c.anon, id)).status).toBe(200);
    expect((await detail(c.user, id)).status).toBe(200);
    await modify(c, id, { description: '将被隐藏', visible: false });
    for (const who of [c.anon, c.user]) {
      const res = await detail(who, id);
      expect([res.status, res.message]).toEqual([404, `题目 ${id} 不存在`]);
      expect(res.headers.get('etag')).toBeNull();
    }
    const admin = await detail(c.admin, id);
    expect([admin.status, admin.data.visible]).toEqual([200, false]);
    // Published again, then deleted.
    await modify(c, id, { description: '将被隐藏', visible: true });
    expect((await detail(c.user, id)).status).toBe(200);
    expect((await c.admin.post(`${P}/admin/delete?problem_id=${id}`)).code).toBe(0);
    expect((await detail(c.user, id)).status).toBe(404);
    expect((await detail(c.admin, id)).status).toBe(404);
  });

  it('answers 304 to a client holding the current copy, 200 once it changed', async () => {
    const id = await addProblem(c, '缓存校验');
    const first = await detail(c.anon, id);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');

    const same = await fetch(`${ts.url}${P}/search/problemId?problem_id=${id}`, {
      headers: { 'if-none-match': etag! },
    });
    expect(same.status).toBe(304);
    expect(await same.text()).toBe('');
    // Another viewer's status makes other bytes: a signed-in user who solved it gets them, not 304.
    await ts.server.ctx.problems.setUserStatus(c.userUuid, id, true);
    const solved = await detail(c.user, id, { 'if-none-match': etag! });
    expect([solved.status, solved.data.my_status]).toEqual([200, 'solved']);

    await modify(c, id, { description: '缓存校验（改）', visible: true });
    const changed = await detail(c.anon, id, { 'if-none-match': etag! });
    expect(changed.status).toBe(200);
    expect(changed.data.description).toBe('缓存校验（改）');
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('keeps no answer built while a change came', async () => {
    const id = await addProblem(c, '并发');
    let calls = 0;
    let release = () => {};
    const cache = new ProblemAnswerCache({ db: scoped(ts.server.ctx.db.db, PROBLEMS_TABLES) }, () => {
      calls++;
      return new Promise<boolean>((res) => (release = () => res(false)));
    });
    const building = cache.detail(ANONYMOUS, id);
    await vi.waitFor(() => expect(calls).toBe(1));
    cache.changed(id); // e.g. an edit committed while the row was being read
    release();
    expect(JSON.parse((await building)!.body).data.problem_id).toBe(id);
    // Not kept: the next read builds again, and that one is kept.
    const again = cache.detail(ANONYMOUS, id);
    await vi.waitFor(() => expect(calls).toBe(2));
    release();
    const kept = await again;
    expect(await cache.detail(ANONYMOUS, id)).toBe(kept);
    expect(calls).toBe(2);
  });

  it("follows adds, edits, counts and hides on a visitor's bank page", async () => {
    const page = async (who: Client = c.anon) =>
      (await who.post<BankPage>(`${P}/search`, { pageNum: 1, pageSize: 100, sort: 'id', order: 'desc' })).data;
    const before = await page();
    const id = await addProblem(c, '列表题');
    const listed = await page();
    expect(listed.total).toBe(before.total + 1);
    expect(listed.records[0].problem_id).toBe(id);

    await modify(c, id, { chinese_name: '改名的列表题', visible: true });
    expect((await page()).records[0].chinese_name).toBe('改名的列表题');
    await ts.server.ctx.problems.setStats(id, 4, 1);
    expect((await page()).records[0].submit_num).toBe(4);
    // A signed-in user's page is their own (status per row), never the visitors' cached one.
    await ts.server.ctx.problems.setUserStatus(c.userUuid, id, false);
    expect((await page(c.user)).records[0].my_status).toBe('tried');
    expect((await page()).records[0].my_status).toBe('none');

    await modify(c, id, { chinese_name: '改名的列表题', visible: false });
    const hidden = await page();
    expect(hidden.total).toBe(before.total);
    expect(hidden.records.map((r) => r.problem_id)).not.toContain(id);
    expect((await page(c.admin)).records[0].problem_id).toBe(id);
  });

  it('answers the tag lists with an ETag and 304', async () => {
    const tags = await c.anon.get<TagRef[]>(`${P}/get/tags`);
    expect(tags.code).toBe(0);
    expect(tags.data.length).toBeGreaterThan(10);
    const grouped = await c.anon.get<{ tags: TagRef[] }[]>(`${P}/get/tagsPlusCategory`);
    expect(grouped.data.flatMap((g) => g.tags)).toHaveLength(tags.data.length);
    const again = await fetch(`${ts.url}${P}/get/tags`, {
      headers: { 'if-none-match': tags.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });
});

/** A change stored on node A drops node B's cached copy through the event bus. */
describe.skipIf(!TWO_NODES)('cached problem answers across two nodes', () => {
  const nodes = twoNodeInstall();

  it('node B shows an edit and a hide made on node A', async () => {
    const { a, b } = nodes;
    const c = await roleClients(a, 'acn');
    const id = await addProblem(c, '节点甲的题面');
    const anonB = c.anon.on(b.url);
    const userB = c.user.on(b.url);
    expect((await detail(anonB, id)).data.description).toBe('节点甲的题面');

    await modify(c, id, { description: '改过的题面', visible: true });
    await vi.waitFor(async () => expect((await detail(anonB, id)).data.description).toBe('改过的题面'), {
      timeout: 10_000,
      interval: 50,
    });
    await modify(c, id, { description: '改过的题面', visible: false });
    await vi.waitFor(async () => expect((await detail(userB, id)).status).toBe(404), {
      timeout: 10_000,
      interval: 50,
    });
  });
});
