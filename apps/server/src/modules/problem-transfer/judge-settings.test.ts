import { describe, expect, it } from 'vitest';
import { parsePackage } from './detect';
import type { ExportedProblem } from './exported';
import { buildHydro } from './hydro';
import { rawProblem, toProblemInput } from './model';
import { zipOf } from './test-fixtures';

const MiB = 1024 * 1024;

const problem = (over: Partial<ExportedProblem>): ExportedProblem => ({
  problem_id: 77,
  chinese_name: '大小写',
  english_name: '',
  description: '输出 yes 或 no',
  samples: [],
  time_limit: 1000,
  memory_limit: 256,
  output_limit: 64 * MiB,
  tag_names: [],
  source_name: 'original',
  difficulty: 0,
  stop_at_first_failure: true,
  checker: { kind: 'default' },
  tests: [{ input: Buffer.from('1\n'), output: Buffer.from('yes\n') }],
  images: [],
  ...over,
});

const roundTrip = async (p: ExportedProblem) => {
  const { files } = buildHydro([p]);
  const { problems } = await parsePackage(await zipOf(files.map((f) => [f.name, f.bytes])));
  return toProblemInput(problems[0]).input!;
};

/** Issue 24: the output limit and letter case travel with our HydroOJ export (under `x-oj`). */
describe('judge settings through the HydroOJ export', () => {
  it('carries the output limit and case-insensitive comparison', async () => {
    const back = await roundTrip(problem({ output_limit: 8 * MiB, checker: { kind: 'default', case_insensitive: true } }));
    expect([back.output_limit, back.checker]).toEqual([8 * MiB, { kind: 'default', case_insensitive: true }]);
  });

  it('carries case-insensitive float comparison with its tolerance', async () => {
    const back = await roundTrip(problem({ checker: { kind: 'float', tolerance: 1e-4, case_insensitive: true } }));
    expect(back.checker).toEqual({ kind: 'float', tolerance: 1e-4, case_insensitive: true });
  });

  it('leaves a case-sensitive comparison as it was', async () => {
    const back = await roundTrip(problem({}));
    expect([back.output_limit, back.checker]).toEqual([64 * MiB, { kind: 'default' }]);
  });
});

describe('an imported output limit', () => {
  it('is kept within ours, with a warning when changed', () => {
    const raw = (outputBytes?: number) => Object.assign(rawProblem('P'), { title: 'P', description: 'x', outputBytes });
    expect(toProblemInput(raw(16 * MiB)).input!.output_limit).toBe(16 * MiB);
    expect(toProblemInput(raw()).input!.output_limit).toBeUndefined();
    const big = raw(1024 * MiB);
    expect(toProblemInput(big).input!.output_limit).toBe(128 * MiB);
    expect(big.warnings).toContain('输出限制 1024 MiB 超出本站范围，已改为 128 MiB');
    const small = raw(1000);
    expect(toProblemInput(small).input!.output_limit).toBe(MiB);
    expect(small.warnings).toContain('输出限制 1000 字节 超出本站范围，已改为 1 MiB');
  });
});
