import type { Db } from './repo';
import type { CompetitionRow } from './tables';

/** Class contests' statements (`competition_classes`, issue 27 part 3); the rule is class-rule.ts. */

/** The classes a contest is restricted to ([] = an ordinary contest). */
export async function classIdsOf(db: Db, contestId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('competition_classes')
    .select('class_id')
    .where('competition_id', '=', contestId)
    .orderBy('class_id')
    .execute();
  return rows.map((r) => r.class_id);
}

/** Which of some contests are class contests (the list's tag), one statement. */
export async function classContestsAmong(db: Db, contestIds: number[]): Promise<Set<number>> {
  if (!contestIds.length) return new Set();
  const rows = await db
    .selectFrom('competition_classes')
    .select('competition_id')
    .distinct()
    .where('competition_id', 'in', contestIds)
    .execute();
  return new Set(rows.map((r) => r.competition_id));
}

/** The contests of one class, latest start first (the class page's 比赛 tab). */
export const contestsOfClass = (db: Db, classId: number): Promise<CompetitionRow[]> =>
  db
    .selectFrom('competitions')
    .innerJoin('competition_classes', 'competition_classes.competition_id', 'competitions.id')
    .selectAll('competitions')
    .where('competition_classes.class_id', '=', classId)
    .where('competitions.is_delete', '=', 0)
    .orderBy('competitions.start_time', 'desc')
    .orderBy('competitions.id', 'desc')
    .execute();

/** Replaces a contest's classes, in the caller's transaction. */
export async function writeClasses(trx: Db, contestId: number, classIds: number[]): Promise<void> {
  await trx.deleteFrom('competition_classes').where('competition_id', '=', contestId).execute();
  if (classIds.length)
    await trx
      .insertInto('competition_classes')
      .values(classIds.map((class_id) => ({ competition_id: contestId, class_id })))
      .execute();
}
