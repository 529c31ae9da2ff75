import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckerSpec, JudgeProgress, JudgeSubtask } from '@oj/shared';
import { judgeFixture, sandboxReady, type FixtureTest } from '../test/fixture';

const ready = await sandboxReady();

const checkerFile = (name: string) =>
  readFileSync(join(import.meta.dirname, '..', 'test', 'problems', 'checkers', name), 'utf8');

// The program prints its input minus the first two characters: each test chooses its output.
const echo =
  '#include <cstdio>\nint main() { char s[256]; while (fgets(s, sizeof s, stdin)) fputs(s + 2, stdout); }\n';
const printing = (outputs: string[], answers?: string[]): FixtureTest[] =>
  outputs.map((out, i) => ({ name: String(i + 1), input: `> ${out}`, answer: answers?.[i] ?? '1\n' }));

describe.skipIf(!ready.ok)('subtasks with dependencies', () => {
  const subtasks: JudgeSubtask[] = [
    { id: 'A', points: 20, tests: ['1', '2', '3'] },
    { id: 'B', points: 30, tests: ['4', '5'], dependencies: ['A'] },
    { id: 'C', points: 50, tests: ['5', '6'], scoring: 'sum' },
  ];
  // Test 2 is wrong: A fails at it.
  const tests = printing(['1\n', '2\n', '1\n', '1\n', '1\n', '1\n']);

  it("skips the rest of a failed 'min' subtask and a subtask whose dependency failed, not tests still needed", async () => {
    const events: JudgeProgress[] = [];
    const r = await judgeFixture({
      language: 'C++',
      source: echo,
      tests,
      mode: 'first-failure',
      extra: { scoring: { subtasks } },
      onProgress: (e) => events.push(e),
    });
    expect(r.tests.map((t) => [t.name, t.status])).toEqual([
      ['1', 'AC'],
      ['2', 'WA'],
      ['5', 'AC'],
      ['6', 'AC'],
    ]);
    expect(r.tests.map((t) => t.score?.fraction)).toEqual([1, 0, 1, 1]);
    expect(r.subtasks).toEqual([
      { id: 'A', points: 20, score: 0, status: 'WA', skipped: false, skippedTests: ['3'] },
      { id: 'B', points: 30, score: 0, status: 'AC', blockedBy: 'A', skipped: false, skippedTests: ['4'] },
      { id: 'C', points: 50, score: 50, status: 'AC', skipped: false, skippedTests: [] },
    ]);
    expect(r).toMatchObject({ status: 'WA', score: 50, fullScore: 100 });
    // Progress in order, naming only the tests that run; nothing for the skipped ones.
    expect(
      events.map((e) =>
        e.kind === 'compiling' ? 'c' : e.kind === 'running' ? `r${e.name}` : `t${e.result.name}`,
      ),
    ).toEqual(['c', 'r1', 't1', 'r2', 't2', 'r5', 't5', 'r6', 't6']);
    const last = events.at(-1);
    expect(last?.kind === 'test' && last.result.score).toEqual({ fraction: 1 });
  }, 60_000);

  it("runs every test in 'all' mode; a subtask whose dependency failed still earns nothing", async () => {
    const r = await judgeFixture({
      language: 'C++',
      source: echo,
      tests,
      mode: 'all',
      extra: { scoring: { subtasks } },
    });
    expect(r.tests).toHaveLength(6);
    expect(r.subtasks?.map((s) => [s.id, s.score, s.blockedBy ?? null, s.skippedTests])).toEqual([
      ['A', 0, null, []],
      ['B', 0, 'A', []],
      ['C', 50, null, []],
    ]);
    const full = await judgeFixture({
      language: 'C++',
      source: echo,
      tests: printing(['1\n', '1\n', '1\n', '1\n', '1\n', '1\n']),
      extra: { scoring: { subtasks } },
    });
    expect(full).toMatchObject({ status: 'AC', score: 100, fullScore: 100 });
  }, 60_000);
});

describe.skipIf(!ready.ok)('partial scores from checkers', () => {
  it('testlib\'s quitp (exit 7, "points X"): each test earns its points × X', async () => {
    const checker: CheckerSpec = { kind: 'special', language: 'C++', source: checkerFile('points.cpp') };
    const answers = ['1 2 3 4\n', '1 2\n', '5\n'];
    const r = await judgeFixture({
      language: 'C++',
      source: echo,
      tests: printing(['1 2 3 4\n', '1 0\n', '0\n'], answers).map((t, i) => ({
        ...t,
        points: [20, 30, 50][i],
      })),
      checker,
      mode: 'first-failure',
      extra: { scoring: {} },
    });
    expect(r.tests.map((t) => [t.status, t.score, t.message])).toEqual([
      ['AC', { fraction: 1, earned: 20 }, 'ok all 4 right'],
      ['WA', { fraction: 0.5, earned: 15 }, 'points 0.5 1 of 2 right'],
      ['WA', { fraction: 0, earned: 0 }, 'wrong answer none right'],
    ]);
    expect(r).toMatchObject({ score: 35, fullScore: 100 });
  }, 60_000);

  it('quitp of the testlib.h we ship gives the same partial score', async () => {
    const r = await judgeFixture({
      language: 'C++',
      source: echo,
      tests: printing(['1 2 0 4\n'], ['1 2 3 4\n']),
      checker: { kind: 'special', language: 'C++', source: checkerFile('testlib-points.cpp') },
      extra: { scoring: { fullScore: 40 } },
    });
    expect(r.tests[0]).toMatchObject({ status: 'WA', score: { fraction: 0.75, earned: 30 } });
    expect(r.tests[0].message).toMatch(/^points 0\.75 3 of 4 right/);
    expect(r).toMatchObject({ score: 30, fullScore: 40 });
  }, 60_000);

  it('a Kattis output validator: 42 / 43, its judge message, score.txt for a partial answer', async () => {
    const validator = checkerFile('kattis.cpp');
    const tests = printing(['7 8\n', '7 0\n'], ['7 8\n', '7 8\n']);
    const exact = await judgeFixture({
      language: 'C++',
      source: echo,
      tests,
      checker: { kind: 'special', language: 'C++', source: validator, protocol: 'kattis' },
    });
    expect(exact.tests.map((t) => [t.status, t.message])).toEqual([
      ['AC', '2 of 2 right'],
      ['WA', '1 of 2 right'],
    ]);
    const partial = await judgeFixture({
      language: 'C++',
      source: echo,
      tests,
      checker: {
        kind: 'special',
        language: 'C++',
        source: validator,
        protocol: 'kattis',
        flags: ['partial'],
      },
      extra: { scoring: { subtasks: [{ id: 'all', points: 10, tests: ['1', '2'], scoring: 'sum' }] } },
    });
    expect(partial.tests.map((t) => [t.status, t.score?.fraction])).toEqual([
      ['AC', 1],
      ['WA', 0.5],
    ]);
    expect(partial.score).toBe(7.5);
  }, 60_000);
});
