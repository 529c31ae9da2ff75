import type { MutePage, ReportPage, ReportTargetKind } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, Client, startTestServer, TestClock, type TestServer } from '../../../test/helpers';
import { scoped } from '../../db/scoped';
import type { ModerationTargets, TargetInfo } from './deps';
import { createWriteGate } from './service';
import { MODERATION_TABLES } from './tables';

const P = '/api/moderation';
const DAY = 24 * 60 * 60_000;

/** A stand-in forum: posts and comments by id, and a log of what moderation asked it to do. */
function fakeForum() {
  const items = new Map<string, TargetInfo>();
  const calls: string[] = [];
  const targets: ModerationTargets = {
    async describe(kind, ids) {
      return new Map(
        ids.flatMap((id) => (items.has(`${kind}:${id}`) ? [[id, items.get(`${kind}:${id}`)!]] : [])),
      );
    },
    async hide(kind, id, by) {
      calls.push(`hide ${kind} ${id} by ${by}`);
    },
    async remove(kind, id, by) {
      calls.push(`remove ${kind} ${id} by ${by}`);
      items.delete(`${kind}:${id}`);
    },
  };
  const add = (kind: ReportTargetKind, id: number, author_id: number) =>
    items.set(`${kind}:${id}`, {
      title: `帖子 ${id}`,
      excerpt: `内容 ${id}`,
      author_id,
      link: kind === 'post' ? `/posts/${id}` : `/posts/1#comment-${id}`,
    });
  return { targets, calls, add };
}

