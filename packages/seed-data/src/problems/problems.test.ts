import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CODE_TEMPLATES, Difficulty, LANGUAGES, PROBLEM_SOURCES, type Language } from '@oj/shared';
import { codeBlocks, hasUnbalancedMath } from '../lib/markdown-checks';
import { compileCpp, prepareProgram, PYTHON, run, runOk, type Command } from '../lib/host-toolchain';
import { demoCheckerSpec, demoProblemSlugs, loadDemoProblem, PROBLEMS_DIR, TEST_COUNT, type DemoProblem } from './index';

const work = mkdtempSync(join(tmpdir(), 'oj-demo-problems-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const slugs = demoProblemSlugs();

/**
 * Runs a program under RLIMIT_CPU = the time limit (rounded up to whole seconds, the unit of the
 * rlimit). CPU time, unlike wall time, does not grow when the shared machine is busy, so this stays
 * reliable under load; the kernel kills the program with SIGXCPU if the limit is too tight for it.
 */
function withCpuLimit(program: Command, timeLimitMs: number): Command {
  return { cmd: 'sh', args: ['-c', `ulimit -t ${Math.ceil(timeLimitMs / 1000)} && exec "$0" "$@"`, program.cmd, ...program.args] };
}

/** Inputs that break each statement's limits: the validators must reject every one. */
const INVALID_INPUTS: Record<string, string[]> = {
  'a-plus-b': ['1000000001 0\n', '1  2\n', '1 2 3\n', '+1 2\n'],
  'fibonacci-mod': ['1\n0\n', '2\n5\n', '1\n1000000000000000001\n', '1001\n' + '1\n'.repeat(1001)],
  dijkstra: ['2 1 1\n1 3 5\n', '2 1 1\n1 2 -1\n', '2001 0 1\n', '2 0 3\n', '2 1 1\n1 2 1000000001\n'],
  'longest-increasing-subsequence': ['2\n1\n', '1\n01\n', '0\n\n', '1\n1000000001\n'],
  'knapsack-01': ['1 5\n0 3\n', '1001 10\n' + '1 1\n'.repeat(1001), '1 10001\n1 1\n', '1 5\n1 10000001\n'],
  'union-find-components': ['3 1\n1 4\n', '0 0\n', '2 5001\n' + '1 2\n'.repeat(5001)],
  'inversion-count': ['2\n0 1\n', '1\n1000000001\n', '10001\n' + '1 '.repeat(10000) + '1\n'],
  'big-integer-addition': ['012\n3\n', '-1\n2\n', '1\n2\n3\n', '1'.repeat(10001) + '\n1\n'],
  'circle-area': ['1\n0\n', '1\n1.2345\n', '1\n10000.001\n', '1\n1.50\n', '1\n-1\n'],
  'topological-sort': ['2 2\n1 2\n2 1\n', '2 1\n1 1\n', '2 1\n1 3\n', '3 3\n1 2\n2 3\n3 1\n'],
};

describe('demo problem set', () => {
  it('has 8–10 problems with distinct ids and names, A+B as 1000', async () => {
    expect(slugs.length).toBeGreaterThanOrEqual(8);
    expect(slugs.length).toBeLessThanOrEqual(10);
    const problems = await Promise.all(slugs.map(loadDemoProblem));
    expect(new Set(problems.map((p) => p.problem_id)).size).toBe(problems.length);
    expect(new Set(problems.map((p) => p.chinese_name)).size).toBe(problems.length);
    expect(problems.find((p) => p.problem_id === 1000)?.english_name).toBe('A+B Problem');
    expect(problems.some((p) => p.float_tolerance)).toBe(true);
    expect(problems.some((p) => p.special_judge)).toBe(true);
  });

  it('has a test needing 64-bit integers wherever the statement says so', async () => {
    for (const slug of slugs) {
      const p = await loadDemoProblem(slug);
      if (!p.statement.includes('可能超过 $2^{31}-1$')) continue;
      const big = p.tests.some((t) => t.output.split(/\s+/).some((x) => x !== '' && Math.abs(Number(x)) > 2 ** 31 - 1));
      expect(big, slug).toBe(true);
    }
    const warned = await Promise.all(slugs.map(async (s) => (await loadDemoProblem(s)).statement.includes('可能超过 $2^{31}-1$')));
    expect(slugs.filter((_, k) => warned[k]).sort()).toEqual(['dijkstra', 'knapsack-01']);
  });

  it('keeps A+B inside 32 bits, as its statement says, with both extremes tested', async () => {
    const sums = (await loadDemoProblem('a-plus-b')).tests.map((t) => Number(t.output));
    expect(Math.max(...sums.map(Math.abs))).toBeLessThanOrEqual(2 ** 31 - 1);
    expect(sums).toContain(2_000_000_000);
    expect(sums).toContain(-2_000_000_000);
  });
});

describe.each(slugs)('demo problem %s', (slug) => {
  const dir = join(PROBLEMS_DIR, slug);
  let problem: DemoProblem;
  let solution: Command;

  beforeAll(async () => {
    problem = await loadDemoProblem(slug);
    solution = compileCpp(join(dir, 'solution.cpp'), join(work, `${slug}-solution`));
  });

  it('has valid metadata', () => {
    expect(Object.values(Difficulty)).toContain(problem.difficulty);
    expect(PROBLEM_SOURCES).toContain(problem.source_name);
    expect(problem.source_name).toBe('own');
    expect(new Set(problem.tags_list).size).toBe(problem.tags_list.length);
  });

  it('has a Chinese statement with every section, balanced KaTeX and the samples', () => {
    for (const heading of ['## 题目描述', '## 输入格式', '## 输出格式', '## 样例', '## 数据范围']) {
      expect(problem.statement, heading).toContain(heading);
    }
    expect(problem.statement).toMatch(/\$[^$]+\$/);
    expect(hasUnbalancedMath(problem.statement)).toBe(false);
    expect(problem.samples.length).toBeGreaterThan(0);
    const blocks = codeBlocks(problem.statement);
    problem.samples.forEach((s, k) => {
      expect(blocks, `sample ${k + 1} input`).toContain(s.input);
      expect(blocks, `sample ${k + 1} output`).toContain(s.output);
      expect(problem.statement).toContain(`### 样例输入 ${k + 1}`);
    });
  });

  it(`has exactly tests 1..${TEST_COUNT} as .in/.out pairs, under 200 KiB in all`, () => {
    const files = readdirSync(join(dir, 'tests')).sort();
    const expected = Array.from({ length: TEST_COUNT }, (_, k) => [`${k + 1}.in`, `${k + 1}.out`]).flat().sort();
    expect(files).toEqual(expected);
    expect(problem.tests).toHaveLength(TEST_COUNT);
    const bytes = files.reduce((n, f) => n + statSync(join(dir, 'tests', f)).size, 0);
    expect(bytes).toBeLessThan(200 * 1024);
    for (const t of problem.tests) {
      expect(t.input.endsWith('\n')).toBe(true);
      expect(t.output.length).toBeGreaterThan(0);
    }
  });

  it('regenerates every .in from gen.py (the generator is deterministic)', () => {
    problem.tests.forEach((t, k) => {
      expect(runOk({ cmd: PYTHON, args: [join(dir, 'gen.py'), String(k + 1)] }), `test ${k + 1}`).toBe(t.input);
    });
  });

  it('has inputs that satisfy the statement (validate.py accepts every sample and test)', () => {
    const validator = { cmd: PYTHON, args: [join(dir, 'validate.py')] };
    for (const [k, c] of [...problem.samples, ...problem.tests].entries()) {
      const res = run(validator, c.input);
      expect(res.stderr, `case ${k}`).toBe('');
      expect(res.status, `case ${k}`).toBe(0);
    }
  });

  it('has a validator that rejects inputs outside the statement', () => {
    const validator = { cmd: PYTHON, args: [join(dir, 'validate.py')] };
    const invalid = [problem.tests[TEST_COUNT - 1].input.slice(0, -1), ...(INVALID_INPUTS[slug] ?? [])];
    expect(invalid.length, 'INVALID_INPUTS has no entry for this problem').toBeGreaterThan(1);
    for (const input of invalid) expect(run(validator, input).status, JSON.stringify(input.slice(0, 60))).toBe(1);
  });

  it('reproduces every sample and .out with the reference solution, within the time limit of CPU', () => {
    for (const [k, c] of [...problem.samples.map((s, k) => [`sample ${k + 1}`, s] as const), ...problem.tests.map((t, k) => [`test ${k + 1}`, t] as const)]) {
      const res = run(withCpuLimit(solution, problem.time_limit), c.input);
      expect(res.status, k).toBe(0);
      expect(res.stdout, k).toBe(c.output);
    }
  });
});

/** Known-wrong programs (wrong/*.cpp) that the tests must catch: proof the data is strong enough. */
const wrongPrograms = slugs.flatMap((slug) => {
  const dir = join(PROBLEMS_DIR, slug, 'wrong');
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.cpp')).map((f) => [slug, f] as const) : [];
});

describe('tests reject known-wrong programs', () => {
  it('has wrong programs for most problems', () => {
    expect(new Set(wrongPrograms.map(([slug]) => slug)).size).toBeGreaterThanOrEqual(6);
  });

  it.each(wrongPrograms)('%s/wrong/%s fails at least one test', async (slug, file) => {
    const source = join(PROBLEMS_DIR, slug, 'wrong', file);
    expect(readFileSync(source, 'utf8').startsWith('// WRONG on purpose')).toBe(true);
    const problem = await loadDemoProblem(slug);
    const program = compileCpp(source, join(work, `${slug}-wrong-${file}`));
    const rejected = problem.tests.findIndex((t) => {
      try {
        // a too-slow program is killed at the CPU limit and counts as rejected
        const res = run(withCpuLimit(program, problem.time_limit), t.input);
        return res.status !== 0 || res.stdout !== t.output;
      } catch {
        return true;
      }
    });
    expect(rejected, 'every test accepted the wrong program').toBeGreaterThanOrEqual(0);
  });
});

describe('float answers of circle-area', () => {
  /** The rule the statement promises: each number within 1e-6 absolute OR relative error. */
  const close = (got: number, want: number, eps: number) => Math.abs(got - want) <= eps * Math.max(1, Math.abs(want));

  function answers(p: DemoProblem, pi: number, digits: number) {
    return p.tests.map((t) => {
      const radii = t.input.trim().split('\n').slice(1).map(Number);
      return radii.map((r) => Number((pi * r * r).toFixed(digits)));
    });
  }

  it('accepts a 6-decimal double answer and rejects pi = 3.14 on every test', async () => {
    const p = await loadDemoProblem('circle-area');
    const eps = p.float_tolerance!;
    expect(demoCheckerSpec(p)).toEqual({ kind: 'float', absolute: eps, relative: eps });
    const expected = p.tests.map((t) => t.output.trim().split('\n').map(Number));
    answers(p, Math.PI, 6).forEach((got, k) => got.forEach((x, j) => expect(close(x, expected[k][j], eps), `test ${k + 1} #${j + 1}`).toBe(true)));
    answers(p, 3.14, 9).forEach((got, k) => expect(got.some((x, j) => !close(x, expected[k][j], eps)), `test ${k + 1}`).toBe(true));
  });
});

describe('special judge of topological-sort', () => {
  let checker: Command;
  let problem: DemoProblem;
  beforeAll(async () => {
    problem = await loadDemoProblem('topological-sort');
    expect(demoCheckerSpec(problem)).toMatchObject({ kind: 'special', language: 'C++' });
    checker = compileCpp(join(PROBLEMS_DIR, 'topological-sort', 'checker.cpp'), join(work, 'topo-checker'));
  });

  function check(input: string, output: string, answer: string) {
    const files = ['input', 'output', 'answer'].map((name, k) => {
      const path = join(work, `topo-${name}`);
      writeFileSync(path, [input, output, answer][k]);
      return path;
    });
    return run({ cmd: checker.cmd, args: files });
  }

  it('accepts the reference answer on every test and another valid order on the sample', () => {
    for (const t of [...problem.samples, ...problem.tests]) expect(check(t.input, t.output, t.output).status).toBe(0);
    expect(check(problem.samples[0].input, '4 5 1 3 2\n', problem.samples[0].output).status).toBe(0);
    expect(check(problem.samples[0].input, '1 4 3 5 2', problem.samples[0].output).status).toBe(0);
  });

  it('answers WA for a broken order, a repeated or an unknown course', () => {
    const s = problem.samples[0];
    const wrongOrder = check(s.input, '1 2 3 4 5\n', s.output);
    expect(wrongOrder.status).toBe(1);
    expect(wrongOrder.stderr).toContain('要求课程 3 在课程 2 之前');
    expect(check(s.input, '1 3 3 4 5\n', s.output).status).toBe(1);
    expect(check(s.input, '1 3 2 4 6\n', s.output).status).toBe(1);
    // the single-chain test has exactly one answer: swapping any two neighbours breaks it
    const chain = problem.tests[7];
    const order = chain.output.trim().split(' ');
    [order[0], order[1]] = [order[1], order[0]];
    expect(check(chain.input, order.join(' '), chain.output).status).toBe(1);
  });

  it('answers PE for too few, too many or non-numeric tokens', () => {
    const s = problem.samples[0];
    expect(check(s.input, '1 3 2 4\n', s.output).status).toBe(2);
    expect(check(s.input, '1 3 2 4 5 6\n', s.output).status).toBe(2);
    expect(check(s.input, '1 3 2 four 5\n', s.output).status).toBe(2);
    expect(check(s.input, '', s.output).status).toBe(2);
  });
});

/**
 * The six languages of SPEC §3, run here with the host's toolchains; the other languages' templates
 * are judged in the sandbox by their language suites (packages/judge/src/languages).
 */
const SPEC_LANGUAGES = LANGUAGES.slice(0, 6);

describe('A+B in every language', () => {
  const aPlusB = loadDemoProblem('a-plus-b');

  function solves(language: Language, source: string, name: string) {
    return aPlusB.then((p) => {
      const program = prepareProgram(language, source, join(work, name));
      for (const [k, t] of [...p.samples, ...p.tests].entries()) expect(runOk(program, t.input), `${name} case ${k}`).toBe(t.output);
    });
  }

  it('ships a reference solution for all six languages', async () => {
    expect(Object.keys((await aPlusB).solutions).sort()).toEqual([...SPEC_LANGUAGES].sort());
  });

  it.each(SPEC_LANGUAGES.map((l) => [l]))('the %s reference solution is accepted', async (language) => {
    const source = (await aPlusB).solutions[language]!;
    await solves(language, source, `aplusb-solution-${LANGUAGES.indexOf(language)}`);
  });

  it.each(SPEC_LANGUAGES.map((l) => [l]))('the editor default %s template solves A+B unchanged', async (language) => {
    await solves(language, DEFAULT_CODE_TEMPLATES[language], `aplusb-template-${LANGUAGES.indexOf(language)}`);
  });

  it('keeps the Java class named Main', () => {
    expect(readFileSync(join(PROBLEMS_DIR, 'a-plus-b', 'solution.java'), 'utf8')).toContain('public class Main');
    expect(DEFAULT_CODE_TEMPLATES.Java).toContain('public class Main');
  });
});
