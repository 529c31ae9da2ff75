import { describe, expect, it } from 'vitest';
import { ProblemInput, type ProblemJudgingView } from '@oj/shared';
import { NEW_PROBLEM, problemFromForm } from './form';
import {
  formatTestRanges,
  judgingFormFrom,
  parsePointList,
  parseTestRanges,
  subtasksProblem,
  type SubtaskRow,
} from './judgingForm';

describe('problem editor form → contract', () => {
  it('a filled new problem is a valid ProblemInput, empty samples dropped', () => {
    const body = problemFromForm({
      ...NEW_PROBLEM,
      chinese_name: 'A+B',
      samples: [
        { input: '1 2', output: '3' },
        { input: '', output: '' },
      ],
    });
    const parsed = ProblemInput.parse(body);
    expect(parsed.samples).toEqual([{ input: '1 2', output: '3' }]);
    expect(parsed.checker).toEqual({ kind: 'default' });
  });

  it('maps each checker kind', () => {
    expect(problemFromForm({ ...NEW_PROBLEM, checker_kind: 'float', tolerance: 0.001 }).checker).toEqual({
      kind: 'float',
      tolerance: 0.001,
    });
    expect(
      problemFromForm({ ...NEW_PROBLEM, checker_kind: 'special', checker_source: 'int main(){}' }).checker,
    ).toEqual({
      kind: 'special',
      source: 'int main(){}',
    });
  });

  it('carries the stop-at-first-failure switch', () => {
    expect(
      ProblemInput.parse(problemFromForm({ ...NEW_PROBLEM, chinese_name: 'A+B' })).stop_at_first_failure,
    ).toBe(true);
    expect(problemFromForm({ ...NEW_PROBLEM, stop_at_first_failure: false }).stop_at_first_failure).toBe(
      false,
    );
  });

  it('carries what solvers see of each test, samples only by default', () => {
    expect(ProblemInput.parse(problemFromForm({ ...NEW_PROBLEM, chinese_name: 'A+B' })).test_visibility).toBe(
      'samples',
    );
    for (const v of ['all', 'verdict'] as const)
      expect(
        ProblemInput.parse(problemFromForm({ ...NEW_PROBLEM, chinese_name: 'A+B', test_visibility: v })),
      ).toMatchObject({ test_visibility: v });
  });

  it('carries letter case and the output limit (MiB in the form, bytes on the wire)', () => {
    const body = ProblemInput.parse(
      problemFromForm({ ...NEW_PROBLEM, chinese_name: 'A+B', case_insensitive: true, output_limit_mib: 2 }),
    );
    expect(body.checker).toEqual({ kind: 'default', case_insensitive: true });
    expect(body.output_limit).toBe(2 * 1024 * 1024);
    expect(ProblemInput.parse(problemFromForm({ ...NEW_PROBLEM, chinese_name: 'A+B' })).output_limit).toBe(
      64 * 1024 * 1024,
    );
    expect(
      problemFromForm({ ...NEW_PROBLEM, checker_kind: 'float', tolerance: 0.01, case_insensitive: true })
        .checker,
    ).toEqual({ kind: 'float', tolerance: 0.01, case_insensitive: true });
  });

  it("keeps a special checker's files (an imported package's testlib.h) through an edit", () => {
    const files = [{ name: 'testlib.h', content: '// the package header' }];
    expect(
      problemFromForm({
        ...NEW_PROBLEM,
        checker_kind: 'special',
        checker_source: 'int main(){}',
        checker_files: files,
      }).checker,
    ).toEqual({ kind: 'special', source: 'int main(){}', files });
    expect(
      problemFromForm({
        ...NEW_PROBLEM,
        checker_kind: 'special',
        checker_source: 'int main(){}',
        checker_protocol: 'kattis',
      }).checker,
    ).toEqual({ kind: 'special', source: 'int main(){}', protocol: 'kattis' });
  });
});