describe.each(backends())('moderation ($name)', (backend) => {
  let ts: TestServer;
  let anon: Client;
  let boss: Client;
  const clock = new TestClock();
  const forum = fakeForum();
  /** The forum's write gate, as the composition root builds it (a lower part over the mutes). */
  let writeBlock: ReturnType<typeof createWriteGate>;
  const u: Record<string, { client: Client; uuid: number }> = {};

  beforeAll(async () => {
    // The forum is a stand-in here (forum.test.ts reports and hides through the real one).
    ts = await startTestServer(backend, { clock, replace: { moderationTargets: forum.targets } });
    writeBlock = createWriteGate({ db: scoped(ts.server.ctx.db.db, MODERATION_TABLES), clock });
    anon = ts.client();
    boss = await ts.login(ts.admin.account, ts.admin.password);
    for (const name of ['writer', 'reader', 'other', 'banned', 'spammer'])
      u[name] = await ts.register(`${name}_m`);
    expect((await boss.post('/api/user/admin/ban', [u.banned.uuid])).code).toBe(0);
  }, 120_000);
  afterAll(() => ts?.close());

  it('report: login required, not banned; the target must exist and not be mine; one open report', async () => {
    forum.add('post', 1, u.writer.uuid);
    forum.add('comment', 5, u.writer.uuid);
    const body = { kind: 'post', id: 1, reason: 'spam', detail: '  全是广告链接 ' };
    expect((await anon.post(`${P}/report`, body)).status).toBe(401);
    expect((await u.banned.client.post(`${P}/report`, body)).status).toBe(401);
    const own = await u.writer.client.post(`${P}/report`, body);
    expect([own.status, own.message]).toEqual([400, '不能举报自己的内容']);
    const missing = await u.reader.client.post(`${P}/report`, { ...body, id: 99 });
    expect(missing.status).toBe(404);
    const made = await u.reader.client.post<{ report_id: number }>(`${P}/report`, body);
    expect(made.code).toBe(0);
    const again = await Promise.all([1, 2].map(() => u.reader.client.post(`${P}/report`, body)));
    expect(again.map((r) => r.status)).toEqual([409, 409]);
    expect((await u.other.client.post(`${P}/report`, body)).code).toBe(0);
    expect((await u.other.client.post(`${P}/report`, { kind: 'comment', id: 5, reason: 'abuse' })).code).toBe(
      0,
    );

    const bad = await u.reader.client.post(`${P}/report`, { kind: 'user', id: 1, reason: 'spam' });
    expect([bad.status, bad.message]).toEqual([400, '举报的对象类型只能是帖子或评论']);
    const reason = await u.reader.client.post(`${P}/report`, { kind: 'post', id: 1, reason: 'meh' });
    expect(reason.message).toBe('请从列表中选择举报原因');
    const long = await u.reader.client.post(`${P}/report`, { ...body, detail: 'x'.repeat(501) });
    expect(long.message).toBe('补充说明不能超过 500 个字符');
  });

  it('report is rate limited per user', async () => {
    for (let i = 100; i < 112; i++) forum.add('comment', i, u.writer.uuid);
    const codes: number[] = [];
    for (let i = 100; i < 112; i++)
      codes.push(
        (await u.spammer.client.post(`${P}/report`, { kind: 'comment', id: i, reason: 'other' })).status,
      );
    expect(codes.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(codes.slice(10)).toEqual([429, 429]);
  });

  it('admin lists reports by status with a preview of the target; others are refused', async () => {
    for (const c of [anon, u.banned.client])
      expect((await c.post(`${P}/admin/reports?pageNum=1`)).status).toBe(401);
    expect((await u.reader.client.post(`${P}/admin/reports?pageNum=1`)).status).toBe(403);
    const page = (await boss.post<ReportPage>(`${P}/admin/reports?pageNum=1&pageSize=50&status=open`)).data;
    expect(page.total).toBe(13);
    const first = page.records.find((r) => r.kind === 'post' && r.reporter?.uuid === u.reader.uuid)!;
    expect(first).toMatchObject({
      target_id: 1,
      reason: 'spam',
      detail: '全是广告链接',
      status: 'open',
      action: null,
      handler: null,
      target: { title: '帖子 1', link: '/posts/1', author: { uuid: u.writer.uuid, username: 'writer_m' } },
    });
    expect((await boss.post(`${P}/admin/reports?pageNum=1&status=closed`)).status).toBe(400);
  });

  it('handling calls the forum: hide and delete close every open report of the target', async () => {
    const open = async () =>
      (await boss.post<ReportPage>(`${P}/admin/reports?pageNum=1&pageSize=50&status=open`)).data;
    const onPost = (await open()).records.filter((r) => r.kind === 'post' && r.target_id === 1);
    expect(onPost).toHaveLength(2);
    const handle = (c: Client, body: object) => c.post(`${P}/admin/report/handle`, body);
    const body = { report_id: onPost[0].report_id, action: 'hide' };
    for (const [c, status] of [
      [anon, 401],
      [u.banned.client, 401],
      [u.reader.client, 403],
    ] as const)
      expect((await handle(c, body)).status).toBe(status);
    expect(forum.calls).toEqual([]);
    expect((await handle(boss, body)).code).toBe(0);
    expect(forum.calls).toEqual([expect.stringMatching(/^hide post 1 by \d+$/)]);
    expect((await open()).records.filter((r) => r.kind === 'post')).toHaveLength(0);
    expect((await handle(boss, { report_id: onPost[1].report_id, action: 'dismiss' })).status).toBe(409);

    const actioned = (await boss.post<ReportPage>(`${P}/admin/reports?pageNum=1&status=actioned`)).data
      .records;
    expect(actioned.map((r) => [r.action, r.handler?.username])).toEqual([
      ['hide', '超级管理员'],
      ['hide', '超级管理员'],
    ]);
    expect(forum.calls[0]).toBe(`hide post 1 by ${actioned[0].handler?.uuid}`);

    const onComment = (await open()).records.find((r) => r.kind === 'comment' && r.target_id === 5)!;
    expect((await handle(boss, { report_id: onComment.report_id, action: 'delete' })).code).toBe(0);
    expect(forum.calls[1]).toMatch(/^remove comment 5 by /);

    const spam = (await open()).records;
    expect((await handle(boss, { report_id: spam[0].report_id, action: 'dismiss' })).code).toBe(0);
    expect(forum.calls).toHaveLength(2);
    const dismissed = (await boss.post<ReportPage>(`${P}/admin/reports?pageNum=1&status=dismissed`)).data;
    expect(dismissed.records.map((r) => r.report_id)).toEqual([spam[0].report_id]);
    // Muting needs a number of days.
    const noDays = await handle(boss, { report_id: spam[1].report_id, action: 'mute' });
    expect([noDays.status, noDays.message]).toEqual([400, '禁言天数不能为空']);
    expect((await handle(boss, { report_id: 999_999, action: 'dismiss' })).status).toBe(404);

    // The forum refuses (the post vanished meanwhile): the report stays open for another try.
    const hide = forum.targets.hide;
    forum.targets.hide = async () => {
      throw Object.assign(new Error('gone'), { statusCode: 404 });
    };
    const failed = await handle(boss, { report_id: spam[1].report_id, action: 'hide' });
    forum.targets.hide = hide;
    expect(failed.code).not.toBe(0);
    const still = (await open()).records.map((r) => r.report_id);
    expect(still).toContain(spam[1].report_id);
  });

  it('a mute blocks writing until it expires; mute from a report; unmute; admins cannot be muted', async () => {
    expect(await writeBlock(u.writer.uuid)).toBeNull();
    const body = { uuid: u.writer.uuid, days: 3, reason: '刷屏' };
    for (const [c, status] of [
      [anon, 401],
      [u.banned.client, 401],
      [u.reader.client, 403],
    ] as const) {
      expect((await c.post(`${P}/admin/mute`, body)).status).toBe(status);
      expect((await c.post(`${P}/admin/mutes?pageNum=1`)).status).toBe(status);
      expect((await c.post(`${P}/admin/unmute?uuid=${u.writer.uuid}`)).status).toBe(status);
    }
    const muted = await boss.post<{ until: string }>(`${P}/admin/mute`, body);
    expect(muted.code).toBe(0);
    expect(await writeBlock(u.writer.uuid)).toMatch(
      /^你已被禁言至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
    );
    expect(await writeBlock(u.reader.uuid)).toBeNull();
    const list = (await boss.post<MutePage>(`${P}/admin/mutes?pageNum=1`)).data;
    expect(list.records).toEqual([
      expect.objectContaining({
        uuid: u.writer.uuid,
        username: 'writer_m',
        reason: '刷屏',
        until: muted.data.until,
      }),
    ]);
    clock.advance(3 * DAY - 60_000);
    expect(await writeBlock(u.writer.uuid)).not.toBeNull();
    clock.advance(2 * 60_000);
    expect(await writeBlock(u.writer.uuid)).toBeNull();
    expect((await boss.post<MutePage>(`${P}/admin/mutes?pageNum=1`)).data.total).toBe(0);

    // From a report: the target's author is muted for the days given.
    const report = (await boss.post<ReportPage>(`${P}/admin/reports?pageNum=1&status=open`)).data.records[0];
    const handled = await boss.post(`${P}/admin/report/handle`, {
      report_id: report.report_id,
      action: 'mute',
      mute_days: 1,
    });
    expect(handled.code).toBe(0);
    expect(await writeBlock(u.writer.uuid)).not.toBeNull();
    expect((await boss.post(`${P}/admin/unmute?uuid=${u.writer.uuid}`)).code).toBe(0);
    expect(await writeBlock(u.writer.uuid)).toBeNull();
    expect((await boss.post(`${P}/admin/unmute?uuid=${u.writer.uuid}`)).status).toBe(404);

    const self = await boss.post(`${P}/admin/mute`, { uuid: 1, days: 1, reason: 'x' });
    expect([self.status, self.message]).toEqual([403, '不能禁言管理员']);
    expect((await boss.post(`${P}/admin/mute`, { uuid: 987_654, days: 1, reason: 'x' })).status).toBe(404);
    const days = await boss.post(`${P}/admin/mute`, { ...body, days: 0 });
    expect([days.status, days.message]).toEqual([400, '禁言天数至少 1 天']);
  });
});
