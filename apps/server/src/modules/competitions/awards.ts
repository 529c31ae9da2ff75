import type { AwardsView, RankPage, RankRow } from '@oj/shared';
import type { Contests } from './deps';
import { contestChanged } from './deps';
import { rerateFrom } from './lifecycle';
import { sql } from 'kysely';
import type { LiveBoard } from './live';
import { stateOf } from './present';
import { contestRow, type Db, updateContest } from './repo';
import { nowIso } from '../../lib/time';
import { badRequest, notFound } from '../../lib/errors';
import { rankWorkbook } from './excel';

/**
 * Awards of the final board (issue 26 part 5): the admin sets how many gold, silver and bronze
 * medals a contest gives; official participants who solved something get them by their place
 * among the official ones (ties share a place, so a tie at the line gives both the medal).
 * Participants marked 打星 (`unofficial`) are ranked as usual but get no medal and no rating
 * (rating-repo.ts leaves them out of the contestants).
 *
 * The 打星 participants of a contest are kept in memory (few, read on every board page after the
 * end) until the contest changes: the toggle announces `contest.changed` like every contest write.
 */
export type Medal = NonNullable<RankRow['medal']>;

export class UnofficialSets {
  private readonly cached = new Map<number, Promise<Set<number>>>();

  constructor(private readonly db: Db) {}

  of(contestId: number): Promise<Set<number>> {
    let set = this.cached.get(contestId);
    if (!set) {
      set = unofficialIds(this.db, contestId);
      this.cached.set(contestId, set);
      set.catch(() => this.cached.delete(contestId));
    }
    return set;
  }

  invalidate(contestId: number): void {
    this.cached.delete(contestId);
  }
}

/**
 * 打星 participants, and in a team contest 打星 teams by their board keys (live.ts `teamKey`:
 * -1 - id), in one statement.
 */
const unofficialIds = async (db: Db, contestId: number) =>
  new Set(
    (
      await db
        .selectFrom('competition_participants')
        .select('user_id as key')
        .where('competition_id', '=', contestId)
        .where('unofficial', '=', 1)
        .unionAll(
          db
            .selectFrom('competition_teams')
            .select(sql<number>`-1 - id`.as('key'))
            .where('competition_id', '=', contestId)
            .where('unofficial', '=', 1),
        )
        .execute()
    ).map((r) => Number(r.key)),
  );

/** The medal of each official participant who earned one, from the true final board. */
export function medalsOf(board: LiveBoard, unofficial: Set<number>): Map<number, Medal> {
  const { medal_gold: gold, medal_silver: silver, medal_bronze: bronze } = board.contest;
  const medals = new Map<number, Medal>();
  if (gold + silver + bronze === 0) return medals;
  let officials = 0;
  let lastRank = -1;
  let place = 0;
  for (const { standing, rank } of board.sb.all({ frozen: false })) {
    if (unofficial.has(standing.userId)) continue;
    officials++;
    if (rank !== lastRank) place = officials;
    lastRank = rank;
    if (place > gold + silver + bronze) break;
    if (standing.totals.solved === 0 && !((standing.totals as { score?: number }).score ?? 0)) continue;
    medals.set(standing.userId, place <= gold ? 'gold' : place <= gold + silver ? 'silver' : 'bronze');
  }
  return medals;
}

/**
 * A board page with its 打星 marks, and after the end (once revealed) the medals. A page that
 * shows the frozen board, or an OI board still hidden, gets no medals.
 */
export async function withAwards(d: Contests & { unofficial: UnofficialSets }, id: number, page: RankPage) {
  const board = await d.boards.get(id);
  if (!board || page.hidden) return page;
  const unofficial = await d.unofficial.of(id);
  const final = stateOf(board.contest) === 'ended' && !page.frozen && !board.sb.isFrozen;
  const medals = final ? medalsOf(board, unofficial) : new Map<number, Medal>();
  if (!unofficial.size && !medals.size) return page;
  const mark = (r: RankRow): RankRow => ({
    ...r,
    ...(unofficial.has(r.uuid) ? { unofficial: true } : {}),
    ...(medals.has(r.uuid) ? { medal: medals.get(r.uuid) } : {}),
  });
  return { ...page, records: page.records.map(mark), mine: page.mine && mark(page.mine) };
}

/** The true ranking as a workbook (admins) with its 奖牌 and 打星 columns, whatever the freeze. */
export async function awardsExcel(d: Contests & { unofficial: UnofficialSets }, id: number) {
  const board = await d.boards.fresh(id);
  if (!board) throw notFound(`比赛 ${id} 不存在`);
  const unofficial = await d.unofficial.of(id);
  const medals = stateOf(board.contest) === 'ended' ? medalsOf(board, unofficial) : new Map<number, Medal>();
  return { name: board.contest.name, body: await rankWorkbook(board, { unofficial, medals }) };
}

export async function awardsView(d: Contests, id: number): Promise<AwardsView> {
  const contest = await contestRow(d.db, id);
  const rows = await d.db
    .selectFrom('competition_participants')
    .select(['user_id', 'unofficial'])
    .where('competition_id', '=', id)
    .orderBy('join_time')
    .orderBy('user_id')
    .execute();
  const names = await d.users.briefs(rows.map((r) => r.user_id));
  return {
    gold: contest.medal_gold,
    silver: contest.medal_silver,
    bronze: contest.medal_bronze,
    participants: rows.map((r) => ({
      uuid: r.user_id,
      username: names.get(r.user_id)?.username ?? '',
      unofficial: r.unofficial === 1,
    })),
  };
}

export async function setMedals(
  d: Contests,
  q: { competition_id: number; gold: number; silver: number; bronze: number },
) {
  await contestRow(d.db, q.competition_id);
  await updateContest(d.db, q.competition_id, {
    medal_gold: q.gold,
    medal_silver: q.silver,
    medal_bronze: q.bronze,
    update_time: nowIso(),
  });
  contestChanged(d, q.competition_id);
}

/** Marks a participant 打星 or official; an applied rating is recomputed without (or with) them. */
export async function setUnofficial(
  d: Contests,
  q: { competition_id: number; uuid: number; unofficial: number },
) {
  const contest = await contestRow(d.db, q.competition_id);
  const changed = await d.db
    .updateTable('competition_participants')
    .set({ unofficial: q.unofficial })
    .where('competition_id', '=', q.competition_id)
    .where('user_id', '=', q.uuid)
    .executeTakeFirst();
  if (!Number(changed.numUpdatedRows)) throw badRequest('该用户没有参加这场比赛', 'uuid');
  contestChanged(d, q.competition_id);
  if (contest.rating_applied) await rerateFrom(d, q.competition_id);
}
