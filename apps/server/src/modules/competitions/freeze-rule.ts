import { COMPETITION_LIMITS } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { can } from '../../lib/permissions';
import type { VerdictCurtain } from '../submissions';
import { ContestType } from './deps';
import { freezeFromOf } from './live';
import { isFrozenNow } from './present';
import { isOiRunning } from './scoring-rule';
import { type Db, freezableContestRows } from './repo';
import { oiVirtualRuns } from './runs-repo';
import type { CompetitionRow } from './tables';

/**
 * The scoreboard's freeze rule for every other read path (issue 11): while a contest's board is
 * frozen (isFrozenNow: from `end − freeze_minutes` until an admin unfreezes), tries made from the
 * freeze start to the end show as pending to everyone but their author. Admins see the truth
 * (`contest.viewUnfrozen`, as on the board). The same functions as the board decide, so the record
 * page, the stream, the lists and the counters can never disagree with the scoreboard.
 *
 * A running OI contest (issue 26) hides every try made in it from everyone, its authors included,
 * but admins and the contest's creator, until its end (`evenAuthor` spans).
 *
 * The contests with a freeze still in force (few at any time; `FreezableContests`, kept in memory),
 * plus, for math and 408 contests, the submissions behind programming answers given in their
 * frozen span (asked of the math / 408 module).
 */
export async function freezeRuleFor(
  d: { freezable: FreezableContests; answers: ProgrammingAnswers; virtualOi?: VirtualOiRuns },
  viewer: Viewer | null,
): Promise<VerdictCurtain> {
  const viewerId = viewer?.uuid ?? -1;
  if (viewer && can(viewer, { action: 'contest.viewUnfrozen' }))
    return { viewerId, spans: [], submissionIds: [] };
  const candidates = await d.freezable.rows();
  const spans: VerdictCurtain['spans'] = [];
  const answerSpans: VerdictCurtain['spans'] = [];
  for (const contest of candidates) {
    // A running OI contest: nothing but 已提交 for everyone, authors included, but its creator.
    if (isOiRunning(contest)) {
      if (contest.owner_id !== viewerId)
        spans.push({
          contestId: contest.id,
          from: contest.start_time,
          to: contest.end_time,
          evenAuthor: true,
        });
      continue;
    }
    const fromMs = freezeFromOf(contest);
    if (fromMs === null || !isFrozenNow(contest)) continue;
    const span = {
      contestId: contest.id,
      from: new Date(Date.parse(contest.start_time) + fromMs).toISOString(),
      to: contest.end_time,
    };
    (contest.type === ContestType.Programming ? spans : answerSpans).push(span);
  }
  // The viewer's own virtual run of an OI contest (issue 26 part 2): no verdicts until it ends.
  if (viewer && viewerId > 0 && d.virtualOi) spans.push(...(await d.virtualOi.spansOf(viewerId)));
  const submissionIds: number[] = [];
  for (const span of answerSpans) submissionIds.push(...(await d.answers.programmingSubmissionsIn(span)));
  return { viewerId, spans, submissionIds };
}

/** The math / 408 bank's log of programming answers (its lower part, built before the contests). */
export interface ProgrammingAnswers {
  /** The submissions behind programming answers given in a contest within a span (a frozen one). */
  programmingSubmissionsIn(span: { contestId: number; from: string; to: string }): Promise<number[]>;
}

/**
 * The contests that have a freeze not lifted (`freeze_minutes > 0`, not unfrozen, not deleted),
 * read once and kept until a contest changes: every write that can change this set (create, edit,
 * delete, freeze, unfreeze) announces `contest.changed`, on this node at once and on the others
 * through the bus, and the set is read again on next use. Whether a freeze is in force *now* is
 * decided per call from the times. So the record list, which asks on every page, costs no query.
 */
export class FreezableContests {
  private cached: Promise<CompetitionRow[]> | null = null;

  constructor(private readonly db: Db) {}

  rows(): Promise<CompetitionRow[]> {
    if (!this.cached) {
      const loading = freezableContestRows(this.db);
      this.cached = loading;
      loading.catch(() => {
        if (this.cached === loading) this.cached = null;
      });
    }
    return this.cached;
  }

  invalidate(): void {
    this.cached = null;
  }
}

/** The longest contest, so the longest virtual run (COMPETITION_LIMITS.durationMaxMs). */
const LONGEST_RUN_MS = COMPETITION_LIMITS.durationMaxMs;

/**
 * Virtual runs of OI contests that may still last (started within the longest contest's length),
 * read once and kept until a contest changes (starting such a run announces `contest.changed`), like
 * FreezableContests: the record lists ask on every page without a statement of their own. Whether a
 * run still lasts is decided per call from the times.
 */
export class VirtualOiRuns {
  private cached: Promise<Awaited<ReturnType<typeof oiVirtualRuns>>> | null = null;

  constructor(private readonly db: Db) {}

  /** The spans of the user's runs that still last: their tries in them show as 已提交 only. */
  async spansOf(userId: number): Promise<VerdictCurtain['spans']> {
    if (!this.cached) {
      const loading = oiVirtualRuns(this.db, new Date(Date.now() - LONGEST_RUN_MS).toISOString());
      this.cached = loading;
      loading.catch(() => {
        if (this.cached === loading) this.cached = null;
      });
    }
    const now = Date.now();
    const spans: VerdictCurtain['spans'] = [];
    for (const r of await this.cached) {
      if (r.user_id !== userId) continue;
      const end = Date.parse(r.started_at) + Date.parse(r.end_time) - Date.parse(r.start_time);
      if (now < end)
        spans.push({
          contestId: r.competition_id,
          from: r.started_at,
          to: new Date(end).toISOString(),
          evenAuthor: true,
        });
    }
    return spans;
  }

  invalidate(): void {
    this.cached = null;
  }
}
