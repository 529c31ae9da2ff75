import type { CurrentUser } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../test/helpers';

// Issue 29 item 14: 隐藏算法标签 is kept with the account, off by default, set by its owner only.
describe.each(backends())('user settings on $name', (backend) => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer(backend);
  });
  afterAll(() => ts?.close());

  it('stores hide_tags for the signed-in user; anonymous callers are refused', async () => {
    const anonymous = await ts.client().post('/api/user/settings', { hide_tags: true });
    expect(anonymous.code).not.toBe(0);
    expect((await ts.client().get<CurrentUser>('/api/user/current')).data.hide_tags).toBe(false);
    const { client } = await ts.register('settings_1');
    expect((await client.get<CurrentUser>('/api/user/current')).data.hide_tags).toBe(false);
    const set = await client.post<CurrentUser>('/api/user/settings', { hide_tags: true });
    expect(set.code, set.message).toBe(0);
    expect(set.message).toBe('设置已保存');
    expect(set.data.hide_tags).toBe(true);
    expect((await client.get<CurrentUser>('/api/user/current')).data.hide_tags).toBe(true);
    // Another user is not touched; a wrong value is refused in Chinese.
    const { client: other } = await ts.register('settings_2');
    expect((await other.get<CurrentUser>('/api/user/current')).data.hide_tags).toBe(false);
    const bad = await client.post('/api/user/settings', { hide_tags: 'yes' });
    expect(bad.code).not.toBe(0);
    expect(bad.message).toContain('隐藏算法标签');
    expect((await client.post<CurrentUser>('/api/user/settings', { hide_tags: false })).data.hide_tags).toBe(
      false,
    );
  });
});
