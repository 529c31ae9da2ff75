import { readFileSync } from 'node:fs';
import type { CheckerInput } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_MARK, standardChecker } from './checkers';
import { parsePackage } from './detect';
import type { ExportedProblem } from './exported';
import { buildFps } from './fps';
import { buildHydro } from './hydro';
import { type RawProblem, toProblemInput } from './model';
import {
  HUSTOJ_SPJ,
  INLINE_TESTLIB_CHECKER,
  KATTIS_HEADER,
  KATTIS_VALIDATOR,
  OWN_TESTLIB,
  polygonPackage,
  SUM_CHECKER,
  SUM_SOLUTION,
  WRONG_SOLUTION,
  fpsWithSpj,
} from './package-fixtures';
import { WRAP_MARK, wrapSpj } from './spj-wrap';
import { zipOf } from './test-fixtures';

const said = (p: RawProblem) => p.warnings.join('\n');
const first = async (bytes: Buffer) => (await parsePackage(bytes)).problems[0];

/** Seed problem 1009's checker: testlib protocol, written without testlib.h. */
const SEED_CHECKER = readFileSync(
  new URL('../../../../../packages/seed-data/src/problems/topological-sort/checker.cpp', import.meta.url),
  'utf8',
);

describe('FPS special judges', () => {
  it('knows a testlib checker pasted inline (no include line) by what it calls', async () => {
    const p = await first(fpsWithSpj('内联 testlib', INLINE_TESTLIB_CHECKER));
    expect(p.checker).toEqual({ kind: 'special', source: INLINE_TESTLIB_CHECKER });
    expect(said(p)).not.toMatch(/默认比较/);
    expect(p.solutions).toEqual([
      { name: 'solution-1.cpp', language: 'C++', source: SUM_SOLUTION, expected: ['AC'] },
    ]);
  });

  it('wraps a C++ HUSTOJ special judge unchanged in a testlib-protocol checker', async () => {
    const p = await first(fpsWithSpj('HUSTOJ spj', HUSTOJ_SPJ));
    expect(p.checker.kind).toBe('special');
    const source = (p.checker as { source: string }).source;
    expect(source.startsWith(`${WRAP_MARK} hustoj`)).toBe(true);
    expect(source).toContain(HUSTOJ_SPJ);
    // ours: checker input output answer → HUSTOJ's: spj input answer output
    expect(source).toContain('{argv[0], argv[1], argv[3], argv[2], nullptr}');
    expect(said(p)).toMatch(/已原样包装为本站的 testlib 协议评测器/);
  });

  it('keeps the warning where wrapping would not be faithful', () => {
    expect(wrapSpj('int main(){return 0;}', 'hustoj', 'C')).toEqual({
      why: '不是 C++ 程序（本站只编译 C++ 评测器）',
    });
    expect(wrapSpj('#include <cstdio>\nvoid main(){}', 'hustoj')).toEqual({
      why: '无法识别其 main 函数的形式',
    });
    expect(wrapSpj('#include <cstdio>\nint main(){_exit(0);}', 'qduoj')).toEqual({
      why: '它直接调用 _exit，无法换算其退出码',
    });
  });
});

