import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANNED_HEADER } from '@oj/shared';
import { backends, Client, startTestServer, TEST_PASSWORD, type TestServer } from '../../../test/helpers';

type Who = 'anonymous' | 'user' | 'banned' | 'admin' | 'boss';
const WHO: Who[] = ['anonymous', 'user', 'banned', 'admin', 'boss'];

/**
 * Every admin and boss call, as each kind of caller. `expected` is the HTTP status for each caller;
 * a successful call must also answer code 0. Targets are fresh users so the calls can succeed.
 */
interface Case {
  name: string;
  call: (c: Client, ts: TestServer, target: number) => Promise<{ status: number; code: number }>;
  allowed: Who[];
}

const CASES: Case[] = [
  { name: 'admin/get', call: (c) => c.post('/api/user/admin/get?pageNum=1'), allowed: ['admin', 'boss'] },
  {
    name: 'admin/getPage',
    call: (c) => c.post('/api/user/admin/getPage', { pageNum: 1, pageSize: 5, keyword: 'tgt' }),
    allowed: ['admin', 'boss'],
  },
  { name: 'admin/ban', call: (c, _ts, t) => c.post('/api/user/admin/ban', [t]), allowed: ['admin', 'boss'] },
  {
    name: 'admin/cancel',
    call: async (c, ts, t) => {
      const boss = await ts.login(ts.admin.account, ts.admin.password);
      await boss.post('/api/user/admin/ban', [t]);
      return c.post(`/api/user/admin/cancel?uuid=${t}`);
    },
    allowed: ['admin', 'boss'],
  },
  {
    name: 'BOSS/add',
    call: async (c, ts) => {
      const enc = await ts.encrypt('admin-pass-1');
      return c.post('/api/user/BOSS/add', {
        account: `adm_${Math.random().toString(36).slice(2, 10)}`,
        password: enc,
        check_password: enc,
      });
    },
    allowed: ['boss'],
  },
  { name: 'BOSS/set', call: (c, _ts, t) => c.post(`/api/user/BOSS/set?uuid=${t}`), allowed: ['boss'] },
  {
    name: 'BOSS/cancel',
    call: async (c, ts, t) => {
      const boss = await ts.login(ts.admin.account, ts.admin.password);
      await boss.post(`/api/user/BOSS/set?uuid=${t}`);
      return c.post(`/api/user/BOSS/cancel?uuid=${t}`);
    },
    allowed: ['boss'],
  },
  { name: 'BOSS/get', call: (c) => c.post('/api/user/BOSS/get'), allowed: ['boss'] },
];

const EXPECTED_REFUSAL: Record<Who, { status: number; code: number }> = {
  anonymous: { status: 401, code: 40101 },
  user: { status: 403, code: 40300 },
  banned: { status: 403, code: 40301 },
  admin: { status: 403, code: 40300 },
  boss: { status: 0, code: 0 },
};

