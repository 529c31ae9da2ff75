import type { AnnouncementPage, AnnouncementView, HomeOverview } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, TestClock, type TestServer } from '../../../test/helpers';
import { type RoleClients, roleClients } from '../../../test/problems';

const P = '/api/announcement';
const HOUR = 60 * 60_000;

describe.each(backends())('announcements ($name)', (backend) => {
  let ts: TestServer;
  let c: RoleClients;
  const clock = new TestClock();
  const body = (over: object = {}) => ({ title: '系统维护通知', content: '**周六** 晚上维护。', ...over });
  const add = async (over: object = {}) => {
    const res = await c.admin.post<{ announcement_id: number }>(`${P}/admin/add`, body(over));
    expect(res.code, res.message).toBe(0);
    return res.data.announcement_id;
  };
  const publicIds = async () =>
    (await c.anon.get<AnnouncementPage>(`${P}/list?pageSize=100`)).data.records.map((r) => r.announcement_id);
  const homeIds = async () =>
    (await c.anon.get<HomeOverview>('/api/home/overview')).data.announcements.map((r) => r.announcement_id);

  beforeAll(async () => {
    ts = await startTestServer(backend, { clock });
    c = await roleClients(ts, 'ann');
  }, 120_000);
  afterAll(() => ts?.close());

  it('only admins write, pin, delete and list every announcement', async () => {
    for (const who of [c.anon, c.user, c.banned]) {
      const expected = who === c.user ? 403 : 401;
      expect((await who.post(`${P}/admin/add`, body())).status).toBe(expected);
      expect((await who.post(`${P}/admin/modify`, { ...body(), announcement_id: 1 })).status).toBe(expected);
      expect((await who.post(`${P}/admin/pin?announcement_id=1&pinned=1`)).status).toBe(expected);
      expect((await who.post(`${P}/admin/delete?announcement_id=1`)).status).toBe(expected);
      expect((await who.post(`${P}/admin/list`)).status).toBe(expected);
    }
    // The service asks the permission again: a caller past the route guard without the right is refused.
    const viewer = { uuid: 5, role: 1 as const, isBoss: false, sessionId: null };
    await expect(
      ts.server.ctx.announcements.add(viewer, {
        ...body(),
        published: true,
        pinned: false,
        expire_time: null,
      }),
    ).rejects.toThrow('只有管理员可以管理公告');

    const id = await add({ pinned: true });
    const got = await c.anon.get<AnnouncementView>(`${P}/get?announcement_id=${id}`);
    expect(got.data).toMatchObject({
      title: '系统维护通知',
      pinned: true,
      published: true,
      expire_time: null,
      author_name: '超级管理员',
    });
    expect(
      (
        await c.admin.post(`${P}/admin/modify`, {
          ...body({ title: '维护改期' }),
          announcement_id: id,
          pinned: true,
        })
      ).code,
    ).toBe(0);
    expect((await c.anon.get<AnnouncementView>(`${P}/bar`)).data?.title).toBe('维护改期');
    expect((await c.admin.post(`${P}/admin/pin?announcement_id=${id}&pinned=0`)).code).toBe(0);
    expect((await c.anon.get(`${P}/bar`)).data).toBeNull();
    expect((await c.admin.post(`${P}/admin/delete?announcement_id=${id}`)).code).toBe(0);
    expect((await c.anon.get(`${P}/get?announcement_id=${id}`)).status).toBe(404);
    const gone = await c.admin.post(`${P}/admin/delete?announcement_id=${id}`);
    expect([gone.status, gone.message]).toEqual([404, `公告 ${id} 不存在`]);
  });

  it('validates with messages that name the field', async () => {
    const cases: [object, string][] = [
      [{ title: '' }, '标题不能为空'],
      [{ title: 'x'.repeat(101) }, '标题不能超过 100 个字符'],
      [{ content: '   ' }, '内容不能为空'],
      [{ expire_time: 'next week' }, '过期时间不是有效的时间'],
      [{ pinned: 'yes' }, '是否置顶必须是 true 或 false'],
    ];
    for (const [over, message] of cases) {
      const res = await c.admin.post(`${P}/admin/add`, body(over));
      expect([res.status, res.message]).toEqual([400, message]);
    }
    const past = await c.admin.post(
      `${P}/admin/add`,
      body({ expire_time: new Date(clock.now() - HOUR).toISOString() }),
    );
    expect([past.status, past.message]).toEqual([400, '过期时间必须晚于现在']);
    // An existing one may be retired with a past expiry (and still corrected afterwards).
    const id = await add();
    const retire = {
      ...body(),
      announcement_id: id,
      expire_time: new Date(clock.now() - HOUR).toISOString(),
    };
    expect((await c.admin.post(`${P}/admin/modify`, retire)).code).toBe(0);
    expect(await publicIds()).not.toContain(id);
    expect((await c.admin.post(`${P}/admin/delete?announcement_id=${id}`)).code).toBe(0);
    const pin = await c.admin.post(`${P}/admin/pin?announcement_id=abc&pinned=1`);
    expect([pin.status, pin.message]).toEqual([400, '公告编号必须是整数']);
  });

  it('keeps drafts and expired announcements from readers on every path', async () => {
    const draft = await add({ title: '草稿', published: false, pinned: true });
    const expiring = await add({
      title: '限时公告',
      pinned: true,
      expire_time: new Date(clock.now() + HOUR).toISOString(),
    });
    const plain = await add({ title: '普通公告' });

    expect(await publicIds()).toEqual([expiring, plain]);
    expect(await homeIds()).toEqual([expiring, plain]);
    expect((await c.user.get<AnnouncementView>(`${P}/bar`)).data?.announcement_id).toBe(expiring);
    for (const who of [c.anon, c.user])
      expect((await who.get(`${P}/get?announcement_id=${draft}`)).status).toBe(404);
    expect((await c.admin.get<AnnouncementView>(`${P}/get?announcement_id=${draft}`)).data.published).toBe(
      false,
    );

    clock.advance(2 * HOUR);
    expect(await publicIds()).toEqual([plain]);
    expect(await homeIds()).toEqual([plain]);
    expect((await c.anon.get(`${P}/bar`)).data).toBeNull();
    expect((await c.user.get(`${P}/get?announcement_id=${expiring}`)).status).toBe(404);

    const all = (await c.admin.post<AnnouncementPage>(`${P}/admin/list?pageSize=100`)).data.records;
    expect(all.map((r) => [r.announcement_id, r.published, r.expired])).toEqual([
      [plain, true, false],
      [expiring, true, true],
      [draft, false, false],
    ]);

    // Publishing the draft shows it, pinned first, and makes it the bar.
    expect(
      (
        await c.admin.post(`${P}/admin/modify`, {
          ...body({ title: '草稿' }),
          announcement_id: draft,
          pinned: true,
        })
      ).code,
    ).toBe(0);
    expect(await publicIds()).toEqual([draft, plain]);
    expect((await c.anon.get<AnnouncementView>(`${P}/bar`)).data?.announcement_id).toBe(draft);
  });
});
