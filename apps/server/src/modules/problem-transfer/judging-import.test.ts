import { describe, expect, it } from 'vitest';
import type { ProblemJudging } from '@oj/shared';
import { parsePackage } from './detect';
import type { ExportedProblem } from './exported';
import { buildHydro } from './hydro';
import {
  GUESS_INTERACTOR,
  hydroJudged,
  KATTIS_GUESS,
  polygonGroups,
  polygonInteractive,
  qduojOi,
} from './judging-fixtures';
import { type RawProblem, rawProblem, toProblemInput } from './model';
import { kattisPackage, OWN_TESTLIB, SUM_CHECKER } from './package-fixtures';
import { zipOf } from './test-fixtures';

const said = (p: RawProblem) => p.warnings.join('\n');
const judgingOf = (p: RawProblem) => toProblemInput(p).input!.judging;
const parse = async (zip: Buffer) => (await parsePackage(zip)).problems;

describe('Polygon judging', () => {
  it('maps a testlib interactor with the package testlib.h; the checker stays', async () => {
    const [p] = await parse(await polygonInteractive());
    expect(judgingOf(p)).toEqual({
      type: 'interactive',
      file_io: null,
      interactor: { source: GUESS_INTERACTOR, files: [{ name: 'testlib.h', content: OWN_TESTLIB }] },
      grader: null,
      scoring: null,
    });
    expect(p.checker).toMatchObject({ kind: 'special', source: SUM_CHECKER, files: [{ name: 'testlib.h' }] });
    expect(said(p)).not.toMatch(/交互/);
  });

  it('maps groups with points, policies and dependencies onto subtasks, and file I/O', async () => {
    const [p] = await parse(await polygonGroups());
    expect(p.tests).toHaveLength(5);
    expect(judgingOf(p)).toEqual({
      type: 'batch',
      file_io: { input: 'sum.in', output: 'sum.out' },
      interactor: null,
      grader: null,
      scoring: {
        full_score: 100,
        subtasks: [
          { points: 0, tests: [1], scoring: 'sum' },
          { points: 40, tests: [2, 3], scoring: 'min', dependencies: [1] },
          { points: 60, tests: [4, 5], scoring: 'sum', dependencies: [2] },
        ],
      },
    });
    expect(said(p)).toMatch(/feedback-policy/);
  });

  it('maps test points without groups', async () => {
    const zip = await polygonGroups();
    const [p] = await parse(zip);
    p.judging = { scoring: { test_points: [10, 20, 30, 40, 50, 60], full_score: 210 } };
    expect(judgingOf(p)!.scoring!.test_points).toEqual([10, 20, 30, 40, 50]);
    expect(said(p)).toMatch(/测试点分值多于测试点/);
  });
});

describe('judging a parser read is checked, never a broken problem', () => {
  const base = () => {
    const p = rawProblem('x');
    p.title = 'x';
    p.description = 'x';
    p.timeMs = 1000;
    p.memoryMiB = 256;
    p.tests = [{ input: Buffer.from('1'), output: Buffer.from('1') }];
    return p;
  };

  it('drops a subtask naming a test the problem lacks, saying so', () => {
    const p = base();
    p.judging = { scoring: { subtasks: [{ points: 100, tests: [1, 2] }] } };
    expect(judgingOf(p)).toMatchObject({ type: 'batch', scoring: null });
    expect(said(p)).toMatch(/子任务 1 含有不在包中的测试点/);
  });

  it('drops file I/O our rules refuse and keeps the rest', () => {
    const p = base();
    p.judging = { file_io: { input: 'a b', output: 'c' }, scoring: { full_score: 50 } };
    expect(judgingOf(p)).toMatchObject({ file_io: null, scoring: { full_score: 50 } });
    expect(said(p)).toMatch(/文件输入输出无法导入（输入文件名只能包含/);
  });

  it('mends what the store would refuse: full score against the subtasks, test points over it, cycles', () => {
    const p = base();
    p.tests.push({ input: Buffer.from('2'), output: Buffer.from('2') });
    p.judging = {
      scoring: {
        full_score: 100,
        subtasks: [
          { points: 30, tests: [1] },
          { points: 40, tests: [2] },
        ],
      },
    };
    expect(judgingOf(p)!.scoring).toEqual({
      full_score: 70,
      subtasks: [
        { points: 30, tests: [1] },
        { points: 40, tests: [2] },
      ],
    });
    expect(said(p)).toMatch(/满分 100 与子任务分值之和 70 不同/);
    p.judging = { scoring: { full_score: 10, test_points: [8, 8] } };
    expect(judgingOf(p)!.scoring).toEqual({ full_score: 16, test_points: [8, 8] });
    p.judging = {
      scoring: {
        subtasks: [
          { points: 50, tests: [1], dependencies: [2] },
          { points: 50, tests: [2], dependencies: [1] },
        ],
      },
    };
    expect(judgingOf(p)!.scoring).toBeNull();
    expect(said(p)).toMatch(/子任务之间的依赖成环/);
    p.judging = { scoring: { subtasks: [{ points: 0, tests: [1] }] } };
    expect(judgingOf(p)!.scoring).toBeNull();
    expect(said(p)).toMatch(/子任务分值之和不是正数/);
  });

  it('imports an interactive problem without its interactor as a traditional one', () => {
    const p = base();
    p.judging = { type: 'interactive' };
    expect(judgingOf(p)).toMatchObject({ type: 'batch', interactor: null });
  });
});

