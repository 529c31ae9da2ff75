import type { JurySolution, JuryTestResult, JuryValidator, Language, Verdict } from '@oj/shared';
import { parseJson } from '../problems';
import { expectedOf, runStateOf } from './summary';
import type { JurySolutionRow, JuryValidatorRow } from './tables';

/** A solution with its latest run as the 题目验证 page shows it (`key`: the problem's spec now). */
export function presentSolution(row: JurySolutionRow, key: string | null, limitMs: number): JurySolution {
  return {
    solution_id: row.id,
    problem_id: row.problem_id,
    name: row.name,
    language: row.language as Language,
    source: row.source,
    expected: expectedOf(row),
    origin: row.origin === 'import' ? 'import' : 'admin',
    run: {
      status: row.run_status as Verdict | null,
      state: runStateOf(row, key),
      time_ms: row.run_time_ms,
      memory_kib: row.run_memory_kib,
      compile_message: row.run_compile_message,
      message: row.run_message,
      tests: parseJson<JuryTestResult[]>(row.run_tests, []),
      judged_at: row.judged_at,
      limit_ms: limitMs,
    },
    create_time: row.create_time,
    update_time: row.update_time,
  };
}

export const presentValidator = (row: JuryValidatorRow): JuryValidator => ({
  language: 'C++',
  protocol: row.protocol === 'kattis' ? 'kattis' : 'testlib',
  source: row.source,
  files: parseJson<JuryValidator['files']>(row.files, []),
  update_time: row.update_time,
});
