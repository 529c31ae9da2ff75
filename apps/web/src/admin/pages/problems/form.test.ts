import { describe, expect, it } from 'vitest';
import { ProblemInput } from '@oj/shared';
import { NEW_PROBLEM, problemFromForm } from './form';

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
});
