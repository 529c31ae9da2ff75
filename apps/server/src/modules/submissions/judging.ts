import type { JudgeQueue } from '@oj/judge';
import type { JudgeProgress, JudgeRequest, JudgeResult } from '@oj/shared';
import type { SubmissionRow } from '../../db/types';
import { submissionChange } from '../../events';
import { ANONYMOUS } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { presentRecord, storedTests } from './present';
import { shapeTests, type StoredTestResult, testRuleFor, unshaped } from './test-details';
import { markFailed, markQueued, storeResult, submissionById, verdictCounts } from './repo';
import { type Curtained, namesOf } from './deps';

/** Judge jobs carry `<submission id>.<judge version>`: a result of an older (re)judge is ignored. */
const jobId = (id: number, version: number) => `${id}.${version}`;
const parseJobId = (s: string) => {
  const m = /^(\d+)\.(\d+)$/.exec(s);
  return m ? { id: Number(m[1]), version: Number(m[2]) } : null;
};

export interface JudgeStats {
  judged: number;
  lastLatencyMs: number;
  /** Exponentially weighted mean of submit-to-verdict, ms. */
  meanLatencyMs: number;
  depth: number;
}

/** What this node keeps about judging: latency figures and the results being stored. */
export interface JudgeState {
  stats: JudgeStats;
  queuedAt: Map<number, number>;
  pending: Set<Promise<void>>;
}

export const newJudgeState = (): JudgeState => ({
  stats: { judged: 0, lastLatencyMs: 0, meanLatencyMs: 0, depth: 0 },
  queuedAt: new Map(),
  pending: new Set(),
});

type Judging = Curtained & { queue: JudgeQueue; state: JudgeState };

const refreshDepth = (j: Judging) =>
  void j.queue.depth().then(
    (d) => (j.state.stats.depth = d),
    () => {},
  );

/** (Re)queues a stored submission with a new judge version; false when its problem is gone. */
export async function enqueue(j: Judging, s: SubmissionRow): Promise<boolean> {
  const problem = await j.problems.row(s.problem_id);
  if (!problem) return false;
  const spec = j.problems.judgeSpec(problem);
  const version = s.judge_version + 1;
  await markQueued(j.db, s.id, {
    version,
    testTotal: spec.tests.length,
    testsKey: j.problems.testsKey(problem),
  });
  j.bus.emit('submission.changed', {
    submission: submissionChange({ ...s, judge_version: version, status: 'PD' }),
    record: null,
  });
  j.state.queuedAt.set(s.id, Date.now());
  await j.queue.submit({
    submissionId: jobId(s.id, version),
    language: s.language as JudgeRequest['language'],
    source: s.source_code,
    ...spec,
  });
  refreshDepth(j);
  return true;
}

/**
 * The bank's public counters of a problem: every try counts as submitted, an accepted one as
 * accepted unless a frozen scoreboard hides its verdict (then it counts when the board is unfrozen).
 */
export async function refreshCounters(j: Curtained, problemId: number): Promise<void> {
  const all = await verdictCounts(j.db, { problemId }, await j.curtainFor(null));
  await j.problems.setStats(problemId, all.total, all.accepted);
}

/** Bank counters and the user's status follow the stored verdicts (rejudges included). */
export async function refreshStats(j: Curtained, problemId: number, userId: number): Promise<void> {
  await refreshCounters(j, problemId);
  const mine = await verdictCounts(j.db, { problemId, userId });
  await j.problems.setUserStatus(userId, problemId, mine.total ? mine.accepted > 0 : null);
}

function testView(t: JudgeResult['tests'][number], i: number): StoredTestResult {
  return {
    index: i + 1,
    status: t.status,
    time_used: Math.round(t.timeMs),
    memory_used: Math.round(t.memoryKiB),
    message: t.message,
  };
}

/**
 * Stores a verdict. With the Redis queue every node hears every result: the one whose update
 * lands announces it (the bus carries it to the others), so each verdict is one event.
 */