describe('HydroOJ judging', () => {
  it('maps file I/O, subtasks with type and if, a grader, and an interactor', async () => {
    const [a, b] = await parse(await hydroJudged());
    expect(judgingOf(a)).toEqual({
      type: 'batch',
      file_io: { input: 'sum.in', output: 'sum.out' },
      interactor: null,
      grader: {
        files: [
          { name: 'grader.h', content: 'long long solve(long long a, long long b);\n' },
          { name: 'grader.cpp', content: '#include "grader.h"\nint main() { return 0; }\n' },
        ],
      },
      scoring: {
        full_score: 100,
        subtasks: [
          { points: 30, tests: [1, 2], scoring: 'min' },
          { points: 70, tests: [3, 4], scoring: 'sum', dependencies: [1] },
        ],
      },
    });
    expect(said(a)).toMatch(/「template.py」不是 C \/ C\+\+ 源文件/);
    expect(said(a)).toMatch(/langs/);
    expect(judgingOf(b)).toEqual({
      type: 'interactive',
      file_io: null,
      interactor: { source: GUESS_INTERACTOR, files: [{ name: 'testlib.h', content: OWN_TESTLIB }] },
      grader: null,
      scoring: null,
    });
  });

  it('reads a single sum subtask as points per test, and bare tests as equal shares of 100', async () => {
    const zip = await zipOf([
      ['A/problem.yaml', 'title: 一\n'],
      ['A/problem_zh.md', '一'],
      [
        'A/testdata/config.yaml',
        'type: submit_answer\nsubtasks:\n  - score: 60\n    type: sum\n    cases: [{input: 1.in, output: 1.out, score: 40}, {input: 2.in, output: 2.out}]\n',
      ],
      ['A/testdata/1.in', '1'],
      ['A/testdata/1.out', '1'],
      ['A/testdata/2.in', '2'],
      ['A/testdata/2.out', '2'],
      ['B/problem.yaml', 'title: 二\n'],
      ['B/problem_zh.md', '二'],
      ['B/testdata/1.in', '1'],
      ['B/testdata/1.out', '1'],
    ]);
    const [a, b] = await parse(zip);
    expect(judgingOf(a)).toMatchObject({
      type: 'output-only',
      scoring: { full_score: 60, test_points: [40, 20] },
    });
    expect(judgingOf(b)).toMatchObject({ type: 'batch', scoring: { full_score: 100 } });
  });

  const plain: ExportedProblem = {
    problem_id: 7,
    chinese_name: '往返',
    english_name: '',
    description: '题面',
    samples: [],
    time_limit: 1000,
    memory_limit: 256,
    output_limit: 16 * 1024 * 1024,
    tag_names: [],
    source_name: 'original',
    difficulty: 1,
    stop_at_first_failure: false,
    checker: {
      kind: 'special',
      source: '#include "testlib.h"\nint main() {}\n',
      files: [{ name: 'testlib.h', content: '// checker header\n' }],
    },
    tests: [1, 2, 3].map((n) => ({ input: Buffer.from(`${n}\n`), output: Buffer.from(`${n}\n`) })),
    images: [],
  };
  const judgings: [string, ProblemJudging][] = [
    [
      'interactive with its files (Kattis protocol)',
      {
        type: 'interactive',
        file_io: null,
        interactor: {
          source: KATTIS_GUESS,
          files: [{ name: 'testlib.h', content: OWN_TESTLIB }],
          protocol: 'kattis',
        },
        grader: null,
        scoring: { full_score: 100, subtasks: [{ points: 100, tests: [1, 2, 3], scoring: 'sum' }] },
      },
    ],
    [
      'file I/O HydroOJ cannot name, a grader including the submission, test points',
      {
        type: 'batch',
        file_io: { input: 'input.txt', output: 'output.txt' },
        interactor: null,
        grader: {
          files: [{ name: 'grader.c', content: '#include "sol.c"\n' }],
          submission_name: 'sol.c',
          includes_submission: true,
        },
        scoring: { full_score: 10, test_points: [2, 3] },
      },
    ],
    [
      'output-only with subtasks and dependencies',
      {
        type: 'output-only',
        file_io: null,
        interactor: null,
        grader: null,
        scoring: {
          subtasks: [
            { points: 20, tests: [1] },
            { points: 30, tests: [2, 1], scoring: 'sum', dependencies: [1] },
            { points: 50, tests: [3], scoring: 'min', dependencies: [1, 2] },
          ],
        },
      },
    ],
    [
      'file I/O HydroOJ names, all or nothing',
      {
        type: 'batch',
        file_io: { input: 'a.in', output: 'a.out' },
        interactor: null,
        grader: null,
        scoring: null,
      },
    ],
  ];

  it.each(judgings)('our export of %s imports back identical', async (_what, judging) => {
    const { files, warnings } = buildHydro([{ ...plain, judging }]);
    const [p] = await parse(await zipOf(files.map((f) => [f.name, f.bytes])));
    const input = toProblemInput(p).input!;
    expect(input.judging).toEqual(judging);
    expect(input.checker).toEqual(plain.checker);
    expect(p.warnings.filter((w) => !/时间限制|内存限制/.test(w))).toEqual([]);
    if (judging.file_io?.input === 'input.txt') expect(warnings.join('\n')).toMatch(/HydroOJ 无法表示/);
    else if (judging.interactor) expect(warnings.join('\n')).toMatch(/与另一同名文件内容不同/);
    else expect(warnings).toEqual([]);
  });

  it('our export without judging stays all or nothing', async () => {
    const { files } = buildHydro([plain]);
    const [p] = await parse(await zipOf(files.map((f) => [f.name, f.bytes])));
    expect(toProblemInput(p).input!.judging).toBeUndefined();
  });
});

