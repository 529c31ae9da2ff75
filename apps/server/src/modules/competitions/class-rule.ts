import type { Viewer } from '../../lib/auth';
import { badRequest, forbidden } from '../../lib/errors';
import { can } from '../../lib/permissions';
import type { ClassMembership } from '../classes';
import { classIdsOf } from './class-contests-repo';
import { isJoined } from './participants-repo';
import { subjectOf } from './present';
import type { Db } from './repo';
import type { CompetitionRow } from './tables';

/**
 * Class contests (班级比赛, issue 27 part 3; docs/classes.md): a contest restricted to the members
 * of chosen classes (`competition_classes`). Only members (any role) of one of its classes
 * register; its problems are read by participants only (as a password contest's), its board by
 * those and the classes' members; admins and the author as for any contest. Membership is asked of
 * the classes module on every call, so a removed member is refused at once (one who registered
 * keeps their result).
 */
export type ClassRule = Pick<ClassMembership, 'managedClassIds' | 'memberOfAny' | 'names' | 'checkRead'>;

type RuleDb = { db: Db; classes: ClassRule };

/**
 * The classes named by a contest's author: each must exist, and the author must be its teacher
 * or TA (administrators: any class). Answers the ids without repeats.
 */
export async function checkClassIds(d: RuleDb, viewer: Viewer, classIds: number[]): Promise<number[]> {
  const ids = [...new Set(classIds)];
  if (!ids.length) return ids;
  const names = await d.classes.names(ids);
  const missing = ids.filter((id) => !names.has(id));
  if (missing.length) throw badRequest(`限定班级中的班级不存在：${missing.join('、')}`, 'class_ids');
  if (can(viewer, { action: 'contest.administer' })) return ids;
  const managed = new Set(await d.classes.managedClassIds(viewer));
  const foreign = ids.filter((id) => !managed.has(id));
  if (foreign.length)
    throw forbidden(
      `限定班级只能选择你任教或担任助教的班级：${foreign.map((id) => `“${names.get(id)}”`).join('、')}不是`,
    );
  return ids;
}

/** 本场比赛仅限班级“A”、“B”的成员参加 (a deleted class is left out of the names). */
async function refusal(d: RuleDb, classIds: number[]): Promise<string> {
  const names = [...(await d.classes.names(classIds)).values()];
  return names.length
    ? `本场比赛仅限班级${names.map((n) => `“${n}”`).join('、')}的成员参加`
    : '本场比赛仅限指定班级的成员参加';
}

/** Admins and the contest's author stand outside the class rule, as for any contest. */
const exempt = (viewer: Viewer, c: CompetitionRow) =>
  can(viewer, { action: 'contest.preview', subject: subjectOf(c) });

/**
 * Registering (joining, creating or joining a team): refused unless `userId` is a member of one of
 * the contest's classes. `viewer` decides the exemption of admins and the author.
 */
export async function checkMayRegister(
  d: RuleDb,
  viewer: Viewer,
  c: CompetitionRow,
  userId = viewer.uuid,
): Promise<void> {
  const classIds = await classIdsOf(d.db, c.id);
  if (!classIds.length) return;
  if (userId === viewer.uuid && exempt(viewer, c)) return;
  if (userId === c.owner_id) return;
  if (!(await d.classes.memberOfAny(userId, classIds))) throw forbidden(await refusal(d, classIds));
}

/**
 * The refusal of a viewer who may not see a class contest at all (its board, its classes, its
 * description): null unless it is a class contest and they are neither exempt, a participant nor
 * a member of one of its classes.
 */
export async function outsiderRefusal(d: RuleDb, viewer: Viewer, c: CompetitionRow): Promise<string | null> {
  const classIds = await classIdsOf(d.db, c.id);
  if (!classIds.length || exempt(viewer, c)) return null;
  if (viewer.uuid > 0 && (await isJoined(d.db, c.id, viewer.uuid))) return null;
  if (await d.classes.memberOfAny(viewer.uuid, classIds)) return null;
  return refusal(d, classIds);
}

/** The board, its stream, the contest's classes: refused to outsiders of a class contest. */
export async function checkMaySeeClassContest(d: RuleDb, viewer: Viewer, c: CompetitionRow): Promise<void> {
  const why = await outsiderRefusal(d, viewer, c);
  if (why) throw forbidden(why);
}

/**
 * The problems of a class contest (checkMayRead, gates.ts): its participants; after the end also
 * the members of its classes (practice and virtual runs, as the brief of the class rule says).
 */
export async function checkMayReadClassProblems(
  d: RuleDb,
  viewer: Viewer,
  c: CompetitionRow,
  ended: boolean,
) {
  const classIds = await classIdsOf(d.db, c.id);
  if (!classIds.length) return;
  if (viewer.uuid > 0 && (await isJoined(d.db, c.id, viewer.uuid))) return;
  const member = await d.classes.memberOfAny(viewer.uuid, classIds);
  if (member && ended) return;
  if (member) throw forbidden('本场比赛是班级比赛，报名参加后才能查看题目');
  throw forbidden(await refusal(d, classIds));
}
