import type { Kysely } from 'kysely';
import { ContestType } from './deps';
import type { CompetitionsTables } from './tables';

/**
 * What the ICPC Contest API (modules/contest-api) reads of the contest tables beyond the service's
 * boards: the programming contests it lists, when each participant joined (a team's place in the
 * event feed) and who is 打星. A lower part the composition root builds over this module's own handle.
 */
export function createContestApiReads(d: { db: Kysely<CompetitionsTables> }) {
  return {
    /** Live programming contests, latest start first. */
    programmingContests: () =>
      d.db
        .selectFrom('competitions')
        .select(['id', 'name', 'start_time', 'end_time', 'freeze_minutes', 'rule'])
        .where('is_delete', '=', 0)
        .where('type', '=', ContestType.Programming)
        .orderBy('start_time', 'desc')
        .orderBy('id', 'desc')
        .execute(),
    /** A contest's participants: when each joined, and whether 打星 (ranked, no medal). */
    participants: async (contestId: number) => {
      const rows = await d.db
        .selectFrom('competition_participants')
        .select(['user_id', 'join_time', 'unofficial'])
        .where('competition_id', '=', contestId)
        .execute();
      return {
        joinTimes: new Map(rows.map((r) => [r.user_id, r.join_time])),
        unofficial: new Set(rows.filter((r) => r.unofficial === 1).map((r) => r.user_id)),
      };
    },
  };
}
export type ContestApiReads = ReturnType<typeof createContestApiReads>;
