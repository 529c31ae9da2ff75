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
      problemFromForm({ ...NEW_PROBLEM, checker_kind: 'float', tolerance: 0.01, case_insensitive: true }).checker,
    ).toEqual({ kind: 'float', tolerance: 0.01, case_insensitive: true });
  });

  it("keeps a special checker's files (an imported package's testlib.h) through an edit", () => {
    const files = [{ name: 'testlib.h', content: '// the package header' }];
    expect(
      problemFromForm({ ...NEW_PROBLEM, checker_kind: 'special', checker_source: 'int main(){}', checker_files: files })
        .checker,
    ).toEqual({ kind: 'special', source: 'int main(){}', files });
  });
});
