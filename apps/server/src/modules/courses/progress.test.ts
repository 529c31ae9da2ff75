import { describe, expect, it } from 'vitest';
import type { MyStatus } from '@oj/shared';
import { planProgress } from './progress';
import type { ProblemRef, SectionRow } from './repo';

const section = (idx: number, requires: number[] = []): SectionRow => ({
  plan_id: 1,
  idx,
  title: `S${idx}`,
  description: '',
  requires,
});
const problem = (section_idx: number, idx: number, kind: 'algorithm' | 'math408', problem_id: number) =>
  ({
    plan_id: 1,
    section_idx,
    idx,
    kind,
    problem_id,
    title: `${kind} ${problem_id}`,
  }) satisfies ProblemRef & {
    title: string;
  };

function run(statuses: Record<string, MyStatus>) {
  return planProgress({
    sections: [section(0), section(1, [0]), section(2), section(3, [1, 2])],
    lessons: [],
    problems: [
      problem(0, 0, 'algorithm', 1000),
      problem(0, 1, 'math408', 5),
      problem(1, 0, 'algorithm', 1001),
      problem(3, 0, 'math408', 6),
    ],
    statuses: new Map(Object.entries(statuses)),
    openLesson: () => true,
    previewId: null,
  });
}

describe('plan progress rules', () => {
  it('nothing solved: the first section is next, later ones wait for their prerequisites', () => {
    const p = run({});
    expect(p.sections.map((s) => [s.done, s.locked])).toEqual([
      [false, false],
      [false, true],
      [true, false], // no problems: done at once
      [false, true],
    ]);
    expect(p.next).toEqual({
      section_index: 0,
      kind: 'algorithm',
      problem_id: 1000,
      title: 'algorithm 1000',
    });
    expect([p.solved, p.total]).toEqual([0, 4]);
  });

  it('a tried problem is not solved; solving every problem of a section opens the next', () => {
    let p = run({ 'algorithm:1000': 'solved', 'math408:5': 'tried' });
    expect(p.sections[0].done).toBe(false);
    expect(p.next?.problem_id).toBe(5);
    p = run({ 'algorithm:1000': 'solved', 'math408:5': 'solved' });
    expect(p.sections.map((s) => s.locked)).toEqual([false, false, false, true]);
    expect(p.next).toMatchObject({ section_index: 1, problem_id: 1001 });
  });

  it('a section with several prerequisites opens only when all are done', () => {
    const p = run({ 'algorithm:1000': 'solved', 'math408:5': 'solved', 'algorithm:1001': 'solved' });
    expect(p.sections[3].locked).toBe(false);
    expect(p.next).toMatchObject({ section_index: 3, kind: 'math408', problem_id: 6 });
    const all = run({
      'algorithm:1000': 'solved',
      'math408:5': 'solved',
      'algorithm:1001': 'solved',
      'math408:6': 'solved',
    });
    expect(all.next).toBeNull();
    expect([all.solved, all.total]).toEqual([4, 4]);
  });

  it('a problem solved out of order counts, but the locked section stays locked', () => {
    const p = run({ 'math408:6': 'solved' });
    expect(p.sections[3]).toMatchObject({ solved: 1, done: true, locked: true });
    expect(p.next?.section_index).toBe(0);
  });
});