describe('QDUOJ and HydroOJ special judges of other protocols', () => {
  it('wraps QDUOJ’s spj (input on stdin, spj input output; 1 wrong, other codes a judge error)', async () => {
    const spj = '#include <cstdio>\nint main(int argc, char **argv) { return 0; }\n';
    const zip = await zipOf([
      [
        '1/problem.json',
        JSON.stringify({
          title: 'Q',
          input_description: { format: 'html', value: '' },
          spj: { language: 'C++', code: spj },
        }),
      ],
      ['1/testcase/1.in', '1'],
    ]);
    const source = ((await first(zip)).checker as { source: string }).source;
    expect(source).toContain('freopen(argv[1], "r", stdin)');
    expect(source).toContain('code == 0 ? 0 : code == 1 ? 1 : 3');
  });

  it('maps HydroOJ’s checker types: hustoj and qduoj wrapped, lemon refused with a warning', async () => {
    const hydro = (type: string, checker = HUSTOJ_SPJ) =>
      zipOf([
        ['P/problem.yaml', 'title: 类型\n'],
        ['P/testdata/config.yaml', `checker_type: ${type}\nchecker: chk.cc\n`],
        ['P/testdata/chk.cc', checker],
        ['P/testdata/1.in', '1 2\n'],
        ['P/testdata/1.out', '3\n'],
      ]);
    const hustoj = (await first(await hydro('hustoj'))).checker as { source: string };
    expect(hustoj.source.startsWith(`${WRAP_MARK} hustoj`)).toBe(true);
    const qduoj = (await first(await hydro('qduoj'))).checker as { source: string };
    expect(qduoj.source.startsWith(`${WRAP_MARK} qduoj-hydro`)).toBe(true);
    const lemon = await first(await hydro('lemon'));
    expect([lemon.checker, said(lemon)]).toEqual([
      { kind: 'default' },
      expect.stringMatching(/「lemon」本站不支持/),
    ]);
  });
});

describe('Polygon checkers', () => {
  it('keeps files/testlib.h with the checker, the tagged solutions and the validator', async () => {
    const p = await first(await polygonPackage());
    expect(p.checker).toEqual({
      kind: 'special',
      source: SUM_CHECKER,
      files: [{ name: 'testlib.h', content: OWN_TESTLIB }],
    });
    expect(toProblemInput(p).input!.checker).toEqual(p.checker);
    expect(p.solutions).toEqual([
      { name: 'solutions/sum.cpp', language: 'C++', source: SUM_SOLUTION, expected: ['AC'] },
      { name: 'solutions/diff.cpp', language: 'C++', source: WRONG_SOLUTION, expected: ['WA'] },
      {
        name: 'solutions/slow.py',
        language: 'Python3',
        source: 'a, b = map(int, input().split())\nprint(a + b)\n',
        expected: ['AC', 'TLE'],
      },
    ]);
    expect(said(p)).toMatch(/1 个评测方程序未导入：语言本站不支持/);
    expect(p.validators).toEqual([
      {
        name: 'files/val.cpp',
        language: 'C++',
        protocol: 'testlib',
        source: '#include "testlib.h"\nint main() { return 0; }\n',
        files: [{ name: 'testlib.h', content: OWN_TESTLIB }],
      },
    ]);
  });

  it('maps a standard checker to ours only when it accepts the same outputs', async () => {
    expect(standardChecker('std::lcmp.cpp')).toEqual({ checker: { kind: 'default' }, exact: true });
    expect(standardChecker('std::yesno.cpp')).toEqual({
      checker: { kind: 'default', case_insensitive: true },
      exact: true,
    });
    expect(standardChecker('std::wcmp.cpp')?.exact).toBe(false);
    expect(standardChecker('std::uncmp.cpp')).toBeNull();
    const xml = (checker: string) =>
      `<?xml version="1.0"?><problem short-name="s"><names><name language="chinese" value="标准"/></names>` +
      `<judging><testset name="tests"><time-limit>1000</time-limit><memory-limit>268435456</memory-limit><test-count>1</test-count></testset></judging>` +
      `<assets>${checker}</assets></problem>`;
    const pkg = (checker: string, extra: [string, string][] = []) =>
      zipOf([['problem.xml', xml(checker)], ['tests/01', '1\n'], ['tests/01.a', '1\n'], ...extra]);
    const lcmp = await first(await pkg('<checker name="std::lcmp.cpp" type="testlib"/>'));
    expect(lcmp.checker).toEqual({ kind: 'default' });
    // wcmp does not care about lines, ours does: its own source runs, with the package's testlib.h.
    const wcmp = await first(
      await pkg(
        '<checker name="std::wcmp.cpp" type="testlib"><source path="files/check.cpp" type="cpp.g++17"/></checker>',
        [
          ['files/check.cpp', SUM_CHECKER],
          ['files/testlib.h', OWN_TESTLIB],
        ],
      ),
    );
    expect(wcmp.checker).toEqual({
      kind: 'special',
      source: SUM_CHECKER,
      files: [{ name: 'testlib.h', content: OWN_TESTLIB }],
    });
    const bare = await first(await pkg('<checker name="std::rcmp6.cpp" type="testlib"/>'));
    expect(bare.checker).toEqual({ kind: 'float', tolerance: 1e-6 });
    expect(said(bare)).toMatch(/标准评测器「std::rcmp6.cpp」的源文件不在包中.*不区分换行/);
  });
});

