import type { CompetitionInfo } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { nowIso } from '../../lib/time';
import { infoExtras } from './contests';
import type { CompetitionsDeps } from './deps';
import { presentInfo } from './present';
import { currentContestRows } from './repo';

/**
 * The contests running now (ending soonest first) and the next ones to start (soonest first), at
 * most `limit` of each, for the home page: 2 row queries and the 4 of `infoExtras`, whatever the
 * number. Deleted contests are not in `liveContests`.
 */
export async function currentContests(
  d: CompetitionsDeps,
  viewer: Viewer,
  limit: number,
): Promise<{ running: CompetitionInfo[]; upcoming: CompetitionInfo[] }> {
  const now = nowIso();
  const [running, upcoming] = await Promise.all([
    currentContestRows(d.db, 'running', now, limit),
    currentContestRows(d.db, 'upcoming', now, limit),
  ]);
  const extras = await infoExtras(d, [...running, ...upcoming], viewer);
  return {
    running: running.map((o) => presentInfo(o, extras(o), viewer)),
    upcoming: upcoming.map((o) => presentInfo(o, extras(o), viewer)),
  };
}
