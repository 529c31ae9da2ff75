import type { JudgeQueue } from '@oj/judge';
import type { JudgeProgress, JudgeRequest, JudgeResult, SubmittedAnswer } from '@oj/shared';
import { submissionChange } from '../../events';
import { ANONYMOUS } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import type { JudgeSpec, ProblemRow } from '../problems';
import { presentRecord, storedAnswers, storedOptions, storedTests } from './present';
import { shapeTests, type StoredTestResult, testRuleFor, unshaped } from './test-details';
import * as repo from './repo';
import { type Curtained, namesOf } from './deps';
import type { SubmissionRow } from './tables';

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

/** The judge version a new submission is stored with: it is queued at once (submit.ts). */
export const FIRST_JUDGE_VERSION = 1;

const refreshDepth = (d: Judging) =>
  void d.queue.depth().then(
    (n) => (d.state.stats.depth = n),
    () => {},
  );

/**
 * (Re)queues a stored submission with a new judge version; false when its problem is gone.
 * `problem`: the live problem when the caller has just read it (not read again).
 */
export async function enqueue(d: Judging, s: SubmissionRow, problem?: ProblemRow): Promise<boolean> {
  const p = problem ?? (await d.problems.row(s.problem_id));
  if (!p) return false;
  const spec = d.problems.judgeSpec(p);
  const version = s.judge_version + 1;
  const testsKey = d.problems.testsKey(p);
  await repo.markQueued(d.db, s.id, { version, testTotal: spec.tests.length, testsKey });
  await dispatch(d, { ...s, judge_version: version, status: 'PD' }, spec);
  return true;
}

/** Announces a queued run (`s` as stored: PD under its judge version) and hands it to the judge. */
export async function dispatch(d: Judging, s: SubmissionRow, spec: JudgeSpec): Promise<void> {
  d.bus.emit('submission.changed', { submission: submissionChange(s), record: null });
  d.state.queuedAt.set(s.id, Date.now());
  await submitJob(d, s, spec, jobId(s.id, s.judge_version));
}

/** Hands a stored submission to the judge under `job` (its id and version, or a trial's id). */
async function submitJob(d: Judging, s: SubmissionRow, spec: JudgeSpec, job: string): Promise<void> {
  // Answers have no language: the job's field is required, and ignored for output-only jobs.
  const language = (s.language || 'C++') as JudgeRequest['language'];
  await d.queue.submit({
    submissionId: job,
    language,
    options: storedOptions(s) ?? undefined,
    source: s.source_code,
    ...spec,
    // The administrator's factors of this language (modules/languages), as they are when it is queued.
    limits: await d.languages.limitsFor(language, spec.limits),
    ...(spec.type === 'output-only' ? { answers: jobAnswers(s, spec.tests.length) } : {}),
  });
  refreshDepth(d);
}

/**
 * A submission's answers as the job carries them (inline: they are bounded by INLINE_ANSWERS_MAX at
 * submit). A program rejudged after its problem became output-only has none: every test is WA.
 * Answers to tests that no longer exist are left out.
 */
function jobAnswers(s: SubmissionRow, testCount: number): SubmittedAnswer[] {
  return (storedAnswers(s) ?? [])
    .filter((a) => a.test <= testCount)
    .map((a) => ({ test: String(a.test), content: a.content }));
}

/**
 * The bank's public counters of a problem: every try counts as submitted, an accepted one as
 * accepted unless a frozen scoreboard hides its verdict (then it counts when the board is unfrozen).
 */
export async function refreshCounters(d: Curtained, problemId: number): Promise<void> {
  const all = await repo.verdictCounts(d.db, { problemId }, await d.curtainFor(null));
  await d.problems.setStats(problemId, all.total, all.accepted);
}

/** A freeze was set or lifted: the problems' public counters follow. */
export async function recountProblems(d: Curtained, problemIds: number[]): Promise<void> {
  for (const id of new Set(problemIds)) await refreshCounters(d, id);
}

/**
 * An OI contest ended (its verdicts were hidden from their authors too): every user's status of
 * every problem tried in it, and the problems' counters, follow the verdicts now shown.
 */
export async function recountContest(d: Curtained, contestId: number): Promise<void> {
  for (const { problem_id, user_id } of await repo.contestTriers(d.db, contestId))
    await refreshStats(d, problem_id, user_id);
}

/**
 * Bank counters and the user's status follow the stored verdicts (rejudges included): the problem's
 * counts and the user's come from one grouped statement.
 */
export async function refreshStats(d: Curtained, problemId: number, userId: number): Promise<void> {
  const c = await repo.problemCounts(d.db, problemId, userId, await d.curtainFor(null));
  await d.problems.setStats(problemId, c.total, c.accepted);
  await d.problems.setUserStatus(userId, problemId, c.mine ? c.mineAccepted > 0 : null);
}

function testView(t: JudgeResult['tests'][number], i: number): StoredTestResult {
  return {
    index: i + 1,
    status: t.status,
    time_used: Math.round(t.timeMs),
    memory_used: Math.round(t.memoryKiB),
    message: t.message,
    ...(t.score ? { score: { fraction: t.score.fraction, earned: t.score.earned ?? null } } : {}),
  };
}

/**
 * Stores a verdict. With the Redis queue every node hears every result: the one whose update
 * lands announces it (the bus carries it to the others), so each verdict is one event.
 */