/** Issue 24: our own export of every checker kind imports back identical. */
describe('checkers through our exports', () => {
  const base: ExportedProblem = {
    problem_id: 1009,
    chinese_name: '课程安排',
    english_name: '',
    description: '题面',
    samples: [],
    time_limit: 1000,
    memory_limit: 256,
    output_limit: 64 * 1024 * 1024,
    tag_names: [],
    source_name: 'own',
    difficulty: 1,
    stop_at_first_failure: true,
    checker: { kind: 'default' },
    tests: [{ input: Buffer.from('1\n'), output: Buffer.from('1\n') }],
    images: [],
  };
  const kinds: [string, CheckerInput][] = [
    ['default', { kind: 'default' }],
    ['default ignoring case', { kind: 'default', case_insensitive: true }],
    ['float', { kind: 'float', tolerance: 1e-5 }],
    ['float ignoring case', { kind: 'float', tolerance: 1e-3, case_insensitive: true }],
    ['testlib without testlib.h (seed problem 1009)', { kind: 'special', source: SEED_CHECKER }],
    [
      'testlib with its own testlib.h',
      { kind: 'special', source: SUM_CHECKER, files: [{ name: 'testlib.h', content: OWN_TESTLIB }] },
    ],
    [
      'Kattis output validator with a header',
      {
        kind: 'special',
        source: KATTIS_VALIDATOR,
        files: [{ name: 'sum.h', content: KATTIS_HEADER }],
        protocol: 'kattis',
      },
    ],
    [
      'a wrapped HUSTOJ special judge',
      { kind: 'special', source: (wrapSpj(HUSTOJ_SPJ, 'hustoj') as { source: string }).source },
    ],
  ];

  it.each(kinds)('HydroOJ: %s', async (_name, checker) => {
    const { files, warnings } = buildHydro([{ ...base, checker }]);
    expect(warnings).toEqual([]);
    const p = await first(await zipOf(files.map((f) => [f.name, f.bytes])));
    expect(toProblemInput(p).input!.checker).toEqual(checker);
    expect(p.warnings).toEqual([]);
  });

  // FPS has no field for letter case (HydroOJ's export keeps it under x-oj).
  it.each(kinds.filter(([, c]) => c.kind === 'special' || !c.case_insensitive))(
    'FPS: %s',
    async (_name, checker) => {
      const { xml, warnings } = buildFps([{ ...base, checker }]);
      const p = await first(Buffer.from(xml));
      // FPS carries one source: a checker's extra files stay behind, with a warning.
      const files = checker.kind === 'special' ? checker.files : undefined;
      expect(warnings).toEqual(files ? ['题目 1009 的评测器附加文件未导出（FPS 只带一个评测器源文件）'] : []);
      const back = files && checker.kind === 'special' ? { ...checker, files: undefined } : checker;
      expect(JSON.parse(JSON.stringify(toProblemInput(p).input!.checker))).toEqual(
        JSON.parse(JSON.stringify(back)),
      );
    },
  );

  it('marks a special source whose protocol the text does not show', () => {
    const { xml } = buildFps([{ ...base, checker: { kind: 'special', source: SEED_CHECKER } }]);
    expect(xml).toContain(`${PROTOCOL_MARK} testlib\n`);
  });
});
