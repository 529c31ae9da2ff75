import type { SimilarityRun } from '@oj/shared';
import { badRequest, conflict } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { analyse } from './analyse';
import { type SimilarityDeps, STALE_RUN_MS } from './deps';
import * as repo from './repo';
import type { SimilarityRunRow } from './tables';

export const presentRun = (r: SimilarityRunRow): SimilarityRun => ({
  competition_id: r.competition_id,
  status: r.status,
  submissions: r.submissions,
  pairs: r.pairs,
  duration_ms: r.duration_ms,
  error: r.error,
  started_time: r.started_time,
  finished_time: r.finished_time,
});

/**
 * Claims a contest's run for this node: the first run of a contest is claimed by whoever inserts
 * its row (two nodes finishing the same contest compute once); a new run on demand (`again`)
 * takes over a finished, failed or stale run, never one in progress.
 */
async function claim(d: SimilarityDeps, id: number, again: boolean): Promise<boolean> {
  const now = nowIso(d.clock);
  const inserted = await repo.insertRunIfNone(d.db, {
    competition_id: id,
    status: 'running',
    submissions: 0,
    pairs: 0,
    duration_ms: 0,
    error: '',
    started_time: now,
    finished_time: null,
  });
  if (inserted) return true;
  if (!again) return false;
  const staleBefore = new Date(d.clock.now() - STALE_RUN_MS).toISOString();
  return repo.restartRun(d.db, id, now, staleBefore);
}

/** Compares the contest's final programs and replaces its stored pairs (the run is claimed). */
async function compute(d: SimilarityDeps, id: number): Promise<void> {
  const started = performance.now();
  try {
    const facts = await d.contests.facts(id);
    const sources = await d.submissions.contestSources(facts);
    const pairs = analyse(sources);
    const rows = pairs.map((p) => ({
      competition_id: id,
      problem_index: p.problem_index,
      language: p.language,
      left_submission_id: p.left.id,
      right_submission_id: p.right.id,
      left_user_id: p.left.user_id,
      right_user_id: p.right.user_id,
      score: p.score,
      left_share: p.left_share,
      right_share: p.right_share,
      regions: JSON.stringify(p.regions),
    }));
    await repo.inTransaction(d.db, async (trx) => {
      await repo.replacePairs(trx, id, rows);
      await repo.updateRun(trx, id, {
        status: 'done',
        submissions: sources.length,
        pairs: pairs.length,
        duration_ms: Math.round(performance.now() - started),
        finished_time: nowIso(d.clock),
      });
    });
  } catch (err) {
    d.onError(err, `code similarity of contest ${id}`);
    await repo.updateRun(d.db, id, {
      status: 'failed',
      error: String(err instanceof Error ? err.message : err).slice(0, 500),
      duration_ms: Math.round(performance.now() - started),
      finished_time: nowIso(d.clock),
    });
  }
}

/** An admin asks for a (new) run: computed now, answered when done. */
export async function runNow(d: SimilarityDeps, id: number): Promise<SimilarityRun> {
  const facts = await d.contests.facts(id);
  if (!facts.programming) throw badRequest('只有程序设计比赛可以检测代码相似度');
  if (facts.state === 'upcoming') throw badRequest('比赛尚未开始，没有可比较的代码');
  if (!(await claim(d, id, true))) throw conflict('该比赛的相似度检测正在进行，请稍后刷新');
  await compute(d, id);
  return presentRun((await repo.runOf(d.db, id))!);
}

/**
 * The background job (after the contests' finish job): every ended programming contest without a
 * run is analysed once. Answers how many were.
 */
export async function runDue(d: SimilarityDeps): Promise<number> {
  const ended = await d.contests.endedProgramming();
  if (!ended.length) return 0;
  const done = await repo.runContestIds(d.db);
  let n = 0;
  for (const id of ended) {
    if (done.has(id) || !(await claim(d, id, false))) continue;
    await compute(d, id);
    n++;
  }
  return n;
}
