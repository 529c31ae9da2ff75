import { describe, expect, it } from 'vitest';
import { parsePackage } from './detect';
import { type RawProblem, tagIdOf, toProblemInput } from './model';
import {
  domjudgePackage,
  KATTIS_HEADER,
  KATTIS_VALIDATOR,
  kattisPackage,
  SUM_SOLUTION,
  WRONG_SOLUTION,
} from './package-fixtures';
import { PNG, zipOf } from './test-fixtures';

const text = (p: RawProblem) => p.tests.map((t) => [t.input.toString(), t.output.toString()]);
const said = (p: RawProblem) => p.warnings.join('\n');
const one = async (zip: Buffer) => {
  const { format, problems } = await parsePackage(zip);
  expect(problems).toHaveLength(1);
  return { format, p: problems[0] };
};

describe('Kattis / ICPC problem package', () => {
  it('reads names, limits, the Chinese statement, samples then secret groups in natural order', async () => {
    const { format, p } = await one(await kattisPackage());
    expect(format).toBe('kattis');
    expect([p.title, p.english_name, p.source]).toEqual(['求和', 'Sum', 'Test Contest 2026']);
    expect([p.timeMs, p.memoryMiB, p.outputBytes]).toEqual([2000, 512, 16 * 1024 * 1024]);
    expect(p.description).toBe(
      '求两个整数的和。\n\n## 输入格式\n\n两个整数 $a$、$b$。\n\n## 输出格式\n\n它们的和。\n\n![图](pic.png)',
    );
    expect(p.images).toEqual([{ ref: '](pic.png)', bytes: PNG }]);
    expect(p.samples).toEqual([{ input: '1 2\n', output: '3\n' }]);
    expect(text(p)).toEqual([
      ['1 2\n', '3\n'],
      ['40 2\n', '42\n'],
      ['2 2\n', '4\n'],
      ['10 10\n', '20\n'],
      ['-5 5\n', '0\n'],
    ]);
    expect(said(p)).toMatch(/只导入了 zh 的题面/);
    expect(p.tags).toEqual(['math', 'greedy']);
    expect(toProblemInput(p).input!.tags_list).toEqual([tagIdOf('数学'), tagIdOf('贪心')]);
  });

  it('runs a C++ output validator with its header under the Kattis protocol', async () => {
    const { p } = await one(await kattisPackage());
    expect(p.checker).toEqual({
      kind: 'special',
      source: KATTIS_VALIDATOR,
      files: [{ name: 'sum.h', content: KATTIS_HEADER }],
      protocol: 'kattis',
    });
    expect(toProblemInput(p).input!.checker).toEqual(p.checker);
  });

  it('keeps labelled submissions and input validators, saying what it leaves out', async () => {
    const { p } = await one(
      await kattisPackage({
        extra: [
          ['submissions/accepted/sum.scala', 'object Main extends App {}\n'],
          // A Pascal program with its unit: two sources, not the program alone (it would not compile).
          ['submissions/accepted/unit/main.pas', 'uses hello; begin greet; end.\n'],
          ['submissions/accepted/unit/hello.pp', 'unit hello; interface procedure greet; implementation end.\n'],
        ],
      }),
    );
    expect(p.solutions).toEqual([
      { name: 'submissions/accepted/sum.cpp', language: 'C++', source: SUM_SOLUTION, expected: ['AC'] },
      {
        name: 'submissions/accepted/sum.py',
        language: 'Python3',
        source: 'a, b = map(int, input().split())\nprint(a + b)\n',
        expected: ['AC'],
      },
      // A multi-file folder with one source is that source.
      {
        name: 'submissions/run_time_error/multi/main.cpp',
        language: 'C++',
        source: 'int main() { return 1; }\n',
        expected: ['MLE', 'Sign'],
      },
      {
        name: 'submissions/time_limit_exceeded/slow.rs',
        language: 'Rust',
        source: 'fn main() {}\n',
        expected: ['TLE'],
      },
      {
        name: 'submissions/wrong_answer/diff.cpp',
        language: 'C++',
        source: WRONG_SOLUTION,
        expected: ['WA', 'PE'],
      },
    ]);
    expect(said(p)).toMatch(/1 个评测方程序未导入：语言本站不支持/);
    expect(said(p)).toMatch(/1 个评测方程序未导入：由多个源文件组成/);
    expect(p.validators).toEqual([
      {
        name: 'input_validators/validate.ctd',
        language: null,
        protocol: 'kattis',
        source: 'INT(-1000,1000) SPACE INT(-1000,1000) NEWLINE EOF\n',
      },
    ]);
  });

  it('maps the default validator flags: case-insensitive unless case_sensitive, float tolerances', async () => {
    const flags = async (f: string) =>
      (await one(await kattisPackage({ yaml: `name: F\nvalidator_flags: ${f}\n`, validator: false }))).p;
    expect((await flags("''")).checker).toEqual({ kind: 'default', case_insensitive: true });
    expect((await flags('case_sensitive')).checker).toEqual({ kind: 'default' });
    expect((await flags('float_tolerance 1e-6')).checker).toEqual({
      kind: 'float',
      tolerance: 1e-6,
      case_insensitive: true,
    });
    const abs = await flags('float_absolute_tolerance 1e-4 case_sensitive');
    expect(abs.checker).toEqual({ kind: 'float', tolerance: 1e-4 });
    expect(said(abs)).toMatch(/只给了绝对误差/);
    expect(said(await flags('space_change_sensitive'))).toMatch(/space_change_sensitive 未映射/);
  });

  it('reads flags from data/testdata.yaml and warns groups that differ', async () => {
    const { p } = await one(
      await kattisPackage({
        yaml: 'name: G\n',
        validator: false,
        extra: [
          ['data/testdata.yaml', 'output_validator_flags: float_relative_tolerance 1e-3\n'],
          ['data/secret/group2/test_group.yaml', 'output_validator_args: [case_sensitive]\n'],
        ],
      }),
    );
    expect(p.checker).toEqual({ kind: 'float', tolerance: 1e-3, case_insensitive: true });
    expect(said(p)).toMatch(/测试组「data\/secret\/group2\/」的比较参数与整题不同/);
  });

  it('imports an interactive problem with its validator as the interactor, and its sample dialogues', async () => {
    const { p } = await one(
      await kattisPackage({
        yaml: 'problem_format_version: 2023-07-draft\ntype: interactive\nname: Guess\n',
        validator: false,
        extra: [
          ['output_validator/guess.cpp', 'int main() { return 42; }\n'],
          ['data/sample/1.interaction', '> 5\n< lower\n'],
        ],
      }),
    );
    expect(p.judging).toEqual({
      type: 'interactive',
      interactor: { source: 'int main() { return 42; }\n', protocol: 'kattis' },
    });
    expect(p.interactor).toMatchObject({
      name: 'output_validator/guess.cpp',
      language: 'C++',
      protocol: 'kattis',
    });
    expect(p.samples).toEqual([]);
    expect(p.description).toMatch(/### 样例交互 1\n\n```\n> 5\n< lower\n```$/);
    expect(p.checker).toEqual({ kind: 'default', case_insensitive: true });
  });

  it('converts a LaTeX statement: \\problemname as the title, Input / Output as our sections', async () => {
    const zip = await zipOf([
      ['problem.yaml', 'validation: default\n'],
      [
        'problem_statement/problem.tex',
        '\\problemname{Add}\n% a comment\nAdd \\emph{two} numbers.\n\\illustration{0.3}{pic.png}{A picture}\n\\section*{Input}\nTwo integers.\n\\section*{Output}\nTheir sum.\n',
      ],
      ['problem_statement/pic.png', PNG],
      ['data/secret/1.in', '1 2\n'],
      ['data/secret/1.ans', '3\n'],
    ]);
    const { p } = await one(zip);
    expect(p.title).toBe('Add');
    expect(p.description).toBe(
      'Add *two* numbers.\n\n![A picture](pic.png)\n\n## 输入格式\nTwo integers.\n## 输出格式\nTheir sum.',
    );
    expect(p.images.map((i) => i.ref)).toEqual(['](pic.png)']);
    expect(said(p)).toMatch(/由 LaTeX 转换/);
  });

  it('says so when the time limit is left to the jury solutions', async () => {
    const { p } = await one(await kattisPackage({ yaml: 'name: T\nlimits:\n  time_multiplier: 3\n' }));
    expect(p.timeMs).toBeUndefined();
    expect(said(p)).toMatch(/包中没有时间限制.*time_multiplier = 3/);
  });

  it('takes several problems, one folder each, and a .timelimit file', async () => {
    const a = await kattisPackage({ dir: 'a/', extra: [['a/.timelimit', '1.5\n']], yaml: 'name: A\n' });
    const zip = await zipOf([
      ['a/problem.yaml', 'name: A\n'],
      ['a/.timelimit', '1.5\n'],
      ['a/data/secret/1.in', '1\n'],
      ['a/data/secret/1.ans', '1\n'],
      ['b/problem.yaml', 'name: B\nlimits:\n  memory: 64\n'],
      ['b/data/secret/1.in', '2\n'],
      ['b/data/secret/1.ans', '2\n'],
    ]);
    expect(a.length).toBeGreaterThan(0);
    const { format, problems } = await parsePackage(zip);
    expect(format).toBe('kattis');
    expect(problems.map((p) => [p.title, p.timeMs, p.memoryMiB])).toEqual([
      ['A', 1500, undefined],
      ['B', undefined, 64],
    ]);
  });
});

describe('DOMjudge zip', () => {
  it('reads domjudge-problem.ini with problem.yaml and the jury solutions’ @EXPECTED_RESULTS@', async () => {
    const { format, p } = await one(await domjudgePackage());
    expect(format).toBe('domjudge');
    expect([p.title, p.timeMs, p.memoryMiB]).toEqual(['DOMjudge 求和', 3000, 128]);
    expect(p.checker).toEqual({ kind: 'float', tolerance: 1e-6 });
    expect(said(p)).toMatch(/比较程序「float」是 DOMjudge 服务器上的程序/);
    expect(said(p)).toMatch(/题面只有 PDF 版本/);
    expect(p.solutions).toEqual([
      {
        name: 'submissions/accepted/a.cpp',
        language: 'C++',
        source: expect.stringContaining('CORRECT'),
        expected: ['AC'],
      },
      {
        name: 'submissions/mixed/b.c',
        language: 'C',
        source: expect.stringContaining('WRONG-ANSWER'),
        expected: ['WA', 'PE', 'TLE'],
      },
    ]);
    expect(said(p)).toMatch(/1 个评测方程序未导入：标注的期望结果无法识别/);
  });
});

describe('detection by content', () => {
  it('tells HydroOJ from Kattis by what problem.yaml and its folder hold, not by the file name', async () => {
    const hydro = await zipOf([
      ['P/problem.yaml', 'title: 甲\npid: P1\nowner: 1\n'],
      ['P/problem_zh.md', '题'],
      ['P/testdata/1.in', '1'],
      ['P/testdata/1.out', '1'],
    ]);
    expect((await parsePackage(hydro)).format).toBe('hydro');
    // Kattis without statement: problem.yaml names it, data/ holds the tests.
    const kattis = await zipOf([
      ['problem.yaml', 'name: 乙\n'],
      ['data/secret/1.in', '1'],
      ['data/secret/1.ans', '1'],
    ]);
    const k = await parsePackage(kattis);
    expect([k.format, k.problems[0].title, k.problems[0].tests.length]).toEqual(['kattis', '乙', 1]);
  });

  it('reads a zip that mixes formats folder by folder', async () => {
    const zip = await zipOf([
      ['h/problem.yaml', 'title: 海德罗\n'],
      ['h/testdata/1.in', '1'],
      ['h/testdata/1.out', '1'],
      ['k/problem.yaml', 'name: Kattis\n'],
      ['k/data/secret/1.in', '2'],
      ['k/data/secret/1.ans', '2'],
      ['k2/problem.yaml', 'name: Kattis 2\n'],
      ['k2/data/secret/1.in', '3'],
      ['k2/data/secret/1.ans', '3'],
    ]);
    const { format, problems } = await parsePackage(zip);
    expect(format).toBe('kattis');
    expect(problems.map((p) => p.title)).toEqual(['海德罗', 'Kattis', 'Kattis 2']);
  });
});
