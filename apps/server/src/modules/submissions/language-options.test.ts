import type { CustomTestResult, RecordPage, SubmissionRecord } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../test/helpers';
import { type RoleClients, roleClients, verdict } from '../../../test/problems';

const P = '/api/problem/algorithm';
/** A+B that also fails to compile before C++20 (a three-way comparison). */
const AB_CPP20 = [
  '#include <bits/stdc++.h>',
  'int main() { long long a, b; std::cin >> a >> b;',
  '  auto c = (a <=> b); (void)c;',
  '  std::cout << a + b << "\\n"; }',
].join('\n');
/** Prints the standard and whether it was optimised (custom test). */
const WHICH = [
  '#include <cstdio>',
  'int main() {',
  '#ifdef __OPTIMIZE__',
  '  std::printf("%ld O2\\n", (long)__cplusplus);',
  '#else',
  '  std::printf("%ld O0\\n", (long)__cplusplus);',
  '#endif',
  '}',
].join('\n');

describe.each(backends())('C / C++ standard and O2 per submission on $name', (backend) => {
  let ts: TestServer;
  let c: RoleClients;
  beforeAll(async () => {
    ts = await startTestServer(backend, { rateLimits: { submit: { max: 1000, windowMs: 60_000 } } });
    c = await roleClients(ts, 'lopt');
  }, 60_000);
  afterAll(() => ts?.close());

  const send = (body: object) => c.user.post<{ submission_id: number }>(`${P}/judge/submit`, body);

  it('refuses options that do not fit the language, naming the field in words', async () => {
    const ab = { problem_id: 1000, language: 'C++', source_code: AB_CPP20 };
    const cases: [object, RegExp, string][] = [
      [
        { ...ab, options: { std: 'c11' } },
        /^语言标准 C11 不能用于 C\+\+，可选 C\+\+11、C\+\+14、C\+\+17、C\+\+20、C\+\+23$/,
        'options.std',
      ],
      [{ ...ab, options: { std: 'c++98' } }, /^语言标准必须是 C99、C11、C17、C\+\+11/, 'options.std'],
      [{ ...ab, options: { o2: 'yes' } }, /^O2 优化必须是 true 或 false$/, 'options.o2'],
      [
        { ...ab, options: { std: 'c++17', march: 'native' } },
        /^编译选项只能包含语言标准和 O2 优化$/,
        'options',
      ],
      [
        { ...ab, language: 'Python3', options: { o2: true } },
        /^Python3 没有语言标准和 O2 优化选项$/,
        'options',
      ],
    ];
    for (const [body, message, field] of cases) {
      const res = await send(body);
      expect([res.status, res.message, (res.data as { field?: string } | null)?.field]).toEqual([
        400,
        expect.stringMatching(message),
        field,
      ]);
    }
  });

  it('judges with the chosen standard and keeps it, with the exact compiler and flags, in the record', async () => {
    const plain = await send({ problem_id: 1000, language: 'C++', source_code: AB_CPP20 });
    const cpp20 = await send({
      problem_id: 1000,
      language: 'C++',
      options: { std: 'c++20', o2: false },
      source_code: AB_CPP20,
    });
    const before = await verdict(c.user, plain.data.submission_id);
    const after = await verdict(c.user, cpp20.data.submission_id);
    // The default is C++17 with O2, exactly the flags of before: `<=>` does not compile there.
    expect(before).toMatchObject({ status: 'CE', options: { std: 'c++17', o2: true } });
    expect(before.compiler).toMatch(
      /^g\+\+ \(.*\) \d+\.\d+\.\d+ · g\+\+ -std=gnu\+\+17 -O2 -pipe -DONLINE_JUDGE -fmax-errors=20 /,
    );
    expect(after).toMatchObject({ status: 'AC', options: { std: 'c++20', o2: false } });
    expect(after.compiler).toMatch(/ · g\+\+ -std=gnu\+\+20 -pipe -DONLINE_JUDGE -fmax-errors=20 /);
    expect(after.compiler).not.toMatch(/-O2/);
    // Lists show the options too; the compiler line is no secret (it quotes no code).
    const page = await c.anon.get<RecordPage>(`${P}/records?problem_id=1000`);
    expect(page.data.records.find((r) => r.submission_id === after.submission_id)?.options).toEqual({
      std: 'c++20',
      o2: false,
    });
    const seen = await c.anon.get<SubmissionRecord>(
      `${P}/records/recordId?submission_id=${after.submission_id}`,
    );
    expect(seen.data.compiler).toBe(after.compiler);
    // A rejudge keeps the submission's own options.
    await c.admin.post(`${P}/admin/rejudge?submission_id=${after.submission_id}`);
    const again = await verdict(c.user, after.submission_id);
    expect(again).toMatchObject({ status: 'AC', compiler: after.compiler });
  }, 120_000);

  it('a custom test runs with the options too', async () => {
    const run = async (options?: object) => {
      const res = await c.user.post<CustomTestResult[]>(`${P}/judge/test`, {
        language: 'C++',
        source_code: WHICH,
        input_list: [''],
        ...(options ? { options } : {}),
      });
      expect(res.code, res.message).toBe(0);
      return res.data[0].output;
    };
    expect(await run()).toBe('201703 O2\n');
    expect(await run({ std: 'c++11', o2: false })).toBe('201103 O0\n');
    expect(await run({ std: 'c++23' })).toMatch(/^2021\d\d O2\n$/);
  }, 120_000);
});