async function onResult(j: Judging, r: JudgeResult): Promise<void> {
  const job = parseJobId(r.submissionId);
  if (!job) return;
  const stored = await storeResult(j.db, job, r, r.tests.map(testView));
  refreshDepth(j);
  if (!stored) return;
  const row = await submissionById(j.db, job.id);
  if (!row) return;
  await refreshStats(j, row.problem_id, row.user_id);
  const { stats, queuedAt } = j.state;
  const t0 = queuedAt.get(job.id);
  queuedAt.delete(job.id);
  if (t0) {
    stats.lastLatencyMs = Date.now() - t0;
    stats.meanLatencyMs = stats.judged
      ? 0.9 * stats.meanLatencyMs + 0.1 * stats.lastLatencyMs
      : stats.lastLatencyMs;
  }
  stats.judged++;
  // The verdict as anyone may see it (the streams send it to viewers who may not see more).
  // A test file that cannot be read must not hold back the verdict: then no test is shown at all.
  const tests = await testRuleFor(j, ANONYMOUS, row)
    .then((rule) => shapeTests(storedTests(row), rule))
    .catch((err) => (j.onError(err, 'showing a verdict'), []));
  j.bus.emit('submission.changed', {
    submission: submissionChange(row),
    record: presentRecord(row, await namesOf(j, [row]), ANONYMOUS, tests),
  });
}

function onProgress(j: Judging, e: JudgeProgress): void {
  const job = parseJobId(e.submissionId);
  if (!job) return;
  const submission_id = job.id;
  if (e.kind === 'compiling') j.bus.emit('submission.progress', { kind: 'compiling', submission_id });
  else if (e.kind === 'running')
    j.bus.emit('submission.progress', { kind: 'running', submission_id, test: e.test, total: e.total });
  else
    j.bus.emit('submission.progress', {
      kind: 'test',
      submission_id,
      test: e.test,
      total: e.total,
      result: unshaped(testView(e.result, e.test - 1)),
    });
}

/** Hears the queue: results are stored (tracked until written), progress goes on the bus. */
export function listenToQueue(j: Judging): void {
  j.queue.onResult((r) => {
    const p = onResult(j, r)
      .catch((err) => j.onError(err, 'storing a judge result'))
      .finally(() => j.state.pending.delete(p));
    j.state.pending.add(p);
  });
  j.queue.onProgress((e) => onProgress(j, e));
}

/** Waits for results being written (server shutdown: before the database closes). */
export async function drain(j: Judging): Promise<void> {
  while (j.state.pending.size) await Promise.all([...j.state.pending]);
}

export async function rejudgeSubmission(j: Judging, id: number): Promise<number> {
  const s = await submissionById(j.db, id);
  if (!s) throw notFound(`提交 ${id} 不存在`);
  if (!(await j.problems.row(s.problem_id))) throw notFound(`提交 ${id} 的题目已删除，无法重新评测`);
  await enqueue(j, s);
  await refreshStats(j, s.problem_id, s.user_id);
  return 1;
}

export async function rejudgeProblem(j: Judging, problemId: number): Promise<number> {
  const p = await j.problems.row(problemId);
  if (!p) throw notFound(`题目 ${problemId} 不存在`);
  j.problems.judgeSpec(p);
  const rows = await j.db
    .selectFrom('submissions')
    .selectAll()
    .where('problem_id', '=', problemId)
    .orderBy('id')
    .execute();
  for (const s of rows) await enqueue(j, s);
  for (const uid of new Set(rows.map((r) => r.user_id))) await refreshStats(j, problemId, uid);
  return rows.length;
}

/** Start-up: submissions left PD by a crash (or a lost job) are judged again. */
export async function recover(j: Judging): Promise<number> {
  const rows = await j.db
    .selectFrom('submissions')
    .selectAll()
    .where('status', '=', 'PD')
    .orderBy('id')
    .execute();
  let n = 0;
  for (const s of rows) {
    try {
      if (await enqueue(j, s)) n++;
      else await markFailed(j.db, s.id, '题目已删除，无法评测');
    } catch (err) {
      // Cannot be judged any more (e.g. its tests were removed): end it rather than leave it PD.
      j.onError(err, `re-queueing submission ${s.id}`);
      await markFailed(j.db, s.id, `无法重新评测：${(err as Error).message}`);
    }
  }
  return n;
}
