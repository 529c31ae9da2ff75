import type { JudgeResult } from '@oj/shared';
import type { Rejudge, RejudgeDeps } from './deps';
import * as repo from './repo';
import type { RejudgeRunRow } from './tables';

/**
 * A set's runs travel on the submissions' judge queue as jobs `r<set id>.<submission id>`. The
 * submissions' result handler takes only `<submission id>.<version>`, so a trial run never touches
 * the stored submission, its record, counts, boards or streams; this module hears the same queue
 * and keeps the results it recognises, until the set is applied or cancelled.
 */
const JOB = /^r(\d+)\.(\d+)$/;
export const setJobId = (setId: number, submissionId: number) => `r${setId}.${submissionId}`;
export function parseSetJob(jobId: string): { setId: number; submissionId: number } | null {
  const m = JOB.exec(jobId);
  return m ? { setId: Number(m[1]), submissionId: Number(m[2]) } : null;
}

/** A run that cannot be judged (its problem gone, no tests) ends at once as IE with the reason. */
const failed = (message: string): JudgeResult => ({
  submissionId: '',
  status: 'IE',
  timeMs: 0,
  memoryKiB: 0,
  compileMessage: '',
  message,
  tests: [],
});

async function store(d: Rejudge | RejudgeDeps, key: { setId: number; submissionId: number }, r: JudgeResult) {
  const stored = await repo.storeRun(d.db, key, {
    new_status: d.submissions.verdictOf(r),
    new_score: r.fullScore !== undefined ? (r.score ?? 0) : null,
    new_full_score: r.fullScore ?? null,
    // As a board keeps them (the contests' live.ts): the subtask's number and its points.
    new_subtasks: JSON.stringify(
      (r.subtasks ?? []).map((st) => ({ subtask: Number(st.id), score: st.score })),
    ),
    new_time: Math.round(r.timeMs),
    new_memory: Math.round(r.memoryKiB),
    new_tests: JSON.stringify(
      r.tests.map((t, i) => ({
        index: i + 1,
        status: t.status,
        time_used: Math.round(t.timeMs),
        memory_used: Math.round(t.memoryKiB),
      })),
    ),
    result: JSON.stringify({ ...r, submissionId: '' }),
  });
  if (stored) await repo.readyIfDone(d.db, key.setId);
}

/** Queues a trial run of each of `runs` (one set's); one that cannot be judged ends as IE. */
export async function queueRuns(d: RejudgeDeps, setId: number, runs: Pick<RejudgeRunRow, 'submission_id'>[]) {
  for (const run of runs) {
    const key = { setId, submissionId: run.submission_id };
    try {
      const tests = await d.submissions.queueTrial(run.submission_id, setJobId(setId, run.submission_id));
      await repo.setRunTests(d.db, key, tests);
    } catch (err) {
      await store(d, key, failed(`无法重新评测：${(err as Error).message}`));
    }
  }
  // A set whose every run failed at once is ready already.
  await repo.readyIfDone(d.db, setId);
}

/** Start-up: runs of sets still judging (the in-process queue does not outlive the process) are queued again. */
export async function recover(d: RejudgeDeps): Promise<number> {
  const bySet = new Map<number, RejudgeRunRow[]>();
  for (const run of await repo.unjudgedRuns(d.db))
    bySet.set(run.set_id, [...(bySet.get(run.set_id) ?? []), run]);
  for (const [setId, runs] of bySet) await queueRuns(d, setId, runs);
  return [...bySet.values()].reduce((n, runs) => n + runs.length, 0);
}

/** Hears the judge queue: results of set jobs are stored (tracked until written); others are not ours. */
export function listenToQueue(d: Rejudge): void {
  d.queue.onResult((r) => {
    const key = parseSetJob(r.submissionId);
    if (!key) return;
    const p = store(d, key, r)
      .catch((err) => d.onError(err, 'storing a rejudge run'))
      .finally(() => d.pending.delete(p));
    d.pending.add(p);
  });
}

/** Waits for results being written (server shutdown: before the database closes). */
export async function drain(d: Rejudge): Promise<void> {
  while (d.pending.size) await Promise.all([...d.pending]);
}
