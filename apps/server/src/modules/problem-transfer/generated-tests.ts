import { IMPORT_LIMITS as L } from '@oj/shared';
import type { TransferDeps } from './deps';
import type { RawGeneratedTest, RawProblem } from './model';

/**
 * The tests a package describes by generator commands (RawProblem.generation, Polygon), made where
 * the sandbox is, after the parse and before the problem is stored: the generators and the main
 * solution run in the box like any submission (`generateTests` of @oj/judge). A test that cannot be
 * made is dropped, said with its number and why, and the tests after it move up (the scoring's test
 * numbers with them); the rest of the problem imports as it would.
 */

/** Wall time all of one problem's generation may take. */
export const GENERATION_BUDGET_MS = 5 * 60_000;
/** Failures said one by one; more are counted. */
const FAILURES_LISTED = 5;

/** The main solution's limits when it writes the answers: the problem's, doubled (within bounds). */
function solutionLimits(raw: RawProblem) {
  return {
    timeMs: Math.min(Math.max(2 * (raw.timeMs ?? 1000), 2000), 30_000),
    memoryMiB: Math.min(Math.max(2 * (raw.memoryMiB ?? 256), 256), 2048),
  };
}

export async function makeGeneratedTests(
  d: TransferDeps,
  raw: RawProblem,
  signal?: AbortSignal,
): Promise<void> {
  const g = raw.generation;
  if (!g) return;
  delete raw.generation;
  const failed = new Map<RawGeneratedTest, string>();
  let made = 0;
  let cutNote = '';
  const result = await d
    .generate(
      {
        generators: g.generators,
        solution: g.solution,
        commands: g.tests.map((t) => ({
          generator: t.generator,
          args: t.args,
          ...(t.fromFile ? { fromFile: t.fromFile } : {}),
        })),
        solutionLimits: solutionLimits(raw),
        testBytes: L.fileMaxBytes,
        totalBytes: L.totalMaxBytes,
        budgetMs: GENERATION_BUDGET_MS,
      },
      { signal },
    )
    // Not the package's fault (the work directory could not be written…): said, never a 500.
    .catch((err: unknown) => ({
      ok: false as const,
      message: `生成时出错：${String((err as Error)?.message ?? err).slice(0, 200)}`,
    }));
  if (!result.ok) {
    raw.warnings.push(
      `${g.tests.length} 个由生成器生成的测试点不在包中，导入时也未能生成（${result.message.slice(0, 200)}），已略过`,
    );
    dropTests(raw, new Set(g.tests.map((t) => t.at)));
    return;
  }
  g.tests.forEach((t, i) => {
    const test = result.tests[i];
    if (!test) return;
    if (!test.ok) return void failed.set(t, test.message);
    raw.tests[t.at - 1] = { input: test.input, output: test.output };
    made++;
  });
  const notRun = g.tests.slice(result.tests.length);
  if (notRun.length)
    cutNote = `；${result.cutReason ?? '生成中止'}，其余 ${notRun.length} 个测试点（${numbers(notRun)}）未生成`;
  if (made)
    raw.warnings.push(
      `${made} 个测试点由题目包的生成器在导入时生成，答案由标准程序「${g.solution.name.slice(0, 64)}」给出${cutNote}`,
    );
  else if (cutNote) raw.warnings.push(`由生成器生成的测试点没有生成${cutNote}`);
  const list = [...failed];
  for (const [t, message] of list.slice(0, FAILURES_LISTED))
    raw.warnings.push(`测试点 ${t.label}（${t.cmd.slice(0, 64)}）未能生成，已略过：${message.slice(0, 200)}`);
  if (list.length > FAILURES_LISTED) {
    const rest = list.slice(FAILURES_LISTED).map(([t]) => t);
    raw.warnings.push(`另有 ${rest.length} 个测试点（${numbers(rest)}）未能生成，已略过`);
  }
  dropTests(raw, new Set([...failed.keys(), ...notRun].map((t) => t.at)));
}

const numbers = (tests: RawGeneratedTest[]) =>
  `${tests
    .slice(0, 10)
    .map((t) => t.label)
    .join('、')}${tests.length > 10 ? ' …' : ''}`;

/**
 * Takes tests out (numbers from 1) and numbers the rest from 1 again, in the scoring too: points
 * per test follow their tests; a subtask keeps its points over the tests it has left. A subtask
 * left with none drops the scoring (said), as when the package's own tests are missing.
 */
export function dropTests(raw: RawProblem, gone: Set<number>): void {
  if (!gone.size) return;
  const renumbered = new Map<number, number>();
  raw.tests.forEach((_, i) => {
    if (!gone.has(i + 1)) renumbered.set(i + 1, renumbered.size + 1);
  });
  raw.tests = raw.tests.filter((_, i) => !gone.has(i + 1));
  const scoring = raw.judging?.scoring;
  if (!raw.judging || !scoring) return;
  if (scoring.test_points) {
    const before = scoring.test_points.reduce((n, p) => n + p, 0);
    scoring.test_points = scoring.test_points.filter((_, i) => !gone.has(i + 1));
    // A full score that was the tests' sum stays their sum.
    if (scoring.full_score === before) scoring.full_score = scoring.test_points.reduce((n, p) => n + p, 0);
  }
  if (!scoring.subtasks) return;
  const subtasks = scoring.subtasks.map((st) => ({
    ...st,
    tests: st.tests.flatMap((t) => (renumbered.has(t) ? [renumbered.get(t)!] : [])),
  }));
  const empty = subtasks.flatMap((st, i) => (st.tests.length ? [] : [i + 1]));
  if (empty.length) {
    raw.warnings.push(
      `子任务 ${empty.join('、')} 的测试点都未能生成，分值与子任务未导入（按全部测试点评测）`,
    );
    raw.judging = { ...raw.judging, scoring: null };
    return;
  }
  raw.judging = { ...raw.judging, scoring: { ...scoring, subtasks } };
}