describe('Kattis judging', () => {
  it('runs the output validator of an interactive problem as a Kattis interactor', async () => {
    const [p] = await parse(
      await kattisPackage({
        yaml: 'problem_format_version: legacy\nname: Guess\nvalidation: custom interactive\n',
        validator: false,
        extra: [['output_validators/guess/guess.cpp', KATTIS_GUESS]],
      }),
    );
    expect(judgingOf(p)).toEqual({
      type: 'interactive',
      file_io: null,
      interactor: { source: KATTIS_GUESS, protocol: 'kattis' },
      grader: null,
      scoring: null,
    });
    expect(said(p)).not.toMatch(/交互题暂不支持/);
  });

  it('maps scoring groups: min with accept_score, sum per test; samples score nothing', async () => {
    const [p] = await parse(
      await kattisPackage({
        yaml: 'problem_format_version: legacy\nname: Sum\ntype: scoring\n',
        validator: false,
        extra: [
          ['data/secret/group1/testdata.yaml', 'grader_flags: min\naccept_score: 30\non_reject: break\n'],
          ['data/secret/group2/testdata.yaml', 'accept_score: 10\n'],
        ],
      }),
    );
    expect(judgingOf(p)!.scoring).toEqual({
      full_score: 40,
      subtasks: [
        { points: 30, tests: [2, 3, 4], scoring: 'min' },
        { points: 10, tests: [5], scoring: 'sum' },
      ],
    });
  });

  it('maps a scoring problem without groups to points per secret test, and submit-answer', async () => {
    const zip = await zipOf([
      [
        'problem.yaml',
        'problem_format_version: legacy\nname: Out\ntype: [scoring, submit-answer]\nvalidation: custom score\n',
      ],
      ['data/sample/1.in', '1\n'],
      ['data/sample/1.ans', '1\n'],
      ['data/secret/testdata.yaml', 'accept_score: 25\nrange: 0 50\n'],
      ['data/secret/a.in', '2\n'],
      ['data/secret/a.ans', '2\n'],
      ['data/secret/b.in', '3\n'],
      ['data/secret/b.ans', '3\n'],
    ]);
    const [p] = await parse(zip);
    expect(judgingOf(p)).toMatchObject({
      type: 'output-only',
      scoring: { full_score: 50, test_points: [0, 25, 25] },
    });
    expect(said(p)).toMatch(/score.txt/);
    expect(said(p)).toMatch(/range/);
  });
});

describe('QDUOJ judging', () => {
  it('maps OI scores per test and file I/O', async () => {
    const [p] = await parse(await qduojOi());
    expect(judgingOf(p)).toEqual({
      type: 'batch',
      file_io: { input: 'input.txt', output: 'output.txt' },
      interactor: null,
      grader: null,
      scoring: { full_score: 100, test_points: [30, 70] },
    });
  });
});
