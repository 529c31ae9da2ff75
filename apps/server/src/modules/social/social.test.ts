import { BANNED_HEADER, type SocialSummary, type SocialUserPage, type VisitorPage } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backends,
  type Client,
  startTestServer,
  TEST_PASSWORD,
  TestClock,
  type TestServer,
} from '../../../test/helpers';

const P = '/api/social';
const DAY = 86_400_000;

describe.each(backends())('social: follows, friends, visitors ($name)', (backend) => {
  let ts: TestServer;
  let boss: Client;
  const clock = new TestClock();
  const u: Record<string, { client: Client; uuid: number }> = {};
  const accounts = (page: SocialUserPage | VisitorPage) => page.records.map((r) => r.account);
  const summary = async (who: string, of: string) =>
    (await u[who].client.get<SocialSummary>(`${P}/summary?uuid=${u[of].uuid}`)).data;
  const list = async (who: string, which: string) =>
    (await u[who].client.get<SocialUserPage>(`${P}/${which}?pageNum=1&pageSize=10`)).data;
  const visitors = async (who: string) => (await u[who].client.get<VisitorPage>(`${P}/visitors`)).data;
  const viewCard = (who: string, of: string) =>
    u[who].client.post(`/api/user/search/uuid?uuid=${u[of].uuid}`);

  beforeAll(async () => {
    ts = await startTestServer(backend, { clock });
    boss = await ts.login(ts.admin.account, ts.admin.password);
    for (const name of ['alice', 'bob', 'carol', 'dave', 'eve']) u[name] = await ts.register(`${name}_s`);
  }, 120_000);
  afterAll(() => ts?.close());

  it('refuses anonymous callers on every call', async () => {
    const anon = ts.client();
    for (const [method, path] of [
      ['GET', `${P}/summary?uuid=${u.bob.uuid}`],
      ['POST', `${P}/follow?uuid=${u.bob.uuid}`],
      ['POST', `${P}/unfollow?uuid=${u.bob.uuid}`],
      ['GET', `${P}/following`],
      ['GET', `${P}/followers`],
      ['GET', `${P}/friends`],
      ['GET', `${P}/visitors`],
      ['GET', `${P}/settings`],
    ]) {
      const res = await anon.request(method, path);
      expect([res.status, res.code], path).toEqual([401, 40101]);
    }
    const set = await anon.post(`${P}/settings`, { record_visitors: false });
    expect(set.code).toBe(40101);
  });

  it('follows one way, becomes friends both ways, and counts each side', async () => {
    const first = await u.alice.client.post<SocialSummary>(`${P}/follow?uuid=${u.bob.uuid}`);
    expect(first.code, first.message).toBe(0);
    expect(first.data).toMatchObject({ followers: 1, followed: true, follows_me: false, friend: false });
    // Following twice is one follow.
    expect((await u.alice.client.post(`${P}/follow?uuid=${u.bob.uuid}`)).code).toBe(0);
    expect(await summary('bob', 'alice')).toMatchObject({
      following: 1,
      followers: 0,
      friends: 0,
      followed: false,
      follows_me: true,
    });
    await u.bob.client.post(`${P}/follow?uuid=${u.alice.uuid}`);
    await u.carol.client.post(`${P}/follow?uuid=${u.alice.uuid}`);
    expect(await summary('alice', 'alice')).toMatchObject({
      following: 1,
      followers: 2,
      friends: 1,
      followed: false,
      friend: false,
    });
    expect(await summary('bob', 'alice')).toMatchObject({ friend: true, followed: true, follows_me: true });
    expect(accounts(await list('alice', 'following'))).toEqual(['bob_s']);
    expect(accounts(await list('alice', 'followers'))).toEqual(['carol_s', 'bob_s']);
    expect(accounts(await list('alice', 'friends'))).toEqual(['bob_s']);
    expect(accounts(await list('carol', 'friends'))).toEqual([]);
    const paged = await u.alice.client.get<SocialUserPage>(`${P}/followers?pageNum=2&pageSize=1`);
    expect([paged.data.total, accounts(paged.data)]).toEqual([2, ['bob_s']]);

    const un = await u.bob.client.post<SocialSummary>(`${P}/unfollow?uuid=${u.alice.uuid}`);
    expect(un.data).toMatchObject({ friend: false, followed: false, follows_me: true });
    expect(accounts(await list('alice', 'friends'))).toEqual([]);
    await u.bob.client.post(`${P}/follow?uuid=${u.alice.uuid}`);
  });

  it('refuses following oneself, an unknown user or a banned one, naming the field', async () => {
    const self = await u.alice.client.post(`${P}/follow?uuid=${u.alice.uuid}`);
    expect([self.status, self.message]).toEqual([400, '不能关注自己']);
    const unknown = await u.alice.client.post(`${P}/follow?uuid=999999`);
    expect(unknown.status).toBe(404);
    const bad = await u.alice.client.post(`${P}/follow?uuid=abc`);
    expect(bad.status).toBe(400);
    expect(bad.message).toMatch(/用户编号/);
    const noBody = await u.alice.client.post(`${P}/settings`, { record_visitors: 'no' });
    expect(noBody.status).toBe(400);
    expect(noBody.message).toMatch(/记录访客/);
  });

  it('leaves banned users out of lists and counts, and tells their open page it was banned', async () => {
    await u.dave.client.post(`${P}/follow?uuid=${u.eve.uuid}`);
    await u.eve.client.post(`${P}/follow?uuid=${u.dave.uuid}`);
    expect(await summary('eve', 'eve')).toMatchObject({ followers: 1, friends: 1 });
    expect((await boss.post('/api/user/admin/ban', [u.dave.uuid])).code).toBe(0);
    expect(await summary('eve', 'eve')).toMatchObject({ following: 0, followers: 0, friends: 0 });
    expect(accounts(await list('eve', 'followers'))).toEqual([]);
    const refused = await u.eve.client.post(`${P}/follow?uuid=${u.dave.uuid}`);
    expect([refused.status, refused.message]).toEqual([400, '该用户已被封禁，不能关注']);

    // The banned page's next API call says so (header) and is answered as anonymous; the session is gone.
    const next = await u.dave.client.get<{ uuid: number }>('/api/user/current');
    expect(next.headers.get(BANNED_HEADER)).toBe('1');
    expect(next.data.uuid).toBe(-1);
    const after = await u.dave.client.get(`${P}/following`);
    expect([after.code, after.headers.get(BANNED_HEADER)]).toEqual([40101, null]);
    // Unbanned: counted again, but the old session stays ended.
    expect((await boss.post(`/api/user/admin/cancel?uuid=${u.dave.uuid}`)).code).toBe(0);
    expect(await summary('eve', 'eve')).toMatchObject({ followers: 1, friends: 1 });
  });

  it('records card visitors once a day each, latest first, and none when turned off', async () => {
    await viewCard('bob', 'carol');
    await viewCard('alice', 'carol');
    await viewCard('bob', 'carol'); // same day: moves bob's visit, no second row
    await viewCard('carol', 'carol'); // the owner is no visitor
    await ts.client().post(`/api/user/search/uuid?uuid=${u.carol.uuid}`); // nor is anyone anonymous
    let v = await visitors('carol');
    expect([v.enabled, accounts(v)]).toEqual([true, ['bob_s', 'alice_s']]);
    clock.advance(DAY);
    await viewCard('alice', 'carol');
    v = await visitors('carol');
    expect(accounts(v)).toEqual(['alice_s', 'bob_s', 'alice_s']);
    expect(v.total).toBe(3);
    // Visitors are the owner's alone: bob sees his own (none).
    expect((await visitors('bob')).total).toBe(0);

    const off = await u.carol.client.post<{ record_visitors: boolean }>(`${P}/settings`, {
      record_visitors: false,
    });
    expect(off.data.record_visitors).toBe(false);
    expect(
      (await u.carol.client.get<{ record_visitors: boolean }>(`${P}/settings`)).data.record_visitors,
    ).toBe(false);
    await viewCard('bob', 'carol');
    v = await visitors('carol');
    expect([v.enabled, v.total, v.records]).toEqual([false, 0, []]);
    await u.carol.client.post(`${P}/settings`, { record_visitors: true });
    expect((await visitors('carol')).total).toBe(0);
    await viewCard('eve', 'carol');
    expect(accounts(await visitors('carol'))).toEqual(['eve_s']);
    // Visits are kept 30 days.
    clock.advance(31 * DAY);
    u.carol.client = await ts.login('carol_s', TEST_PASSWORD); // the old session has expired meanwhile
    expect((await visitors('carol')).total).toBe(0);
  });
});
