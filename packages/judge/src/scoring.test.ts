import { describe, expect, it } from 'vitest';
import type { JudgeJob, JudgeSubtask, JudgeTest, Verdict } from '@oj/shared';
import { canSkip, planScoring, scoredFields, scoreJob, withTestScore, type ScoredTest } from './scoring';

const hash = '0'.repeat(64);
const tests = (n: number, points?: (number | undefined)[]): JudgeTest[] =>
  Array.from({ length: n }, (_, i) => ({
    name: String(i + 1),
    inputHash: hash,
    answerHash: hash,
    ...(points?.[i] === undefined ? {} : { points: points[i] }),
  }));

type Job = Pick<JudgeJob, 'tests' | 'groups' | 'scoring' | 'mode'>;
const job = (over: Partial<Job> & Pick<Job, 'tests'>): Job => ({ mode: 'first-failure', ...over });

const ac: ScoredTest = { status: 'AC', fraction: 1 };
const wa: ScoredTest = { status: 'WA', fraction: 0 };
const tle: ScoredTest = { status: 'TLE', fraction: 0 };
const part = (fraction: number): ScoredTest => ({ status: 'WA', fraction });
const names = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));

const subtask = (id: string, points: number, testNames: string[], more: Partial<JudgeSubtask> = {}) => ({
  id,
  points,
  tests: testNames,
  ...more,
});

describe('which jobs are scored', () => {
  it('a job without scoring or groups is not (ICPC style)', () => {
    expect(planScoring(job({ tests: tests(3) }))).toBeNull();
  });
});

describe('legacy groups', () => {
  const groups = [
    { name: 'small', points: 40, tests: ['1', '2'] },
    { name: 'large', points: 60, tests: ['3', '4'] },
  ];

  it('score as before: points × the weakest test (AC 1, anything else 0), reported as groups', () => {
    const plan = planScoring(job({ tests: tests(4), groups }));
    if (!plan) throw new Error('expected a plan');
    const scored = scoreJob(plan, [ac, ac, ac, wa], names(4));
    expect(scoredFields(plan, scored)).toEqual({
      score: 40,
      groups: [
        { name: 'small', points: 40, score: 40 },
        { name: 'large', points: 60, score: 0 },
      ],
    });
  });

  it('tests that did not run (stopped at the first failure) and unknown names count as failed', () => {
    const plan = planScoring(
      job({ tests: tests(4), groups: [...groups, { name: 'ghost', points: 5, tests: ['9'] }] }),
    );
    if (!plan) throw new Error('expected a plan');
    expect(plan.skip).toBe(false);
    const scored = scoreJob(plan, [ac, wa, undefined, undefined], names(4));
    expect(scored.score).toBe(0);
  });

  it('keep their exact arithmetic and the old result shape (no per-test score)', () => {
    const plan = planScoring(
      job({ tests: tests(3), groups: [{ name: 'a', points: 100 / 3, tests: ['1', '2', '3'] }] }),
    );
    if (!plan) throw new Error('expected a plan');
    expect(scoreJob(plan, [ac, ac, ac], names(3)).score).toBe(100 / 3);
    const result = { name: '1', status: 'AC' as Verdict, timeMs: 1, memoryKiB: 1, message: '' };
    expect(withTestScore(plan, result, 1)).toEqual(result);
  });
});

describe('scored by tests', () => {
  it('tests without points share what is left of the full score (default 100)', () => {
    const plan = planScoring(job({ tests: tests(4, [40, undefined, undefined, undefined]), scoring: {} }));
    expect(plan?.testPoints).toEqual([40, 20, 20, 20]);
    expect(plan?.fullScore).toBe(100);
  });

  it('the full score is the sum of the points when every test has some', () => {
    expect(planScoring(job({ tests: tests(3, [1, 2, 3]), scoring: {} }))?.fullScore).toBe(6);
    expect(planScoring(job({ tests: tests(3), scoring: { fullScore: 30 } }))?.testPoints).toEqual([
      10, 10, 10,
    ]);
  });

  it('each test earns its points × its fraction; runs every test whatever the mode', () => {
    const plan = planScoring(job({ tests: tests(3), scoring: {}, mode: 'first-failure' }));
    if (!plan) throw new Error('expected a plan');
    expect(canSkip(plan, 2, [wa, wa])).toBe(false);
    const scored = scoreJob(plan, [ac, part(0.5), wa], names(3));
    expect(scored.earned).toEqual([100 / 3, 16.666667, 0]);
    expect(scored.score).toBe(50);
    expect(scoredFields(plan, scored)).toEqual({ score: 50, fullScore: 100 });
  });

  it('thirds add up to the whole', () => {
    const plan = planScoring(job({ tests: tests(3), scoring: {} }));
    if (!plan) throw new Error('expected a plan');
    expect(scoreJob(plan, [ac, ac, ac], names(3)).score).toBe(100);
  });
});

