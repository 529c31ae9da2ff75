import type { ProblemInput, ProblemModifyInput } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { forbidden, notFound } from '../../lib/errors';
import { can } from '../../lib/permissions';
import { addProblem, modifyProblem } from './bank';
import type { ProblemsDeps } from './deps';
import * as repo from './repo';

/**
 * Who writes problems (issue 27 part 3; docs/classes.md 班级题目): administrators every problem;
 * a teacher its own class problems only — created for classes it teaches or assists in, always
 * hidden (visible = 0: every read path of the bank keeps them from outsiders), edited with the
 * same editor, test data, checker and jury solutions. The rule itself is `problem.edit` /
 * `problem.create` in lib/permissions.ts; this file gathers its subject.
 */
type D = Pick<ProblemsDeps, 'db' | 'outbox' | 'classProblems'>;

const isAdmin = (viewer: Viewer) => can(viewer, { action: 'problem.manage' });
const teacherOf = async (d: D, viewer: Viewer) =>
  isAdmin(viewer) || Boolean(await d.classProblems?.isTeacher(viewer));

/**
 * Refuses (403) a viewer who may not edit the problem; answers whether it is a class problem
 * (it must stay hidden). Administrators pass for any id, as before (a missing one is refused by
 * the operation itself).
 */
export async function requireEditable(d: D, viewer: Viewer, id: number): Promise<{ classProblem: boolean }> {
  const classProblem = Boolean(await d.classProblems?.isClassProblem(id));
  if (isAdmin(viewer)) return { classProblem };
  const teacher = await teacherOf(d, viewer);
  if (!can(viewer, { action: 'problem.create', subject: { teacher } })) throw forbidden('需要管理员权限');
  const r = await repo.liveRow(d.db, id);
  if (!r) throw notFound(`题目 ${id} 不存在`);
  const subject = { ownerUuid: r.author_id, classProblem, teacher };
  if (!can(viewer, { action: 'problem.edit', subject }))
    throw forbidden('只有管理员和编写该班级题目的教师可以修改此题目');
  return { classProblem };
}

/**
 * A new problem by an administrator or a teacher. A teacher's must name its classes (`class_ids`,
 * each taught or assisted in by it); a problem with classes is stored hidden whatever was asked.
 */
export async function addAs(d: D, viewer: Viewer, input: ProblemInput): Promise<number> {
  const admin = isAdmin(viewer);
  if (!admin && !can(viewer, { action: 'problem.create', subject: { teacher: await teacherOf(d, viewer) } }))
    throw forbidden('需要管理员权限');
  const wanted = input.class_ids ?? [];
  if (!d.classProblems) {
    if (!admin || wanted.length) throw forbidden('需要管理员权限');
    return addProblem(d, input, [], viewer.uuid);
  }
  const classIds = admin && !wanted.length ? [] : await d.classProblems.checkClasses(viewer, wanted);
  const id = await addProblem(d, classIds.length ? { ...input, visible: false } : input, [], viewer.uuid);
  if (classIds.length) await d.classProblems.link(id, classIds);
  return id;
}

/** Saves a problem the viewer may edit; a class problem stays hidden whoever saves it. */
export async function modifyAs(d: D, viewer: Viewer, input: ProblemModifyInput): Promise<ProblemModifyInput> {
  const { classProblem } = await requireEditable(d, viewer, input.problem_id);
  const saved = classProblem ? { ...input, visible: false } : input;
  await modifyProblem(d, saved);
  return saved;
}
