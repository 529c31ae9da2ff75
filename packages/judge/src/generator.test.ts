import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sandboxReady } from '../test/fixture';
import { type GenerationInput, generateTests } from './generator';
import { realSandbox, type SandboxApi } from './sandbox';

const ready = await sandboxReady();

/** testlib's registerGen seeds `rnd` from the arguments: the same command gives the same test. */
const RANDOM_GEN = `#include "testlib.h"
#include <cstdio>
int main(int argc, char* argv[]) {
    registerGen(argc, argv, 1);
    int n = atoi(argv[1]);
    long long sum = 0;
    for (int i = 0; i < n; i++) sum += rnd.next(1, 1000);
    printf("%lld %d\\n", sum, n);
}
`;
/** Prints its two arguments: `plain 10 3` → "10 3". */
const PLAIN_GEN =
  '#include <cstdio>\nint main(int argc, char* argv[]) { printf("%s %s\\n", argv[1], argv[2]); }\n';
/** testlib multigen: writes files 1..n of one run, test k being "k k". */
const MULTI_GEN = `#include <cstdio>
#include <cstdlib>
int main(int argc, char* argv[]) {
    int n = atoi(argv[1]);
    for (int k = 1; k <= n; k++) {
        char name[16];
        snprintf(name, sizeof name, "%d", k);
        FILE* f = fopen(name, "w");
        fprintf(f, "%d %d\\n", k, k);
        fclose(f);
    }
}
`;
/** The sum of two integers; refuses a negative first one. */
const SOLUTION =
  '#include <iostream>\nint main() { long long a, b; std::cin >> a >> b; if (a < 0) return 1; std::cout << a + b << "\\n"; }\n';

const cpp = (name: string, source: string) => ({ name, language: 'C++' as const, source });

const base = (over: Partial<GenerationInput>): GenerationInput => ({
  generators: {},
  solution: cpp('solutions/sum.cpp', SOLUTION),
  commands: [],
  solutionLimits: { timeMs: 2000, memoryMiB: 256 },
  testBytes: 1 << 20,
  totalBytes: 4 << 20,
  budgetMs: 120_000,
  ...over,
});

const text = (b: Buffer) => b.toString('utf8');

/** The real sandbox, remembering the argv of each run. */
function recordingSandbox(): SandboxApi & { argvs: string[][] } {
  const argvs: string[][] = [];
  return {
    argvs,
    run: (spec) => {
      argvs.push(spec.argv);
      return realSandbox.run(spec);
    },
    check: () => realSandbox.check(),
  };
}