async function onResult(d: Judging, r: JudgeResult): Promise<void> {
  const job = parseJobId(r.submissionId);
  if (!job) return;
  // The row as stored comes back with the update (nothing stored: not this node's to announce).
  const row = await repo.storeResult(d.db, job, r, r.tests.map(testView));
  refreshDepth(d);
  if (!row) return;
  await refreshStats(d, row.problem_id, row.user_id);
  const { stats, queuedAt } = d.state;
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
  const rule = await testRuleFor(d, ANONYMOUS, row).catch(
    (err) => (d.onError(err, 'showing a verdict'), null),
  );
  const tests = rule
    ? await shapeTests(storedTests(row), rule).catch((err) => (d.onError(err, 'showing a verdict'), []))
    : [];
  d.bus.emit('submission.changed', {
    submission: submissionChange(row),
    record: presentRecord(row, await namesOf(d, [row], rule), ANONYMOUS, tests),
  });
}

function onProgress(d: Judging, e: JudgeProgress): void {
  const job = parseJobId(e.submissionId);
  if (!job) return;
  const submission_id = job.id;
  if (e.kind === 'compiling') d.bus.emit('submission.progress', { kind: 'compiling', submission_id });
  else if (e.kind === 'running')
    d.bus.emit('submission.progress', { kind: 'running', submission_id, test: e.test, total: e.total });
  else
    d.bus.emit('submission.progress', {
      kind: 'test',
      submission_id,
      test: e.test,
      total: e.total,
      result: unshaped(testView(e.result, e.test - 1)),
    });
}

/** Hears the queue: results are stored (tracked until written), progress goes on the bus. */
export function listenToQueue(d: Judging): void {
  d.queue.onResult((r) => {
    const p = onResult(d, r)
      .catch((err) => d.onError(err, 'storing a judge result'))
      .finally(() => d.state.pending.delete(p));
    d.state.pending.add(p);
  });
  d.queue.onProgress((e) => onProgress(d, e));
}

/** Waits for results being written (server shutdown: before the database closes). */
export async function drain(d: Judging): Promise<void> {
  while (d.state.pending.size) await Promise.all([...d.state.pending]);
}

export async function rejudgeSubmission(d: Judging, id: number): Promise<number> {
  const s = await repo.submissionById(d.db, id);
  if (!s) throw notFound(`提交 ${id} 不存在`);
  const problem = await d.problems.row(s.problem_id);
  if (!problem) throw notFound(`提交 ${id} 的题目已删除，无法重新评测`);
  await enqueue(d, s, problem);
  await refreshStats(d, s.problem_id, s.user_id);
  return 1;
}

export async function rejudgeProblem(d: Judging, problemId: number): Promise<number> {
  const p = await d.problems.row(problemId);
  if (!p) throw notFound(`题目 ${problemId} 不存在`);
  d.problems.judgeSpec(p);
  const rows = await repo.ofProblem(d.db, problemId);
  for (const s of rows) await enqueue(d, s, p);
  for (const uid of new Set(rows.map((r) => r.user_id))) await refreshStats(d, problemId, uid);
  return rows.length;
}

/**
 * A trial run of a stored submission (a rejudge set, modules/rejudge): judged as a rejudge would be,
 * against its problem as it is now, under the caller's job id (never `<id>.<version>`, so the result
 * handler above leaves it to the caller); the stored row is not touched. Answers the test list's key
 * and size the run is judged against; throws (Chinese) when it cannot be judged.
 */
export async function queueTrial(
  d: Judging,
  id: number,
  job: string,
): Promise<{ testsKey: string; testTotal: number }> {
  const s = await repo.submissionById(d.db, id);
  if (!s) throw notFound(`提交 ${id} 不存在`);
  const p = await d.problems.row(s.problem_id);
  if (!p) throw notFound(`提交 ${id} 的题目已删除，无法重新评测`);
  const spec = d.problems.judgeSpec(p);
  await submitJob(d, s, spec, job);
  return { testsKey: d.problems.testsKey(p), testTotal: spec.tests.length };
}

/** The verdict a result is stored with (an AC short of the full score is WA: repo.ts). */
export const verdictOf = (r: JudgeResult): string => repo.solvedOnlyWhenFull(r);

/**
 * A result judged elsewhere (an applied rejudge set) stored as a rejudge's would be: under a new
 * judge version (a run of an older version still under way is then ignored), announced on the bus
 * (boards, streams), with the bank's counters and the user's status refreshed. False when the
 * submission is gone.
 */
export async function storeJudged(
  d: Judging,
  id: number,
  r: JudgeResult,
  run: { testsKey: string; testTotal: number },
): Promise<boolean> {
  const s = await repo.submissionById(d.db, id);
  if (!s) return false;
  const version = s.judge_version + 1;
  await repo.markQueued(d.db, id, { version, testTotal: run.testTotal, testsKey: run.testsKey });
  await onResult(d, { ...r, submissionId: jobId(id, version) });
  return true;
}

/** Start-up: submissions left PD by a crash (or a lost job) are judged again. */
export async function recover(d: Judging): Promise<number> {
  const rows = await repo.pending(d.db);
  let n = 0;
  for (const s of rows) {
    // Still queued or being judged somewhere (another node, a worker): left to finish; finished
    // while the node storing it died: its result stored now. Either way not judged twice.
    if ((await d.queue.resume(jobId(s.id, s.judge_version))) !== 'unknown') continue;
    try {
      if (await enqueue(d, s)) n++;
      else await repo.markFailed(d.db, s.id, '题目已删除，无法评测');
    } catch (err) {
      // Cannot be judged any more (e.g. its tests were removed): end it rather than leave it PD.
      d.onError(err, `re-queueing submission ${s.id}`);
      await repo.markFailed(d.db, s.id, `无法重新评测：${(err as Error).message}`);
    }
  }
  return n;
}