describe('subtasks', () => {
  const plan = (subtasks: ReturnType<typeof subtask>[], n: number, mode: Job['mode'] = 'first-failure') => {
    const p = planScoring(job({ tests: tests(n), scoring: { subtasks }, mode }));
    if (!p) throw new Error('expected a plan');
    return p;
  };

  it("'min' earns its points × its weakest test, 'sum' shares its points among its tests", () => {
    const p = plan([subtask('1', 30, ['1', '2']), subtask('2', 70, ['3', '4'], { scoring: 'sum' })], 4);
    expect(p.fullScore).toBe(100);
    const scored = scoreJob(p, [ac, part(0.5), ac, part(0.25)], names(4));
    expect(scored.subtasks?.map((s) => [s.id, s.score, s.status])).toEqual([
      ['1', 15, 'WA'],
      ['2', 43.75, 'WA'],
    ]);
    expect(scored.score).toBe(58.75);
  });

  it('a subtask whose dependency is not full earns 0 and names it, through chains', () => {
    const p = plan(
      [
        subtask('a', 20, ['1']),
        subtask('b', 30, ['2'], { dependencies: ['a'] }),
        subtask('c', 50, ['3'], { dependencies: ['b'] }),
      ],
      3,
      'all',
    );
    const scored = scoreJob(p, [wa, ac, ac], names(3));
    expect(scored.subtasks?.map((s) => [s.id, s.score, s.blockedBy ?? null, s.status])).toEqual([
      ['a', 0, null, 'WA'],
      ['b', 0, 'a', 'AC'],
      ['c', 0, 'b', 'AC'],
    ]);
    expect(scoreJob(p, [ac, ac, ac], names(3)).score).toBe(100);
  });

  it('a partial dependency is not full', () => {
    const p = plan(
      [subtask('a', 50, ['1'], { scoring: 'sum' }), subtask('b', 50, ['2'], { dependencies: ['a'] })],
      2,
    );
    expect(scoreJob(p, [part(0.9), ac], names(2)).subtasks?.map((s) => s.score)).toEqual([45, 0]);
  });

  it('a test in several subtasks counts in each', () => {
    const p = plan([subtask('1', 40, ['1']), subtask('2', 60, ['1', '2'])], 2);
    expect(scoreJob(p, [ac, ac], names(2)).score).toBe(100);
    expect(scoreJob(p, [wa, ac], names(2)).score).toBe(0);
  });

  it('reports skipped tests and subtasks of which nothing ran', () => {
    const p = plan([subtask('a', 50, ['1', '2']), subtask('b', 50, ['3', '4'], { dependencies: ['a'] })], 4);
    const scored = scoreJob(p, [tle, undefined, undefined, undefined], names(4));
    expect(scored.subtasks).toEqual([
      { id: 'a', points: 50, score: 0, status: 'TLE', skipped: false, skippedTests: ['2'] },
      { id: 'b', points: 50, score: 0, blockedBy: 'a', skipped: true, skippedTests: ['3', '4'] },
    ]);
  });
});

describe('what may be skipped', () => {
  const scored = (subtasks: ReturnType<typeof subtask>[], n: number, mode: Job['mode'] = 'first-failure') => {
    const p = planScoring(job({ tests: tests(n), scoring: { subtasks }, mode }));
    if (!p) throw new Error('expected a plan');
    return p;
  };

  it("the rest of a 'min' subtask after a failed test, not of a 'sum' one", () => {
    const p = scored(
      [subtask('m', 50, ['1', '2', '3']), subtask('s', 50, ['4', '5'], { scoring: 'sum' })],
      5,
    );
    expect(canSkip(p, 1, [ac])).toBe(false);
    expect(canSkip(p, 1, [wa])).toBe(true);
    expect(canSkip(p, 2, [part(0.5), undefined])).toBe(true);
    expect(canSkip(p, 4, [ac, ac, ac, wa])).toBe(false);
  });

  it('every test of a subtask whose dependency is known not to be full, through chains', () => {
    const p = scored(
      [
        subtask('a', 10, ['1']),
        subtask('b', 10, ['2'], { dependencies: ['a'], scoring: 'sum' }),
        subtask('c', 10, ['3'], { dependencies: ['b'] }),
      ],
      3,
    );
    expect(canSkip(p, 1, [wa])).toBe(true);
    expect(canSkip(p, 2, [wa, undefined])).toBe(true);
    expect(canSkip(p, 2, [ac, part(0.5)])).toBe(true);
    expect(canSkip(p, 2, [ac, ac])).toBe(false);
  });

  it('not a test another live subtask still needs, nor one in no subtask, nor anything in "all" mode', () => {
    const p = scored([subtask('a', 50, ['1', '2']), subtask('b', 50, ['2', '3'])], 4);
    expect(canSkip(p, 1, [wa])).toBe(false);
    expect(canSkip(p, 2, [wa, ac])).toBe(false);
    expect(canSkip(p, 3, [wa, wa, wa])).toBe(false);
    const all = scored([subtask('a', 100, ['1', '2'])], 2, 'all');
    expect(canSkip(all, 1, [wa])).toBe(false);
  });

  it('a test skipped on part of the earlier results is skipped on all of them (parallel = sequential)', () => {
    const p = scored(
      [
        subtask('a', 25, ['1', '2', '3']),
        subtask('b', 25, ['3', '4', '5'], { dependencies: ['a'] }),
        subtask('c', 25, ['5', '6'], { scoring: 'sum' }),
        subtask('d', 25, ['6', '7', '8'], { dependencies: ['c'] }),
      ],
      8,
    );
    const outcomes = [ac, wa, part(0.5)];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 2000; round++) {
      const index = 1 + Math.floor(random() * 7);
      const full = Array.from({ length: index }, () => outcomes[Math.floor(random() * 3)]);
      const partial = full.map((r) => (random() < 0.5 ? r : undefined));
      if (canSkip(p, index, partial)) expect(canSkip(p, index, full)).toBe(true);
    }
  });
});
