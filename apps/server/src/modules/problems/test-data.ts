import {
  type CheckerSpec,
  type JudgeLimits,
  type JudgeMode,
  type JudgeTest,
  PROBLEM_LIMITS,
  TEST_PREVIEW_CHARS,
  type TestCaseSummary,
  type TestCaseView,
} from '@oj/shared';
import { badRequest, notFound, tooLarge } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { ProblemsDeps } from './deps';
import { checkerOf, type StoredTest, testsOf } from './present';
import { liveRow, updateProblem } from './repo';
import type { ProblemRow } from './tables';
import { writeTestZip, type TestPair } from './zip';
import { judgingJob, judgingOf, type JudgingJobFields, staleReferences } from './judging';

export interface JudgeSpec extends JudgingJobFields {
  limits: JudgeLimits;
  tests: JudgeTest[];
  checker: CheckerSpec;
  /** The problem's `stop_at_first_failure` (013_judge): stop at the first failed test, or run all. */
  mode: JudgeMode;
}

const mib = (n: number) => `${Math.round(n / 1024 / 1024)} MiB`;

/** Refuses a test set over the limits (count, size of a file, total size); answers the total. */
function checkSizes(pairs: TestPair[]): number {
  if (!pairs.length) throw badRequest('测试数据至少一组');
  if (pairs.length > PROBLEM_LIMITS.testCountMax)
    throw badRequest(`测试数据最多 ${PROBLEM_LIMITS.testCountMax} 组`);
  let total = 0;
  for (const [i, p] of pairs.entries()) {
    for (const [what, b] of [
      ['input', p.input],
      ['output', p.output],
    ] as const) {
      if (b.length > PROBLEM_LIMITS.testFileMaxBytes)
        throw tooLarge(`第 ${i + 1} 组的 ${what} 超过 ${mib(PROBLEM_LIMITS.testFileMaxBytes)}`);
      total += b.length;
    }
  }
  if (total > PROBLEM_LIMITS.testTotalMaxBytes)
    throw tooLarge(`测试数据总大小超过 ${mib(PROBLEM_LIMITS.testTotalMaxBytes)}`);
  return total;
}

/**
 * Checks a test set and stores its files by hash; the row that names them is written by the
 * caller. Each file is hashed and written off the event loop (an import's test sets may be
 * hundreds of MiB: issue 22).
 */
export async function storeTests(d: Pick<ProblemsDeps, 'storage'>, pairs: TestPair[]): Promise<StoredTest[]> {
  checkSizes(pairs);
  const stored: StoredTest[] = [];
  for (const t of pairs) {
    stored.push({
      input: await d.storage.putAsync(t.input),
      output: await d.storage.putAsync(t.output),
      input_size: t.input.length,
      output_size: t.output.length,
    });
  }
  return stored;
}

/** Replaces the test set of a problem; files are stored by hash (shared with any other problem). */
export async function setTests(
  d: ProblemsDeps,
  problemId: number,
  pairs: TestPair[],
): Promise<TestCaseSummary> {
  if (!(await liveRow(d.db, problemId))) throw notFound(`题目 ${problemId} 不存在`);
  const total = checkSizes(pairs);
  const tests: StoredTest[] = [];
  for (const t of pairs)
    tests.push({
      input: await d.storage.put(t.input),
      output: await d.storage.put(t.output),
      input_size: t.input.length,
      output_size: t.output.length,
    });
  await updateProblem(d.db, problemId, {
    tests: JSON.stringify(tests),
    test_case_num: tests.length,
    update_time: nowIso(),
  });
  // Stored all the same (the admin may be about to fix the scoring), but said loudly: submissions are
  // refused until they agree (judgeSpec).
  const row = await liveRow(d.db, problemId);
  const warnings = row ? staleReferences(judgingOf(row), tests.length) : [];
  return {
    problem_id: problemId,
    test_case_num: tests.length,
    total_size: total,
    ...(warnings.length ? { warnings } : {}),
  };
}

export async function storedPairs(d: ProblemsDeps, problemId: number): Promise<TestPair[]> {
  const r = await liveRow(d.db, problemId);
  if (!r) throw notFound(`题目 ${problemId} 不存在`);
  return Promise.all(
    testsOf(r).map(async (t) => ({
      input: await d.storage.read(t.input),
      output: await d.storage.read(t.output),
    })),
  );
}

const preview = (b: Buffer) => {
  const text = b.subarray(0, TEST_PREVIEW_CHARS * 4).toString('utf8');
  const cut = text.length > TEST_PREVIEW_CHARS || b.length > TEST_PREVIEW_CHARS * 4;
  return { text: cut ? text.slice(0, TEST_PREVIEW_CHARS) : text, cut };
};

export async function getTests(d: ProblemsDeps, problemId: number): Promise<TestCaseView[]> {
  const r = await liveRow(d.db, problemId);
  if (!r) throw notFound(`题目 ${problemId} 不存在`);
  return Promise.all(
    testsOf(r).map(async (t, i) => {
      const input = preview(await d.storage.read(t.input));
      const output = preview(await d.storage.read(t.output));
      return {
        index: i + 1,
        input: input.text,
        output: output.text,
        input_size: t.input_size,
        output_size: t.output_size,
        input_sha256: t.input,
        output_sha256: t.output,
        input_truncated: input.cut,
        output_truncated: output.cut,
      };
    }),
  );
}

export const zipTests = async (d: ProblemsDeps, problemId: number): Promise<Buffer> =>
  writeTestZip(await storedPairs(d, problemId));

/** What the judge needs of a problem. Refuses a problem without tests (nothing to judge against). */
export function judgeSpec(r: ProblemRow): JudgeSpec {
  const tests = testsOf(r);
  if (!tests.length) throw badRequest(`题目 ${r.id} 还没有测试数据，暂时不能提交`);
  const c = checkerOf(r);
  // Only a set flag travels: jobs of problems that never chose it stay as they were.
  const letters = c.kind !== 'special' && c.case_insensitive ? { caseInsensitive: true } : {};
  const checker: CheckerSpec =
    c.kind === 'float'
      ? { kind: 'float', absolute: c.tolerance, relative: c.tolerance, ...letters }
      : c.kind === 'special'
        ? {
            kind: 'special',
            language: 'C++',
            source: c.source,
            files: c.files,
            // Like the letters flag: only a Kattis validator says so, testlib jobs stay as they were.
            ...(c.protocol === 'kattis' ? { protocol: 'kattis' as const } : {}),
          }
        : { kind: 'default', ...letters };
  const { fields, points } = judgingJob(judgingOf(r), tests.length);
  return {
    limits: { timeMs: r.time_limit, memoryMiB: r.memory_limit, outputBytes: r.output_limit },
    tests: tests.map((t, i) => ({
      name: String(i + 1),
      inputHash: t.input,
      answerHash: t.output,
      ...(points[i] !== undefined ? { points: points[i] } : {}),
    })),
    checker,
    mode: r.stop_at_first_failure === 0 ? 'all' : 'first-failure',
    ...fields,
  };
}
