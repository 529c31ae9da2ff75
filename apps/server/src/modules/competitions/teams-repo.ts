import { nowIso } from '../../lib/time';
import type { Db } from './repo';
import type { TeamRow } from './tables';

/** The teams of team contests (competition_teams, competition_team_members; issue 26 part 3). */

/** A team with its members' ids (captain first, then by joining). */
export interface TeamWithMembers extends TeamRow {
  memberIds: number[];
}

/** Unique-constraint violations look different on each driver; both mean "already taken". */
export const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; message?: string };
  return (
    err.code === '23505' ||
    err.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed/.test(err.message ?? '')
  );
};

/** Every team of a contest with its members (two statements), by creation. */
export async function teamsOf(db: Db, contestId: number): Promise<TeamWithMembers[]> {
  const [teams, members] = await Promise.all([
    db
      .selectFrom('competition_teams')
      .selectAll()
      .where('competition_id', '=', contestId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('competition_team_members')
      .select(['team_id', 'user_id'])
      .where('competition_id', '=', contestId)
      .orderBy('joined_at')
      .orderBy('user_id')
      .execute(),
  ]);
  const byTeam = new Map<number, number[]>(teams.map((t) => [t.id, []]));
  for (const m of members) byTeam.get(m.team_id)?.push(m.user_id);
  return teams.map((t) => {
    const ids = byTeam.get(t.id) ?? [];
    return {
      ...t,
      memberIds: [t.captain_id, ...ids.filter((u) => u !== t.captain_id)].filter((u) => ids.includes(u)),
    };
  });
}

/** The team a user is in, in one contest. */
export async function teamIdOfUser(db: Db, contestId: number, userId: number): Promise<number | null> {
  if (userId <= 0) return null;
  const row = await db
    .selectFrom('competition_team_members')
    .select('team_id')
    .where('competition_id', '=', contestId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.team_id ?? null;
}

/** The members of a user's team in a contest, the user included ([] = in none): one statement. */
export async function teammatesOf(db: Db, contestId: number, userId: number): Promise<number[]> {
  if (userId <= 0) return [];
  const rows = await db
    .selectFrom('competition_team_members as m')
    .innerJoin('competition_team_members as me', 'me.team_id', 'm.team_id')
    .select('m.user_id')
    .where('me.competition_id', '=', contestId)
    .where('me.user_id', '=', userId)
    .execute();
  return rows.map((r) => r.user_id);
}

export async function teamById(db: Db, contestId: number, teamId: number): Promise<TeamRow | undefined> {
  return db
    .selectFrom('competition_teams')
    .selectAll()
    .where('competition_id', '=', contestId)
    .where('id', '=', teamId)
    .executeTakeFirst();
}

export async function teamByCode(db: Db, contestId: number, code: string): Promise<TeamRow | undefined> {
  return db
    .selectFrom('competition_teams')
    .selectAll()
    .where('competition_id', '=', contestId)
    .where('invite_code', '=', code)
    .executeTakeFirst();
}

export async function nameTaken(db: Db, contestId: number, name: string, exceptId = 0): Promise<boolean> {
  return Boolean(
    await db
      .selectFrom('competition_teams')
      .select('id')
      .where('competition_id', '=', contestId)
      .where('name', '=', name)
      .where('id', '!=', exceptId)
      .executeTakeFirst(),
  );
}

export async function memberCount(db: Db, teamId: number): Promise<number> {
  const row = await db
    .selectFrom('competition_team_members')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('team_id', '=', teamId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The most members any team of the contest has (0 = no team). */
export async function largestTeam(db: Db, contestId: number): Promise<number> {
  const rows = await db
    .selectFrom('competition_team_members')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('competition_id', '=', contestId)
    .groupBy('team_id')
    .execute();
  return Math.max(0, ...rows.map((r) => Number(r.n)));
}

/** Whether anyone joined the contest (individually or in a team). */
export async function hasParticipants(db: Db, contestId: number): Promise<boolean> {
  return Boolean(
    await db
      .selectFrom('competition_participants')
      .select('user_id')
      .where('competition_id', '=', contestId)
      .executeTakeFirst(),
  );
}

export async function insertTeam(
  db: Db,
  t: {
    competition_id: number;
    name: string;
    affiliation: string;
    captain_id: number;
    invite_code: string;
    unofficial: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('competition_teams')
    .values({ ...t, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTeam(
  db: Db,
  teamId: number,
  set: Partial<{ name: string; affiliation: string; captain_id: number; unofficial: number }>,
): Promise<void> {
  await db.updateTable('competition_teams').set(set).where('id', '=', teamId).execute();
}

/** Adds a member and makes them a participant of the contest (the gates and history read that). */
export async function insertMember(db: Db, contestId: number, teamId: number, userId: number): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('competition_team_members')
    .values({ team_id: teamId, competition_id: contestId, user_id: userId, joined_at: now })
    .execute();
  await db
    .insertInto('competition_participants')
    .values({
      competition_id: contestId,
      user_id: userId,
      join_time: now,
      solved: 0,
      penalty: 0,
      submitted: 0,
      rank: null,
      rating_before: null,
      rating_after: null,
      rating_change: null,
    })
    .onConflict((oc) => oc.columns(['competition_id', 'user_id']).doNothing())
    .execute();
}

/** Removes members from their team and from the contest's participants. */
export async function deleteMembers(db: Db, contestId: number, userIds: number[]): Promise<void> {
  if (!userIds.length) return;
  await db
    .deleteFrom('competition_team_members')
    .where('competition_id', '=', contestId)
    .where('user_id', 'in', userIds)
    .execute();
  await db
    .deleteFrom('competition_participants')
    .where('competition_id', '=', contestId)
    .where('user_id', 'in', userIds)
    .execute();
}

/** Deletes a team, its members and their participation. */
export async function deleteTeam(db: Db, contestId: number, teamId: number): Promise<void> {
  const members = await db
    .selectFrom('competition_team_members')
    .select('user_id')
    .where('team_id', '=', teamId)
    .execute();
  await deleteMembers(
    db,
    contestId,
    members.map((m) => m.user_id),
  );
  await db.deleteFrom('competition_teams').where('id', '=', teamId).execute();
}
