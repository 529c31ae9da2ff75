import {
  DEFAULT_CODE_TEMPLATES,
  type CustomTestResult,
  type LanguageStatusList,
  type Problem,
} from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../test/helpers';
import { problemBody, type RoleClients, roleClients, submit, verdict } from '../../../test/problems';

const P = '/api/problem/algorithm';
/** Burns 200 ms of CPU, then touches 24 MiB: TLE and MLE under 100 ms / 16 MiB, AC under ×3 / ×2. */
const HEAVY = `#include <stdlib.h>
#include <string.h>
#include <time.h>
int main(void) {
  while (clock() < CLOCKS_PER_SEC / 5) {}
  char *p = malloc(24 << 20);
  memset(p, 1, 24 << 20);
  return p[12345] == 1 ? 0 : 1;
}
`;

describe.each(backends())('languages of the install on $name', (backend) => {
  let ts: TestServer;
  let c: RoleClients;
  beforeAll(async () => {
    ts = await startTestServer(backend, {
      rateLimits: { submit: { max: 1000, windowMs: 60_000 } },
      // Rust, Pascal and C# enabled; Lua enabled but (as this test says) not installed.
      env: { OJ_LANGUAGES: 'Rust, pascal csharp,Lua, Cobol' },
      replace: { languageInstalled: (l) => l !== 'Lua' },
    });
    c = await roleClients(ts, 'lang');
  }, 60_000);
  afterAll(() => ts?.close());

  it('the management site sees each language installed / enabled / missing, with its install command', async () => {
    expect((await c.user.get('/api/admin/languages')).status).toBe(403);
    const list = (await c.admin.get<LanguageStatusList>('/api/admin/languages')).data;
    expect(list.unknown).toEqual(['Cobol']);
    const of = (name: string) => list.languages.find((l) => l.name === name)!;
    expect(of('C++')).toMatchObject({ base: true, enabled: true, installed: true, available: true });
    expect(of('Rust')).toMatchObject({
      base: false,
      enabled: true,
      available: true,
      install_command: 'apt-get install -y --no-install-recommends rustc',
    });
    expect(of('Rust').version).toMatch(/^rustc \d/);
    expect(of('Lua')).toMatchObject({
      enabled: true,
      installed: false,
      available: false,
      packages: ['lua5.4'],
    });
    expect(of('Ruby')).toMatchObject({ enabled: false, available: false });
    expect(list.languages.filter((l) => l.available).map((l) => l.name)).toEqual([
      'C',
      'C++',
      'Python3',
      'Java',
      'Go',
      'JavaScript',
      'Rust',
      'Pascal',
      'C#',
    ]);
  });

  it('a language not offered is refused in words, never judged', async () => {
    const send = (language: string) =>
      c.user.post(`${P}/judge/submit`, {
        problem_id: 1000,
        language,
        source_code: DEFAULT_CODE_TEMPLATES.Ruby,
      });
    expect([(await send('Ruby')).status, (await send('Ruby')).message]).toEqual([
      400,
      '本站没有启用 Ruby，请换用其他语言提交',
    ]);
    const lua = await send('Lua');
    expect([lua.status, lua.message, (lua.data as { field?: string }).field]).toEqual([
      400,
      '评测机没有安装 Lua 的编译器或运行环境，暂时不能评测，请联系管理员',
      'language',
    ]);
    const custom = await c.user.post(`${P}/judge/test`, {
      language: 'Ruby',
      source_code: 'puts 1',
      input_list: [''],
    });
    expect(custom.message).toBe('本站没有启用 Ruby，请换用其他语言提交');
  });

  it('an enabled language is judged end to end: its template A+B is accepted', async () => {
    for (const language of ['Rust', 'Pascal', 'C#'] as const) {
      const record = await verdict(
        c.user,
        await submit(c.user, 1000, language, DEFAULT_CODE_TEMPLATES[language]),
      );
      expect([language, record.status]).toEqual([language, 'AC']);
      expect(record.compiler).not.toBe('');
    }
  }, 180_000);

  it("a problem may take only some languages; the administrator's factors scale its limits", async () => {
    const added = await c.admin.post<{ problem_id: number }>(
      `${P}/admin/add`,
      problemBody({ time_limit: 100, memory_limit: 16, languages: ['C', 'C++'] }),
    );
    expect(added.code, added.message).toBe(0);
    const id = added.data.problem_id;
    const problem = (await c.user.get<Problem>(`${P}/search/problemId?problem_id=${id}`)).data;
    expect(problem.languages).toEqual(['C', 'C++']);
    const refused = await c.user.post(`${P}/judge/test`, {
      language: 'Python3',
      source_code: 'print(1)',
      input_list: [''],
      problem_id: id,
    });
    expect([refused.status, refused.message]).toEqual([400, '本题只接受 C、C++ 提交']);

    const run = async () => {
      const res = await c.user.post<CustomTestResult[]>(`${P}/judge/test`, {
        language: 'C',
        source_code: HEAVY,
        input_list: [''],
        problem_id: id,
      });
      expect(res.code, res.message).toBe(0);
      return res.data[0].status;
    };
    expect(await run()).toMatch(/^(TLE|MLE)$/);
    const bad = await c.admin.post('/api/admin/languages/factors', {
      language: 'C',
      time_factor: 20,
      memory_factor: 2,
    });
    expect([bad.status, bad.message]).toEqual([400, '时间倍率不能超过 10']);
    const set = await c.admin.post('/api/admin/languages/factors', {
      language: 'C',
      time_factor: 3,
      memory_factor: 2,
    });
    expect(set.code, set.message).toBe(0);
    expect(await run()).toBe('AC');
    const list = (await c.admin.get<LanguageStatusList>('/api/admin/languages')).data;
    expect(list.languages.find((l) => l.name === 'C')).toMatchObject({ time_factor: 3, memory_factor: 2 });
    await c.admin.post('/api/admin/languages/factors', { language: 'C', time_factor: 1, memory_factor: 1 });

    // A modify that does not name the languages keeps them; null gives the problem every language again.
    const body = problemBody({ time_limit: 100, memory_limit: 16 });
    await c.admin.post(`${P}/admin/modify`, { ...body, problem_id: id });
    expect((await c.user.get<Problem>(`${P}/search/problemId?problem_id=${id}`)).data.languages).toEqual([
      'C',
      'C++',
    ]);
    await c.admin.post(`${P}/admin/modify`, { ...body, problem_id: id, languages: null });
    expect((await c.user.get<Problem>(`${P}/search/problemId?problem_id=${id}`)).data.languages).toBeNull();
  }, 120_000);
});