describe('judging (type, file I/O, interactor, grader, scoring) ↔ form', () => {
  it('reads test ranges and writes them back', () => {
    expect(parseTestRanges('1-5,8')).toEqual([1, 2, 3, 4, 5, 8]);
    expect(parseTestRanges(' 3， 1-2  2 ')).toEqual([1, 2, 3]);
    expect(parseTestRanges('')).toMatch(/请填写测试点编号/);
    expect(parseTestRanges('5-3')).toMatch(/起点大于终点/);
    expect(parseTestRanges('0')).toMatch(/从 1 开始/);
    expect(parseTestRanges('a')).toMatch(/无法识别「a」/);
    expect(formatTestRanges([8, 1, 2, 3, 4, 5, 10, 11])).toBe('1-5,8,10-11');
    expect(formatTestRanges([])).toBe('');
  });

  it('explains what is wrong with a subtasks table, in Chinese', () => {
    const row = (points: number, tests: string, dependencies = ''): SubtaskRow => ({
      points,
      tests,
      scoring: 'min',
      dependencies,
    });
    expect(subtasksProblem([])).toMatch(/至少需要一个子任务/);
    expect(subtasksProblem([row(40, '1-2'), row(60, '3-4', '1')], 100)).toBeNull();
    expect(subtasksProblem([row(40, '1-2'), row(50, '3-4')], 100)).toBe(
      '子任务分值之和（90）必须等于满分（100）',
    );
    expect(subtasksProblem([row(40, '1-2', '3'), row(60, '3')])).toMatch(/子任务 1 依赖的子任务 3/);
    expect(subtasksProblem([row(40, '1-2', '1')])).toMatch(/不存在或是它自己/);
    expect(subtasksProblem([row(40, 'x')])).toMatch(/^子任务 1：无法识别/);
    expect(parsePointList('10 20,30')).toEqual([10, 20, 30]);
    expect(parsePointList('10 -1')).toMatch(/不是非负的分值/);
  });

  it('a new problem is a traditional all-or-nothing one', () => {
    const body = ProblemInput.parse(problemFromForm({ ...NEW_PROBLEM, chinese_name: 'A+B' }));
    expect(body.judging).toEqual({
      type: 'batch',
      file_io: null,
      interactor: null,
      grader: null,
      scoring: null,
    });
  });

  it('maps subtasks and file I/O to the contract and back', () => {
    const body = ProblemInput.parse(
      problemFromForm({
        ...NEW_PROBLEM,
        chinese_name: 'A+B',
        file_io_enabled: true,
        file_io_input: 'sum.in',
        file_io_output: 'sum.out',
        scoring_mode: 'subtasks',
        subtasks: [
          { points: 30, tests: '1-2', scoring: 'min', dependencies: '' },
          { points: 70, tests: '3-5,8', scoring: 'sum', dependencies: '1' },
        ],
      }),
    );
    expect(body.judging).toEqual({
      type: 'batch',
      file_io: { input: 'sum.in', output: 'sum.out' },
      interactor: null,
      grader: null,
      scoring: {
        subtasks: [
          { points: 30, tests: [1, 2] },
          { points: 70, tests: [3, 4, 5, 8], scoring: 'sum', dependencies: [1] },
        ],
      },
    });
    const back = judgingFormFrom(body.judging as ProblemJudgingView);
    expect(back).toMatchObject({
      file_io_enabled: true,
      file_io_input: 'sum.in',
      scoring_mode: 'subtasks',
      subtasks: [
        { points: 30, tests: '1-2', scoring: 'min', dependencies: '' },
        { points: 70, tests: '3-5,8', scoring: 'sum', dependencies: '1' },
      ],
    });
  });

  it('maps points per test and an interactive problem with a grader', () => {
    const body = ProblemInput.parse(
      problemFromForm({
        ...NEW_PROBLEM,
        chinese_name: '猜数',
        judging_type: 'interactive',
        file_io_enabled: true,
        interactor_source: 'int main(){}',
        interactor_files: [{ name: 'testlib.h', content: '//' }],
        interactor_protocol: 'kattis',
        grader_enabled: true,
        grader_files: [{ name: 'guess.h', content: 'int guess(int);' }],
        grader_submission_name: 'guess.cpp',
        grader_includes_submission: true,
        scoring_mode: 'tests',
        full_score: 100,
        test_points: '40 60',
      }),
    );
    expect(body.judging).toEqual({
      type: 'interactive',
      file_io: null,
      interactor: {
        source: 'int main(){}',
        files: [{ name: 'testlib.h', content: '//' }],
        protocol: 'kattis',
      },
      grader: {
        files: [{ name: 'guess.h', content: 'int guess(int);' }],
        submission_name: 'guess.cpp',
        includes_submission: true,
      },
      scoring: { full_score: 100, test_points: [40, 60] },
    });
  });

  it('an edit keeps what the form does not know as loaded', () => {
    const loaded = {
      type: 'batch',
      file_io: null,
      interactor: null,
      grader: null,
      scoring: { full_score: 100, subtasks: [{ points: 100, tests: [1], future_flag: true }] },
      future_part: { x: 1 },
    } as unknown as ProblemJudgingView;
    const sent = problemFromForm({ ...NEW_PROBLEM, ...judgingFormFrom(loaded), full_score: 100 })
      .judging as Record<string, unknown>;
    expect(sent.future_part).toEqual({ x: 1 });
    expect(sent.scoring).toEqual({
      full_score: 100,
      subtasks: [{ points: 100, tests: [1], future_flag: true }],
    });
  });
});
