import type { CheckerInput } from '@oj/shared';
import { type DemoProblem, demoCheckerSpec, demoProblemIds, loadDemoProblems } from '@oj/seed-data';
import type { ProblemsService } from './service';

/**
 * First-start demo bank (SPEC: a fresh install shows a working bank): the ten problems of
 * packages/seed-data with their statements, samples, tests and checkers. Idempotent: a problem id
 * that exists (even deleted by an admin) is left alone.
 */
// Read once per process: the test suites start many servers, each seeding a fresh database. A
// restart that finds them all reads (and holds) none of it: ~1.2 MB of tests (issue 28).
let demo: Promise<DemoProblem[]> | null = null;

export async function seedDemoProblems(problems: ProblemsService): Promise<number> {
  let added = 0;
  const present = await Promise.all(demoProblemIds().map((id) => problems.exists(id)));
  if (present.every(Boolean)) return 0;
  demo ??= loadDemoProblems();
  for (const p of await demo) {
    if (await problems.exists(p.problem_id)) continue;
    const spec = demoCheckerSpec(p);
    const checker: CheckerInput =
      spec.kind === 'float'
        ? { kind: 'float', tolerance: spec.absolute ?? spec.relative ?? 1e-6 }
        : spec.kind === 'special'
          ? { kind: 'special', source: spec.source, files: spec.files }
          : { kind: 'default' };
    await problems.add({
      problem_id: p.problem_id,
      chinese_name: p.chinese_name,
      english_name: p.english_name,
      description: p.statement,
      difficulty: p.difficulty,
      tags_list: p.tags_list,
      source_name: p.source_name,
      time_limit: p.time_limit,
      memory_limit: p.memory_limit,
      samples: p.samples,
      checker,
      visible: true,
    });
    await problems.setTests(
      p.problem_id,
      p.tests.map((t) => ({ input: Buffer.from(t.input), output: Buffer.from(t.output) })),
    );
    added++;
  }
  return added;
}