describe.skipIf(!ready.ok)('test generation', () => {
  it('runs each command with its arguments (no shell) and answers with the main solution', async () => {
    const sandbox = recordingSandbox();
    const r = await generateTests(
      base({
        generators: { gen: cpp('files/gen.cpp', RANDOM_GEN), plain: cpp('files/plain.cpp', PLAIN_GEN) },
        commands: [
          { generator: 'plain', args: ['10', '3'] },
          { generator: 'gen', args: ['5', 'seed-a'] },
          { generator: 'gen', args: ['5', 'seed-a'] },
          { generator: 'gen', args: ['5', 'seed-b'] },
          // A shell would expand or redirect these; a real argument is printed as it is.
          { generator: 'plain', args: ['$HOME', '>x'] },
        ],
      }),
      { sandbox },
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.cut).toBe(0);
    const tests = r.tests.map((t) => (t.ok ? [text(t.input), text(t.output)] : t.message));
    expect(tests[0]).toEqual(['10 3\n', '13\n']);
    expect(tests[4]).toEqual(['$HOME >x\n', expect.anything()]);
    // Deterministic by its arguments: the same command twice, the same test; another seed, another.
    expect(tests[1]).toEqual(tests[2]);
    expect(tests[1]).not.toEqual(tests[3]);
    for (const t of [tests[1], tests[3]]) {
      const [sum, n] = (t as string[])[0].trim().split(' ').map(Number);
      expect(n).toBe(5);
      expect(sum).toBeGreaterThanOrEqual(5);
      expect((t as string[])[1]).toBe(`${sum + n}\n`);
    }
    // Each program compiled once: three compiles (solution, gen, plain) among the runs.
    expect(sandbox.argvs.filter((a) => /g\+\+/.test(a[0])).length).toBe(3);
  }, 120_000);

  it('reads multigen tests from the files of one run', async () => {
    const sandbox = recordingSandbox();
    const r = await generateTests(
      base({
        generators: { multi: cpp('files/multi.cpp', MULTI_GEN) },
        commands: [
          { generator: 'multi', args: ['3'], fromFile: '2' },
          { generator: 'multi', args: ['3'], fromFile: '3' },
          { generator: 'multi', args: ['3'], fromFile: '7' },
          { generator: 'multi', args: ['3'], fromFile: '../etc/passwd' },
        ],
      }),
      { sandbox },
    );
    if (!r.ok) throw new Error(r.message);
    expect(r.tests.slice(0, 2).map((t) => t.ok && [text(t.input), text(t.output)])).toEqual([
      ['2 2\n', '4\n'],
      ['3 3\n', '6\n'],
    ]);
    expect(r.tests[2]).toEqual({ ok: false, message: '生成器「files/multi.cpp」没有写出文件「7」' });
    expect(r.tests[3]).toMatchObject({ ok: false, message: expect.stringMatching(/不合法/) });
    expect(sandbox.argvs.filter((a) => a.at(-1) === '3' && a.length === 2).length).toBe(1);
  }, 120_000);

  it('says why each failed test failed, and makes the others', async () => {
    const r = await generateTests(
      base({
        generators: {
          plain: cpp('files/plain.cpp', PLAIN_GEN),
          crash: cpp(
            'files/crash.cpp',
            '#include <cstdio>\nint main() { fprintf(stderr, "n is too big"); return 3; }\n',
          ),
          loop: cpp('files/loop.cpp', 'int main() { for (volatile int i = 0;; i++) {} }\n'),
          silent: cpp('files/silent.cpp', 'int main() { return 0; }\n'),
          broken: cpp('files/broken.cpp', 'int main( {\n'),
          python: { name: 'files/gen.py', language: 'Python3', source: 'print(1, 2)\n' },
        },
        commands: [
          { generator: 'crash', args: [] },
          { generator: 'loop', args: [] },
          { generator: 'silent', args: [] },
          { generator: 'broken', args: [] },
          { generator: 'python', args: [] },
          { generator: 'nowhere', args: [] },
          { generator: 'plain', args: ['-1', '2'] },
          { generator: 'plain', args: ['1', '2'] },
        ],
      }),
      { generatorLimits: { cpuMs: 500, wallMs: 3000, memoryKiB: 256 << 10 } },
    );
    if (!r.ok) throw new Error(r.message);
    const messages = r.tests.map((t) => (t.ok ? text(t.output) : t.message));
    expect(messages[0]).toBe('生成器「files/crash.cpp」运行失败：运行错误：退出码 3：n is too big');
    expect(messages[1]).toMatch(/^生成器「files\/loop.cpp」运行失败：CPU 时间超限/);
    expect(messages[2]).toBe('生成器「files/silent.cpp」没有输出任何内容');
    expect(messages[3]).toMatch(/^生成器「files\/broken.cpp」编译失败：/);
    expect(messages[4]).toBe('生成器「files/gen.py」不是 C/C++ 程序，本站无法运行');
    expect(messages[5]).toBe('找不到生成器「nowhere」');
    expect(messages[6]).toBe('标准程序「solutions/sum.cpp」求答案失败：运行错误：退出码 1');
    expect(messages[7]).toBe('3\n');
  }, 120_000);

  it('answers nothing when the main solution does not build, and stops at the budget', async () => {
    const gen = { plain: cpp('files/plain.cpp', PLAIN_GEN) };
    const commands = [{ generator: 'plain', args: ['1', '2'] }];
    const broken = await generateTests(
      base({ generators: gen, commands, solution: cpp('solutions/x.cpp', 'int main( {') }),
    );
    expect(broken).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^标准程序「solutions\/x.cpp」编译失败/),
    });
    const java = await generateTests(
      base({ generators: gen, commands, solution: { name: 'Main.java', language: 'Java', source: '' } }),
    );
    expect(java).toEqual({
      ok: false,
      message: '标准程序「Main.java」不是 C/C++ 程序，本站无法运行它生成答案',
    });
    const late = await generateTests(
      base({ generators: gen, commands: [...commands, ...commands], budgetMs: 0 }),
    );
    expect(late).toEqual({ ok: true, tests: [], cut: 2, cutReason: '生成用时超过 0 秒' });
    const big = await generateTests(
      base({ generators: gen, commands: [...commands, ...commands], totalBytes: 6 }),
    );
    expect(big).toMatchObject({ ok: true, cut: 1, cutReason: expect.stringMatching(/MiB/) });
  }, 120_000);

  it('contains a hostile generator like any submission', async () => {
    const escape = join(tmpdir(), `oj-generator-escape-${randomUUID()}`);
    const hostile = `#include <cstdio>
#include <unistd.h>
int main() {
    int forked = 0;
    for (int i = 0; i < 200; i++) { pid_t p = fork(); if (p == 0) { for (;;) fork(); } if (p > 0) forked++; }
    FILE* f = fopen("${escape}", "w");
    FILE* g = fopen("/etc/oj-generator-escape", "w");
    printf("%d %d\\n", forked, (f ? 1 : 0) + (g ? 10 : 0));
}
`;
    const r = await generateTests(
      base({
        generators: { evil: cpp('files/evil.cpp', hostile) },
        commands: [{ generator: 'evil', args: [] }],
      }),
    );
    if (!r.ok) throw new Error(r.message);
    // No fork succeeded (one process per box); whatever it opened was inside its box.
    expect(r.tests[0].ok && text(r.tests[0].input)).toMatch(/^0 /);
    expect(existsSync(escape)).toBe(false);
    expect(existsSync('/etc/oj-generator-escape')).toBe(false);
    const running = readdirSync('/proc')
      .filter((p) => /^\d+$/.test(p))
      .filter((p) => {
        try {
          return readFileSync(`/proc/${p}/comm`, 'utf8').trim() === 'main';
        } catch {
          return false;
        }
      });
    expect(running).toEqual([]);
  }, 120_000);
});
