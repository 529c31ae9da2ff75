import { describe, expect, it } from 'vitest';
import type { CheckerSpec } from '@oj/shared';
import { judgeFixture, sandboxReady } from '../../test/fixture';

const ready = await sandboxReady();

const echoProgram =
  '#include <cstdio>\nint main() { char s[256]; while (fgets(s, sizeof s, stdin)) fputs(s + 2, stdout); }\n';
// The program prints its input minus the first two characters: tests choose the output.
const tests = (outputs: string[]) =>
  outputs.map((out, i) => ({ name: String(i + 1), input: `> ${out}`, answer: '3\n' }));

const testlibChecker = [
  '#include "testlib.h"',
  'int main(int argc, char* argv[]) {',
  '  registerTestlibCmd(argc, argv);',
  '  long long want = ans.readLong();',
  '  long long got = ouf.readLong();',
  '  if (got == -1) quitf(_fail, "checker gave up");',
  '  if (got != want) quitf(_wa, "expected %lld, found %lld", want, got);',
  '  if (!ouf.seekEof()) quitf(_pe, "extra output");',
  '  quitf(_ok, "answer is %lld", got);',
  '}',
].join('\n');

describe.skipIf(!ready.ok)('special judge (testlib protocol)', () => {
  it('maps exit codes 0/1/2/3 to AC/WA/PE/IE with the checker message', async () => {
    const checker: CheckerSpec = { kind: 'special', language: 'C++', source: testlibChecker };
    const r = await judgeFixture({
      language: 'C++',
      source: echoProgram,
      tests: tests(['3\n', '4\n', '3 3\n', '-1\n', 'x\n']),
      checker,
    });
    expect(r.tests.map((t) => t.status)).toEqual(['AC', 'WA', 'PE', 'IE', 'PE']);
    expect(r.tests[0].message).toBe('ok answer is 3');
    expect(r.tests[1].message).toBe('wrong answer expected 3, found 4');
    expect(r.tests[3].message).toMatch(/特判程序报告失败.*checker gave up/);
    expect(r.status).toBe('WA');
  }, 60_000);

  it("compiles the author's own testlib.h instead of ours", async () => {
    const ownTestlib =
      '#include <cstdio>\n#include <cstdlib>\ninline void verdict() { std::fputs("own header", stderr); std::exit(0); }\n';
    const checker: CheckerSpec = {
      kind: 'special',
      language: 'C++',
      source: '#include "testlib.h"\nint main() { verdict(); }\n',
      files: [{ name: 'testlib.h', content: ownTestlib }],
    };
    const r = await judgeFixture({
      language: 'C++',
      source: echoProgram,
      tests: tests(['anything\n']),
      checker,
    });
    expect(r.tests[0]).toMatchObject({ status: 'AC', message: 'own header' });
  }, 60_000);

  it("a checker that does not compile is IE, not the user's fault", async () => {
    const checker: CheckerSpec = {
      kind: 'special',
      language: 'C++',
      source: 'int main() { return nope; }\n',
    };
    const r = await judgeFixture({ language: 'C++', source: echoProgram, tests: tests(['3\n']), checker });
    expect(r.status).toBe('IE');
    expect(r.message).toMatch(/特判程序编译失败/);
  }, 60_000);
});

describe.skipIf(!ready.ok)('float tolerance and groups', () => {
  const printPi = 'print("3.14159")\n';
  it('accepts within tolerance, rejects outside it', async () => {
    const t = [{ name: '1', input: '', answer: '3.1416\n' }];
    const loose = await judgeFixture({
      language: 'Python3',
      source: printPi,
      tests: t,
      checker: { kind: 'float', absolute: 1e-4 },
    });
    expect(loose.status).toBe('AC');
    const strict = await judgeFixture({
      language: 'Python3',
      source: printPi,
      tests: t,
      checker: { kind: 'float', absolute: 1e-6, relative: 1e-7 },
    });
    expect(strict.status).toBe('WA');
  }, 60_000);

  it('scores IOI groups by their weakest test and runs every test in "all" mode', async () => {
    const r = await judgeFixture({
      language: 'C++',
      source: echoProgram,
      tests: tests(['3\n', '3\n', '3\n', '4\n']),
      mode: 'all',
    });
    expect(r.tests.map((t) => t.status)).toEqual(['AC', 'AC', 'AC', 'WA']);
    const grouped = await judgeFixture({
      language: 'C++',
      source: echoProgram,
      tests: tests(['3\n', '3\n', '3\n', '4\n']),
      mode: 'all',
      groups: [
        { name: 'small', points: 40, tests: ['1', '2'] },
        { name: 'large', points: 60, tests: ['3', '4'] },
      ],
    });
    expect(grouped.score).toBe(40);
    expect(grouped.groups).toEqual([
      { name: 'small', points: 40, score: 40 },
      { name: 'large', points: 60, score: 0 },
    ]);
  }, 60_000);
});
