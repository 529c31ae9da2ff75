import type { AuthoredClassProblems, ClassProblemList } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { forbidden } from '../../lib/errors';
import { classCan, requireAccess } from './access';
import { problemsOfClasses } from './class-problems-repo';
import type { ClassesDeps } from './deps';
import * as repo from './repo';

/**
 * The pages of class problems (issue 27 part 3; docs/classes.md 班级题目): a class's 题目 tab for its
 * members, and the management site's list of the class problems a teacher wrote.
 */
type D = ClassesDeps;

function parts(d: D) {
  if (!d.classProblems) throw forbidden('班级题目未启用');
  return d.classProblems;
}

/** A class's problems with the caller's status (members, administrators; outsiders 403). */
export async function classProblemList(d: D, viewer: Viewer, classId: number): Promise<ClassProblemList> {
  const cp = parts(d);
  const a = await requireAccess(d, viewer, classId, 'read');
  const rows = await cp.problems.briefs(await problemsOfClasses(d.db, [classId]));
  const status = await cp.problems.statuses(
    viewer,
    rows.map((r) => r.id),
  );
  const canCreate = classCan(a, 'manage') && !a.row.archived && (await d.users.isTeacher(viewer));
  return {
    can_create: canCreate,
    records: rows.map((r) => ({
      problem_id: r.id,
      chinese_name: r.chinese_name,
      difficulty: r.difficulty,
      status: status.get(r.id) ?? 'none',
    })),
  };
}

/**
 * The class problems the caller wrote (administrators: every one) with their classes, and the
 * classes it may write for: those it teaches or assists in, not archived (administrators: all).
 */
export async function authoredClassProblems(d: D, viewer: Viewer): Promise<AuthoredClassProblems> {
  const cp = parts(d);
  if (!(await d.users.isTeacher(viewer))) throw forbidden('只有教师可以编写班级题目');
  const admin = await cp.access.isAdmin(viewer);
  const mine = admin
    ? await repo.allClasses(d.db)
    : (await repo.classesOf(d.db, viewer.uuid)).filter((c) => c.my_role === 'teacher' || c.my_role === 'ta');
  const links = await cp.access.allLinks();
  const rows = (await cp.problems.briefs([...new Set(links.map((l) => l.problem_id))])).filter(
    (r) => admin || r.author_id === viewer.uuid,
  );
  const names = await cp.access.classNames([...new Set(links.map((l) => l.class_id))]);
  return {
    records: rows.map((r) => ({
      problem_id: r.id,
      chinese_name: r.chinese_name,
      difficulty: r.difficulty,
      author_id: r.author_id,
      classes: links
        .filter((l) => l.problem_id === r.id)
        .map((l) => ({ class_id: l.class_id, name: names.get(l.class_id) ?? '' })),
    })),
    classes: mine.filter((c) => !c.archived).map((c) => ({ class_id: c.id, name: c.name })),
  };
}
