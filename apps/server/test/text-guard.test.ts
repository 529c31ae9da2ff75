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
});
