import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, captureLog, type Client, startTestServer, type TestServer } from './helpers';

const P = '/api/problem/algorithm';
const problemBody = (over: object = {}) => ({
  chinese_name: '两数之和',
  english_name: 'Sum of Two',
  description: '输出 $a+b$。',
  difficulty: 0,
  tags_list: [101],
  source_name: 'original',
  time_limit: 1000,
  memory_limit: 256,
  samples: [],
  ...over,
});
const iso = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

// lib/text-guard.ts and the shared name rules through the real server. Control characters
// anywhere, and control / bidi / invisible-only text in names and titles: each a 400 naming the
// field in words, nothing stored, nothing logged at error level.
describe.each(backends())('text rules on $name', (backend) => {
  let ts: TestServer;
  let c: { user: Client; admin: Client };
  const log = captureLog();
  beforeAll(async () => {
    ts = await startTestServer(backend, { logLevel: 'info', logStream: log.stream });
    c = {
      user: (await ts.register('txt_user')).client,
      admin: await ts.login(ts.admin.account, ts.admin.password),
    };
  });
  afterAll(() => ts?.close());

  it('refuses bad nicknames and tags and keeps the old profile', async () => {
    const before = (await c.user.get<{ username: string }>('/api/user/current')).data.username;
    const cases: [object, string, string][] = [
      [{ username: 'bob\u0000' }, '昵称不能包含控制字符', 'username'],
      [{ username: '\u200b\u200b\u200b' }, '昵称不能只由空白或不可见字符组成', 'username'],
      [{ username: 'admin\u202e' }, '昵称不能包含改变文字方向的控制字符', 'username'],
      [{ username: 'ok', tag_list: ['\u200b'] }, '常用标签中的标签不能只由空白或不可见字符组成', 'tag_list'],
      [{ username: 'ok', profile: 'a\u001b[2J' }, '个人简介不能包含控制字符', 'profile'],
    ];
    for (const [body, message, field] of cases) {
      const res = await c.user.post('/api/user/modify', body);
      expect(res, message).toMatchObject({ status: 400, code: 40000, message, data: { field } });
    }
    expect((await c.user.get<{ username: string }>('/api/user/current')).data.username).toBe(before);
  });

  it('refuses bad problem, contest and question titles; markdown keeps tabs and line breaks', async () => {
    const count = async () => (await c.admin.post<{ total: number }>(`${P}/search`, {})).data.total;
    const problems = await count();
    const bidi = await c.admin.post(`${P}/admin/add`, problemBody({ chinese_name: '\u202e题目' }));
    expect(bidi).toMatchObject({ status: 400, message: '中文题目名不能包含改变文字方向的控制字符' });
    const nul = await c.admin.post(`${P}/admin/add`, problemBody({ english_name: 'A\u0000B' }));
    expect(nul).toMatchObject({ status: 400, message: '英文题目名不能包含控制字符' });
    expect(await count()).toBe(problems);
    const fine = await c.admin.post(`${P}/admin/add`, problemBody({ description: '# 题面\n\n\t缩进\r\n' }));
    expect(fine.code).toBe(0);

    const contest = await c.admin.post('/api/competition/admin/algorithm/add', {
      name: '\u2060\u200b',
      description: '',
      type: 1,
      start_time: iso(10),
      end_time: iso(70),
      problems: [{ problem_id: 1000 }],
    });
    expect(contest).toMatchObject({ status: 400, message: '比赛名称不能只由空白或不可见字符组成' });
    const question = await c.admin.post('/api/problem/math408/admin/add', {
      type: 'single',
      title: '\u200f',
    });
    expect(question).toMatchObject({ status: 400, message: '标题不能包含改变文字方向的控制字符' });
  });

  it('refuses control characters in any string of any request: code, query parameters', async () => {
    const code = await c.user.post(`${P}/judge/submit`, {
      problem_id: 1000,
      language: 'C++',
      source_code: 'int main(){}\u0000',
    });
    expect(code).toMatchObject({
      status: 400,
      message: '代码不能包含控制字符',
      data: { field: 'source_code' },
    });
    expect((await c.user.post(`${P}/records/user/sum`)).data).toMatchObject({ total: 0 });
    const query = await c.user.post(`${P}/search?keyword=${encodeURIComponent('a\u0008')}`);
    expect(query).toMatchObject({ status: 400, message: '关键词不能包含控制字符' });
    expect(log.errors()).toEqual([]);
  });

  // Issue 22 item 8: a body nested 100 000 levels deep overflowed the stack of the control
  // character walk (500) on every JSON route.
  it('refuses a body nested 100 000 levels deep on every kind of JSON route, without a 500', async () => {
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
    const raw = (client: Client, path: string, body: string) =>
      client.request('POST', path, { body, headers: { 'content-type': 'application/json' } });
    const before = (await c.user.get<{ username: string }>('/api/user/current')).data.username;
    const cases: [Client, string, string, string, string | undefined][] = [
      [c.user, '/api/user/modify', `{"username":"x","profile":${deep(100_000)}}`, '个人简介', 'profile'],
      [c.user, '/api/user/modify', deepObject(100_000), '参数', 'a'],
      [c.user, `${P}/judge/submit`, deep(100_000), '请求体', undefined],
      [c.admin, `${P}/admin/add`, `{"samples":${deep(50_000)}}`, '样例', 'samples'],
      [ts.client(), '/api/user/login', `{"account":${deepObject(100_000)}}`, '账号', 'account'],
      [ts.client(), `${P}/search`, deepObject(100_000), '参数', 'a'],
    ];
    for (const [client, path, body, label, field] of cases) {
      const res = await raw(client, path, body);
      expect(res, path).toMatchObject({
        status: 400,
        code: 40000,
        message: `${label}嵌套层数过多（不能超过 32 层）`,
        data: field ? { field } : null,
      });
    }
    expect((await c.user.get<{ username: string }>('/api/user/current')).data.username).toBe(before);
    expect(log.errors()).toEqual([]);
  });

  // Issue 22 item 9: `user/modify` stored these as U+FFFD.
  it('refuses lone surrogates like control characters and bodies that are not UTF-8', async () => {
    const before = (await c.user.get<{ username: string }>('/api/user/current')).data.username;
    const surrogate = await c.user.post('/api/user/modify', { username: 'a\ud800b' });
    expect(surrogate).toMatchObject({
      status: 400,
      message: '昵称不能包含无效的 Unicode 字符（不成对的代理项）',
      data: { field: 'username' },
    });
    const inProfile = await c.user.post('/api/user/modify', { username: 'ok', profile: '\udc00' });
    expect(inProfile).toMatchObject({ status: 400, data: { field: 'profile' } });
    const bytes = Buffer.concat([
      Buffer.from('{"username":"a'),
      Buffer.from([0xff, 0xfe, 0xc0, 0xaf]),
      Buffer.from('b"}'),
    ]);
    const invalid = await c.user.request('POST', '/api/user/modify', {
      body: bytes,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(invalid).toMatchObject({
      status: 400,
      code: 40000,
      message: '请求体不是合法的 UTF-8 文本（含有无效的字节）',
    });
    const me = (await c.user.get<{ username: string; profile: string }>('/api/user/current')).data;
    expect(me.username).toBe(before);
    expect(me.profile).not.toMatch(/\ufffd/);
    // Paired surrogates (emoji, CJK extension B) are ordinary text.
    const emoji = await c.user.post<{ username: string }>('/api/user/modify', { username: '小明😀𠮷' });
    expect(emoji.data.username).toBe('小明😀𠮷');
    expect(log.errors()).toEqual([]);
  });
});
