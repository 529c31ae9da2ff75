import type { ClassSummary, CurrentUser, UserPractice } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer, ok } from '../../../test/helpers';
import { problemBody, submit, uploadZip, verdict, zipOf } from '../../../test/problems';

const SUM = 'a, b = map(int, input().split())\nprint(a + b)\n';
const PR = '/api/problem/algorithm';

// Issue 29 item 15: a user card's 练习情况 (docs/users.md "练习情况").
describe.each(backends())('user practice on $name', (backend) => {
  let ts: TestServer;
  let boss: Client;
  type U = { client: Client; uuid: number };
  let solver: U, other: U, teacher: U;
  let shown: number, hidden: number, unsolved: number;
  const practice = (c: Client, uuid: number) => c.get<UserPractice>(`/api/user/practice?uuid=${uuid}`);

  beforeAll(async () => {
    ts = await startTestServer(backend, {
      logLevel: 'error',
      rateLimits: { submit: { max: 1000, windowMs: 60_000 } },
    });
    boss = await ts.login(ts.admin.account, ts.admin.password);
    solver = await ts.register('pr_solver');
    other = await ts.register('pr_other');
    teacher = await ts.register('pr_teacher');
    const zip = await zipOf([
      ['1.in', '1 2\n'],
      ['1.out', '3\n'],
    ]);
    const ids: number[] = [];
    for (const [name, difficulty, tags_list] of [
      ['练习甲', 0, [101]],
      ['练习乙', 1, [102]],
      ['练习丙', 2, [101]],
    ] as const) {
      const id = (
        await ok(
          boss.post<{ problem_id: number }>(
            `${PR}/admin/add`,
            problemBody({ chinese_name: name, difficulty, tags_list: [...tags_list] }),
          ),
        )
      ).problem_id;
      await ok(uploadZip(boss, id, zip));
      ids.push(id);
    }
    [shown, hidden, unsolved] = ids;
    for (const p of [shown, hidden])
      expect((await verdict(solver.client, await submit(solver.client, p, 'Python3', SUM))).status).toBe(
        'AC',
      );
    // Solved while published, then hidden (a contest or a class took it): no longer the bank's.
    await ok(
      boss.post(`${PR}/admin/modify`, {
        ...problemBody({ chinese_name: '练习乙', difficulty: 1, tags_list: [102], visible: false }),
        problem_id: hidden,
      }),
    );
  }, 300_000);
  afterAll(() => ts?.close());

  it('lists and counts only the problems the viewer may see in the bank', async () => {
    // The bank holds the seeded problems too: compare with a user who solved nothing.
    const none = await ok(practice(ts.client(), other.uuid));
    expect(none.solved_ids).toEqual([]);
    expect(none.breakdown.solved).toBe(0);
    const solvedAt = (b: UserPractice['breakdown'], difficulty: number) =>
      b.by_difficulty.find((r) => r.difficulty === difficulty)?.solved ?? 0;
    const tagSolved = (b: UserPractice['breakdown'], tag: number) =>
      b.by_tag.find((r) => r.tag_id === tag)?.solved ?? 0;
    for (const c of [ts.client(), other.client, solver.client]) {
      const p = await ok(practice(c, solver.uuid));
      expect(p.uuid).toBe(solver.uuid);
      expect(p.solved_ids).toEqual([shown]);
      // The hidden problem counts neither as solved nor in the totals.
      expect(p.breakdown.solved).toBe(1);
      expect(p.breakdown.total).toBe(none.breakdown.total);
      expect(solvedAt(p.breakdown, 0)).toBe(1);
      expect(solvedAt(p.breakdown, 1)).toBe(0);
      expect(tagSolved(p.breakdown, 101)).toBe(1);
      expect(tagSolved(p.breakdown, 102)).toBe(0);
      expect(p.breakdown.by_tag.find((r) => r.tag_id === 101)?.tag_name).toBeTruthy();
      expect(p.classes).toBeNull();
    }
    // Administrators see hidden problems in the bank, so in the list too; the counts stay the bank's.
    const asAdmin = await ok(practice(boss, solver.uuid));
    expect(asAdmin.solved_ids).toEqual([shown, hidden]);
    expect(asAdmin.breakdown.solved).toBe(1);
    expect(asAdmin.solved_ids).not.toContain(unsolved);
  });

  it('shows public problem lists only, to everyone including the owner', async () => {
    const pub = await ok(
      solver.client.post<{ list_id: number }>('/api/problem-list/create', {
        title: '公开的练习题单',
        public: true,
        items: [{ problem_id: shown }],
      }),
    );
    await ok(solver.client.post('/api/problem-list/create', { title: '私人题单', public: false }));
    for (const c of [ts.client(), other.client, solver.client])
      expect((await ok(practice(c, solver.uuid))).lists).toEqual([
        { list_id: pub.list_id, title: '公开的练习题单', problem_count: 1 },
      ]);
  });

  it('names the classes only when the user allows it (off by default, set by the owner only)', async () => {
    await ok(boss.post('/api/user/admin/teacher', { uuid: teacher.uuid, teacher: true }));
    const classId = (
      await ok(
        teacher.client.post<{ class_id: number }>('/api/class/create', {
          name: '练习情况班',
          join_mode: 'code',
        }),
      )
    ).class_id;
    const code = (await ok(teacher.client.get<ClassSummary>(`/api/class/detail?class_id=${classId}`)))
      .invite_code!;
    await ok(solver.client.post('/api/class/join', { code }));
    expect((await ok(solver.client.get<CurrentUser>('/api/user/current'))).show_classes).toBe(false);
    expect((await ok(practice(other.client, solver.uuid))).classes).toBeNull();
    expect((await ok(practice(solver.client, solver.uuid))).classes).toBeNull();

    const set = await ok(solver.client.post<CurrentUser>('/api/user/settings', { show_classes: true }));
    expect(set.show_classes).toBe(true);
    expect(set.hide_tags).toBe(false);
    for (const c of [ts.client(), other.client])
      expect((await ok(practice(c, solver.uuid))).classes).toEqual([{ name: '练习情况班' }]);
    // Another user's setting is untouched; a wrong value is refused in Chinese; anonymous callers too.
    expect((await ok(practice(ts.client(), other.uuid))).classes).toBeNull();
    const bad = await solver.client.post('/api/user/settings', { show_classes: 'yes' });
    expect(bad.code).not.toBe(0);
    expect(bad.message).toContain('在个人主页展示我的班级');
    expect((await ts.client().post('/api/user/settings', { show_classes: true })).code).not.toBe(0);

    await ok(solver.client.post('/api/user/settings', { show_classes: false }));
    expect((await ok(practice(ts.client(), solver.uuid))).classes).toBeNull();
  });

  it('costs a fixed number of statements whatever the user solved and listed', async () => {
    const counted = async (uuid: number) => {
      const before = ts.server.queryCount();
      await ok(practice(ts.client(), uuid));
      return ts.server.queryCount() - before;
    };
    // One list each (an empty page skips the lists' summaries); the solver has more of everything.
    await ok(
      other.client.post('/api/problem-list/create', {
        title: '一道题',
        public: true,
        items: [{ problem_id: shown }],
      }),
    );
    await ok(
      solver.client.post('/api/problem-list/create', {
        title: '两道题',
        public: true,
        items: [{ problem_id: shown }, { problem_id: unsolved }],
      }),
    );
    const empty = await counted(other.uuid);
    const busy = await counted(solver.uuid);
    expect(busy).toBe(empty);
    expect(busy).toBeLessThanOrEqual(10);
    // Shown classes add one statement, however many classes.
    await ok(solver.client.post('/api/user/settings', { show_classes: true }));
    expect(await counted(solver.uuid)).toBe(empty + 1);
    await ok(solver.client.post('/api/user/settings', { show_classes: false }));
  });

  it('answers unknown and banned users as the card does; GET and POST alike', async () => {
    const unknown = await practice(ts.client(), 999_999);
    expect(unknown.status).toBe(404);
    expect(unknown.message).toBe('用户 999999 不存在');
    const card = await ts.client().post(`/api/user/search/uuid?uuid=999999`);
    expect(card.status).toBe(unknown.status);
    const bad = await ts.client().get('/api/user/practice?uuid=abc');
    expect(bad.code).not.toBe(0);
    expect(bad.message).toContain('用户编号');

    await ok(boss.post('/api/user/admin/ban', [other.uuid]));
    const bannedCard = await ts.client().post(`/api/user/search/uuid?uuid=${other.uuid}`);
    const banned = await ts.client().post<UserPractice>(`/api/user/practice?uuid=${other.uuid}`);
    expect(banned.code).toBe(bannedCard.code);
    expect(banned.status).toBe(bannedCard.status);
  });
});