describe.each(backends())('admin and boss calls on $name', (backend) => {
  let ts: TestServer;
  const clients = {} as Record<Who, Client>;
  let seq = 0;
  const freshTarget = async () => (await ts.register(`tgt_${++seq}`)).uuid;

  beforeAll(async () => {
    ts = await startTestServer(backend);
    clients.anonymous = ts.client();
    clients.user = (await ts.register('normal_u')).client;
    clients.boss = await ts.login(ts.admin.account, ts.admin.password);
    const adm = await ts.register('admin_u');
    expect((await clients.boss.post(`/api/user/BOSS/set?uuid=${adm.uuid}`)).code).toBe(0);
    clients.admin = adm.client;
    const bad = await ts.register('banned_u');
    // The banned client keeps its cookie; its next call ends the session, and it is refused either way.
    clients.banned = bad.client;
    expect((await clients.boss.post('/api/user/admin/ban', [bad.uuid])).code).toBe(0);
  });
  afterAll(() => ts?.close());

  for (const c of CASES) {
    for (const who of WHO) {
      const allowed = c.allowed.includes(who);
      it(`${c.name} as ${who} → ${allowed ? 'allowed' : 'refused'}`, async () => {
        const res = await c.call(clients[who], ts, await freshTarget());
        if (allowed) {
          expect(res, JSON.stringify(res)).toMatchObject({ status: 200, code: 0 });
        } else {
          // a banned user's session ends at its next call: it is anonymous now, and refused as such
          const exp = who === 'banned' ? EXPECTED_REFUSAL.anonymous : EXPECTED_REFUSAL[who];
          expect(res, JSON.stringify(res)).toMatchObject(exp);
        }
      });
    }
  }

  it.each([
    ['nobody (wrong password)', 'normal_u', 'wrong-password', 401],
    ['user', 'normal_u', TEST_PASSWORD, 403],
    ['banned', 'banned_u', TEST_PASSWORD, 403],
    ['admin', 'admin_u', TEST_PASSWORD, 200],
    ['boss', 'boss', 'boss-password-1', 200],
  ])('admin/login as %s → %i', async (_who, account, password, status) => {
    const res = await ts
      .client()
      .post('/api/user/admin/login', { account, password: await ts.encrypt(password) });
    expect(res.status).toBe(status);
    expect(res.code === 0).toBe(status === 200);
  });

  it('a banned user is refused at login with a clear message, and its live sessions end at once', async () => {
    const { client, uuid } = await ts.register('to_ban');
    const other = await ts.login('to_ban', TEST_PASSWORD);
    expect((await client.get<{ uuid: number }>('/api/user/current')).data.uuid).toBe(uuid);
    expect((await clients.admin.post('/api/user/admin/ban', [uuid])).code).toBe(0);
    const told = await client.get<{ uuid: number }>('/api/user/current');
    expect([told.data.uuid, told.headers.get(BANNED_HEADER)]).toEqual([-1, '1']);
    const second = await other.get<{ uuid: number }>('/api/user/picture/get');
    expect([second.code, second.headers.get(BANNED_HEADER)]).toEqual([40101, '1']);
    expect((await other.get<{ uuid: number }>('/api/user/picture/get')).headers.get(BANNED_HEADER)).toBeNull();
    const login = await ts
      .client()
      .post('/api/user/login', { account: 'to_ban', password: await ts.encrypt(TEST_PASSWORD) });
    expect(login.status).toBe(403);
    expect(login.code).toBe(40301);
    expect(login.message).toMatch(/封禁/);
    expect((await clients.admin.post(`/api/user/admin/cancel?uuid=${uuid}`)).code).toBe(0);
    await ts.login('to_ban', TEST_PASSWORD);
  });

  it('an admin cannot ban an admin, the boss or itself; the whole list is refused', async () => {
    const admins =
      await clients.boss.post<{ uuid: number; is_boss: boolean; account: string }[]>('/api/user/BOSS/get');
    const bossUuid = admins.data.find((a) => a.is_boss)!.uuid;
    const adminUuid = admins.data.find((a) => a.account === 'admin_u')!.uuid;
    const victim = await freshTarget();
    for (const protectedUuid of [bossUuid, adminUuid]) {
      const res = await clients.admin.post('/api/user/admin/ban', [victim, protectedUuid]);
      expect(res.status).toBe(403);
      expect(res.message).toMatch(/不能封禁/);
    }
    const page = await clients.admin.post<{ records: { uuid: number; role: number }[] }>(
      '/api/user/admin/getPage',
      { keyword: `tgt_${seq}` },
    );
    expect(page.data.records.find((r) => r.uuid === victim)?.role).toBe(1);
    const bossBansAdmin = await clients.boss.post('/api/user/admin/ban', [adminUuid]);
    expect(bossBansAdmin.status).toBe(403);
    const unknown = await clients.admin.post('/api/user/admin/ban', [999999]);
    expect(unknown.status).toBe(404);
    const badBody = await clients.admin.post('/api/user/admin/ban', { uuid: 1 });
    expect(badBody.status).toBe(400);
  });

  it('the boss cannot be revoked; revoking a non-admin is refused', async () => {
    const admins = await clients.boss.post<{ uuid: number; is_boss: boolean }[]>('/api/user/BOSS/get');
    const bossUuid = admins.data.find((a) => a.is_boss)!.uuid;
    const res = await clients.boss.post(`/api/user/BOSS/cancel?uuid=${bossUuid}`);
    expect(res.status).toBe(403);
    const plain = await freshTarget();
    expect((await clients.boss.post(`/api/user/BOSS/cancel?uuid=${plain}`)).status).toBe(400);
    expect((await clients.boss.post('/api/user/BOSS/set?uuid=abc')).message).toMatch(/用户编号/);
  });

  it('pages the user list with keyword search', async () => {
    const all = await clients.admin.post<{ total: number; records: unknown[]; pageSize: number }>(
      '/api/user/admin/get?pageNum=1',
    );
    expect(all.data.pageSize).toBe(10);
    expect(all.data.records.length).toBeLessThanOrEqual(10);
    expect(all.data.total).toBeGreaterThan(5);
    const found = await clients.admin.post<{ total: number; records: { account: string; email: string }[] }>(
      '/api/user/admin/getPage?keyword=normal_u',
    );
    expect(found.data.total).toBe(1);
    expect(found.data.records[0]).toMatchObject({ account: 'normal_u', email: 'normal_u@example.com' });
    const bans = await clients.admin.post<{ records: { role: number }[] }>('/api/user/admin/getPage', {
      role: 3,
    });
    expect(bans.data.records.every((r) => r.role === 3)).toBe(true);
    expect(bans.data.records.length).toBeGreaterThan(0);
  });

  it('finds a plain user to promote by account, nickname or uuid (the admins page search), admins only', async () => {
    const search = (c: Client, keyword: string) =>
      c.post<{ records: { uuid: number; account: string }[] }>('/api/user/admin/getPage', { keyword, role: 1 });
    const { uuid } = await ts.register('promote_me');
    const byAccount = await search(clients.boss, 'promote_m');
    expect(byAccount.data.records.map((r) => r.uuid)).toEqual([uuid]);
    const byUuid = await search(clients.boss, String(uuid));
    expect(byUuid.data.records.map((r) => r.account)).toContain('promote_me');
    // The public search never matches a bare uuid.
    const pub = await clients.user.post<{ records: { uuid: number }[] }>(`/api/user/search?keyword=${uuid}`);
    expect(pub.data.records.some((r) => r.uuid === uuid)).toBe(false);
    expect((await search(clients.user, 'promote_m')).code).toBe(40300);
    expect((await search(clients.anonymous, 'promote_m')).code).toBe(40101);
  });
});
