import type { CompetitionInfo } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { nowIso } from '../../lib/time';
import { infoExtras } from './contests';
import type { CompetitionsDeps } from './deps';
import { presentInfo } from './present';
import { liveContests } from './repo';

/**
 * The contests running now (ending soonest first) and the next ones to start (soonest first), at
 * most `limit` of each, for the home page: 2 row queries and the 4 of `infoExtras`, whatever the
 * number. Deleted contests are not in `liveContests`.
 */
export async function currentContests(
  c: CompetitionsDeps,
  viewer: Viewer,
  limit: number,
): Promise<{ running: CompetitionInfo[]; upcoming: CompetitionInfo[] }> {
  const now = nowIso();
  const [running, upcoming] = await Promise.all([
    liveContests(c)
      .selectAll()
      .where('start_time', '<=', now)
      .where('end_time', '>', now)
      .orderBy('end_time')
      .orderBy('id')
      .limit(limit)
      .execute(),
    liveContests(c)
      .selectAll()
      .where('start_time', '>', now)
      .orderBy('start_time')
      .orderBy('id')
      .limit(limit)
      .execute(),
  ]);
  const extras = await infoExtras(c, [...running, ...upcoming], viewer);
  return {
    running: running.map((o) => presentInfo(o, extras(o), viewer)),
    upcoming: upcoming.map((o) => presentInfo(o, extras(o), viewer)),
  };
}
