import { createHash } from 'node:crypto';
import { languageSpec } from '@oj/judge';
import type { JudgeResult, Language } from '@oj/shared';
import { notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { JudgeSpec } from '../problems';
import type { Jury, JuryDeps } from './deps';
import * as repo from './repo';
import type { LimitOf } from './summary';
import type { JurySolutionRow } from './tables';

/**
 * Jury runs travel on the submissions' judge queue (in-process or BullMQ, local or remote workers) as
 * jobs `jury-<solution id>.<run version>`. The submissions' result handler takes only
 * `<submission id>.<version>`, so a jury run never becomes a submission, a record, a count, a
 * ranking or a stream event; this module hears the same queue and keeps the results it recognises.
 */
const JOB = /^jury-(\d+)\.(\d+)$/;
export const juryJobId = (id: number, version: number) => `jury-${id}.${version}`;
export function parseJuryJob(jobId: string): { id: number; version: number } | null {
  const m = JOB.exec(jobId);
  return m ? { id: Number(m[1]), version: Number(m[2]) } : null;
}

/**
 * What a run is judged against, hashed: a run under another key is stale (tests, checker, limits,
 * or the problem's type, interactor, grader, file I/O or scoring changed). The mode is the jury's own.
 */
export const specKeyOf = ({ mode: _mode, ...spec }: JudgeSpec): string =>
  createHash('sha256').update(JSON.stringify(spec)).digest('hex');

/** The problem's judge spec, or why its solutions cannot be judged (no tests yet). */
export async function currentSpec(
  d: Pick<JuryDeps, 'problems'>,
  problemId: number,
): Promise<{ spec: JudgeSpec; key: string } | { why: string }> {
  const problem = await d.problems.row(problemId);
  if (!problem) throw notFound(`题目 ${problemId} 不存在`);
  try {
    const spec = d.problems.judgeSpec(problem);
    return { spec, key: specKeyOf(spec) };
  } catch (err) {
    return { why: (err as Error).message };
  }
}

/**
 * Queues a run of each of `rows` (solutions of one problem) against the problem as it is now; a
 * problem without tests ends them at once with the reason. Every run is judged to the first failed
 * test: its verdict is the one a submission would get, its time the slowest test it ran.
 */
export async function queueRuns(d: JuryDeps, problemId: number, rows: JurySolutionRow[]): Promise<number> {
  if (!rows.length) return 0;
  const current = await currentSpec(d, problemId);
  if ('why' in current) {
    for (const row of rows) await repo.markUnrunnable(d.db, row.id, current.why, nowIso());
    return 0;
  }
  const { spec, key } = current;
  if (spec.type === 'output-only') {
    for (const row of rows)
      await repo.markUnrunnable(d.db, row.id, '提交答案题没有程序可运行：解法无法评测', nowIso());
    return 0;
  }
  let queued = 0;
  for (const row of rows) {
    const version = await repo.markQueued(d.db, row.id, key);
    if (version === null) continue; // deleted meanwhile
    await d.queue.submit({
      submissionId: juryJobId(row.id, version),
      language: row.language as Language,
      source: row.source,
      // The whole problem as a submission sees it (an interactor, a grader, file I/O, scoring).
      ...spec,
      // Judged as a submission in its language would be: with the administrator's factors.
      limits: await d.languages.limitsFor(row.language as Language, spec.limits),
      mode: 'first-failure',
    });
    queued++;
  }
  return queued;
}

/**
 * Each solution's time limit as its run is judged, ms: the problem's × the administrator's factor of
 * its language (modules/languages) × the judge's own factor; the problem's own for a language the
 * judge does not know (its run then says why).
 */
export async function timeLimitsOf(
  d: Pick<JuryDeps, 'languages'>,
  rows: Pick<JurySolutionRow, 'language'>[],
  timeMs: number,
): Promise<LimitOf> {
  const byLanguage = new Map<string, number>();
  for (const language of new Set(rows.map((r) => r.language))) {
    const scaled = await d.languages.limitsFor(language as Language, { timeMs, memoryMiB: 1 });
    const judge =
      (languageSpec(language as Language) as { timeFactor?: number } | undefined)?.timeFactor ?? 1;
    byLanguage.set(language, Math.round(scaled.timeMs * judge));
  }
  return (row) => byLanguage.get(row.language) ?? timeMs;
}

/** Every solution of a problem, again (on demand). */
export async function runAll(d: JuryDeps, problemId: number): Promise<number> {
  return queueRuns(d, problemId, await repo.solutionsOf(d.db, problemId));
}

export async function runOne(d: JuryDeps, solutionId: number): Promise<number> {
  const row = await repo.solutionById(d.db, solutionId);
  if (!row) throw notFound(`解法 ${solutionId} 不存在`);
  return queueRuns(d, row.problem_id, [row]);
}

/**
 * The problem's tests, checker or limits may have changed (a test upload, a save in the editor):
 * the solutions whose run is of another spec, or that never ran, are judged again. Never throws: a
 * failure here must not undo the change that called it (it is reported, and the page shows the
 * runs as stale).
 */
export async function followProblem(d: JuryDeps, problemId: number): Promise<number> {
  try {
    const rows = await repo.solutionsOf(d.db, problemId);
    if (!rows.length) return 0;
    const current = await currentSpec(d, problemId);
    const stale =
      'why' in current ? rows : rows.filter((r) => r.run_status === null || r.spec_key !== current.key);
    return await queueRuns(d, problemId, stale);
  } catch (err) {
    d.onError(err, `re-running the jury solutions of problem ${problemId}`);
    return 0;
  }
}

/** Start-up: runs left queued (the in-process queue does not outlive the process) are queued again. */
export async function recover(d: JuryDeps): Promise<number> {
  const byProblem = new Map<number, JurySolutionRow[]>();
  for (const row of await repo.queuedRuns(d.db))
    byProblem.set(row.problem_id, [...(byProblem.get(row.problem_id) ?? []), row]);
  let n = 0;
  for (const [problemId, rows] of byProblem) {
    try {
      n += await queueRuns(d, problemId, rows);
    } catch (err) {
      d.onError(err, `re-queueing the jury runs of problem ${problemId}`);
      for (const row of rows) await repo.markUnrunnable(d.db, row.id, '题目已删除，无法评测', nowIso());
    }
  }
  return n;
}

async function onResult(d: Jury, r: JudgeResult): Promise<void> {
  const job = parseJuryJob(r.submissionId);
  if (!job) return;
  await repo.storeRun(d.db, job, {
    status: r.status,
    timeMs: Math.round(r.timeMs),
    memoryKiB: Math.round(r.memoryKiB),
    tests: JSON.stringify(
      r.tests.map((t, i) => ({
        index: i + 1,
        status: t.status,
        time_ms: Math.round(t.timeMs),
        memory_kib: Math.round(t.memoryKiB),
        message: t.message.slice(0, 500),
      })),
    ),
    compileMessage: r.compileMessage.slice(0, 16 * 1024),
    message: (r.message ?? '').slice(0, 1000),
    at: nowIso(),
  });
}

/** Hears the judge queue: results of jury jobs are stored (tracked until written); others are not ours. */
export function listenToQueue(d: Jury): void {
  d.queue.onResult((r) => {
    if (!parseJuryJob(r.submissionId)) return;
    const p = onResult(d, r)
      .catch((err) => d.onError(err, 'storing a jury run'))
      .finally(() => d.pending.delete(p));
    d.pending.add(p);
  });
}

/** Waits for results being written (server shutdown: before the database closes). */
export async function drain(d: Jury): Promise<void> {
  while (d.pending.size) await Promise.all([...d.pending]);
}
