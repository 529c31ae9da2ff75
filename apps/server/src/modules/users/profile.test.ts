import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../test/helpers';

describe.each(backends())('profiles, search and user cards on $name', (backend) => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer(backend);
  });
  afterAll(() => ts?.close());

  it('modifies the profile partially, cuts the profile text at 99 characters and parses tags', async () => {
    const { client } = await ts.register('prof_1');
    const long = '字'.repeat(150);
    const res = await client.post<Record<string, unknown>>('/api/user/modify', {
      username: '小红',
      gender: '女性',
      birth: '2001-02-03',
      school: '清华大学',
      profile: long,
      tags: '[Vue, Java , 算法]',
    });
    expect(res.code).toBe(0);
    expect(res.message).toBe('恭喜，你已经成功修改你的信息');
    expect(res.data).toMatchObject({
      username: '小红',
      gender: '女性',
      birth: '2001-02-03',
      school: '清华大学',
      tags: 'Vue,Java,算法',
      tag_list: ['Vue', 'Java', '算法'],
    });
    expect(Array.from(String(res.data.profile)).length).toBe(99);
    // fields left out are kept
    const again = await client.post<Record<string, unknown>>('/api/user/modify', {
      username: '小红2',
      tag_list: ['React'],
    });
    expect(again.data).toMatchObject({ username: '小红2', school: '清华大学', tag_list: ['React'] });
    expect((await client.get<Record<string, unknown>>('/api/user/current')).data.username).toBe('小红2');
  });

  it('refuses a missing nickname, too many or duplicate tags, a bad gender, naming the field', async () => {
    const { client } = await ts.register('prof_2');
    const cases: [unknown, RegExp][] = [
      [{ school: 'x' }, /昵称/],
      [{ username: '   ' }, /昵称/],
      [{ username: 'a', tags: '[1,2,3,4,5,6,7,8,9,10,11]' }, /常用标签最多 10/],
      [{ username: 'a', tag_list: ['Go', 'go'] }, /^常用标签中的标签「go」重复/],
      [{ username: 'a', gender: '其他' }, /性别/],
      [{ username: 'a', birth: '2001/1/1' }, /生日/],
      [{ username: 'a', email: 'someone-else@example.com' }, /邮箱/],
    ];
    for (const [body, msg] of cases) {
      const res = await client.post('/api/user/modify', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.message).toMatch(msg);
    }
    expect((await ts.client().post('/api/user/modify', { username: 'x' })).status).toBe(401);
  });

  it('shows a public user card without e-mail or phone and counts readings of others only', async () => {
    const { client: owner, uuid } = await ts.register('card_1');
    await owner.post('/api/user/modify', { username: '名片', phone: '13800000000' });
    const viewer = (await ts.register('card_2')).client;
    const first = await viewer.post<Record<string, unknown>>(`/api/user/search/uuid?uuid=${uuid}`);
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({ uuid, username: '名片', readings: 1 });
    expect(first.data).not.toHaveProperty('email');
    expect(first.data).not.toHaveProperty('phone');
    await viewer.post(`/api/user/search/uuid?uuid=${uuid}`);
    await owner.post(`/api/user/search/uuid?uuid=${uuid}`);
    const readings = async () => (await owner.get<{ readings: number }>('/api/user/current')).data.readings;
    // Issue 11 item 8: a reader counts once a day, anonymous calls not at all; another reader counts.
    expect(await readings()).toBe(1);
    for (let i = 0; i < 3; i++)
      expect((await ts.client().post(`/api/user/search/uuid?uuid=${uuid}`)).code).toBe(0);
    expect(await readings()).toBe(1);
    const third = (await ts.register('card_3')).client;
    expect((await third.post<{ readings: number }>(`/api/user/search/uuid?uuid=${uuid}`)).data.readings).toBe(
      2,
    );
    // The next day (Asia/Shanghai) the same reader counts again, once. Only Date is faked.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 24 * 3600_000 });
    try {
      await viewer.post(`/api/user/search/uuid?uuid=${uuid}`);
      await viewer.post(`/api/user/search/uuid?uuid=${uuid}`);
      expect(await readings()).toBe(3);
    } finally {
      vi.useRealTimers();
    }
    // The practice heatmap of another user: signed-in readers only.
    const heatmap = `/api/problem/algorithm/search/user/daily?uuid=${uuid}`;
    expect((await ts.client().post(heatmap)).code).toBe(40101);
    expect((await viewer.post(heatmap)).code).toBe(0);
    expect((await viewer.post('/api/user/search/uuid?uuid=987654')).status).toBe(404);
    expect((await viewer.post('/api/user/search/uuid?uuid=x')).message).toMatch(/用户编号/);
  });

  it('searches users by keyword, paged, body or query', async () => {
    for (let i = 0; i < 3; i++) await ts.register(`findme_${i}`);
    const c = ts.client();
    const page1 = await c.post<{ total: number; records: { account: string }[]; pageNum: number }>(
      '/api/user/search',
      { keyword: 'FINDME', pageSize: 2 },
    );
    expect(page1.data.total).toBe(3);
    expect(page1.data.records).toHaveLength(2);
    const page2 = await c.post<{ records: { account: string }[] }>(
      '/api/user/search?keyword=findme&pageSize=2&pageNum=2',
    );
    expect(page2.data.records).toHaveLength(1);
    const none = await c.post<{ total: number }>('/api/user/search', { keyword: '100%_' });
    expect(none.data.total).toBe(0);
    expect((await c.post('/api/user/search', { pageSize: 1000 })).message).toMatch(/每页条数/);
  });
});
