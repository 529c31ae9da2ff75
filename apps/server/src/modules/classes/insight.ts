import { type HomeworkInsight, type HomeworkProblemInsight, type StudentInsight } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { forbidden, notFound } from '../../lib/errors';
import { classCan, requireAccess } from './access';
import type { ClassesDeps } from './deps';
import { readable, windowOf } from './homework';
import * as hrepo from './homework-repo';
import { memberRole } from './repo';

/**
 * 学情分析 (issue 27 part 5; docs/classes.md "Where students are stuck"): where a class's students
 * are stuck on a homework, and one student's practice in the class's context. Both read a fixed
 * number of statements whatever the class size: the submissions and problems modules answer
 * grouped reads.
 */

type D = ClassesDeps;
type Tries = Awaited<ReturnType<D['insight']['submissions']['homeworkInsight']>>;
const HEATMAP_DAYS = 365;
const DAY_MS = 86_400_000;
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
const round2 = (x: number) => Math.round(x * 100) / 100;

function median(xs: number[]): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The test most often failed first, and its most frequent verdict there (ties: the earlier test, the verdict's name). */
function topFailed(rows: Tries['firstFailed']): HomeworkProblemInsight['top_failed'] {
  const byTest = new Map<number, { tries: number; verdicts: Map<string, number> }>();
  for (const r of rows) {
    const t = byTest.get(r.test) ?? { tries: 0, verdicts: new Map<string, number>() };
    t.tries += r.tries;
    t.verdicts.set(r.status, (t.verdicts.get(r.status) ?? 0) + r.tries);
    byTest.set(r.test, t);
  }
  const best = [...byTest.entries()].sort((a, b) => b[1].tries - a[1].tries || a[0] - b[0])[0];
  if (!best) return null;
  const [status, statusTries] = [...best[1].verdicts.entries()].sort(
    (a, b) => b[1] - a[1] || a[0].localeCompare(b[0]),
  )[0];
  return { test: best[0], tries: best[1].tries, status, status_tries: statusTries };
}

/**
 * Per problem of a homework (its managers only, the matrix's refusals): the verdicts of the tries in
 * its window, accepted / attempted / not started students, tries before the first accepted one,
 * and the test most often failed first. 12 statements (the matrix's 10 with 3 reads of tries
 * instead of 1), however many students.
 */
export async function homeworkInsight(d: D, viewer: Viewer, id: number): Promise<HomeworkInsight> {
  const a = await readable(d, viewer, id);
  if (!a.manageAny) throw forbidden('只有作业所属班级的教师和助教可以查看学情分析');
  const pids = (await hrepo.problemsOf(d.db, [id])).get(id) ?? [];
  const students = await hrepo.studentsOf(
    d.db,
    a.classes.map((c) => c.class_id),
  );
  const userIds = students.map((s) => s.user_id);
  const [names, briefs, tries] = await Promise.all([
    d.homework.problems.liveNames(pids),
    d.users.briefs(userIds),
    d.insight.submissions.homeworkInsight(userIds, pids, windowOf(a.row)),
  ]);
  const nameOf = (u: number) => briefs.get(u)?.username ?? `#${u}`;
  const problems = pids.map((p): HomeworkProblemInsight => {
    const verdicts = tries.verdicts
      .filter((v) => v.problem_id === p)
      .map((v) => ({ status: v.status, tries: v.tries }))
      .sort((x, y) => y.tries - x.tries || x.status.localeCompare(y.status));
    const solvers = tries.solvers.filter((s) => s.problem_id === p);
    const started = new Set(solvers.map((s) => s.user_id));
    const before = solvers.filter((s) => s.accepted).map((s) => s.before_accepted ?? 0);
    return {
      problem_id: p,
      chinese_name: names.get(p) ?? `题目 ${p}`,
      tries: verdicts.reduce((n, v) => n + v.tries, 0),
      verdicts,
      accepted: before.length,
      attempted: started.size,
      not_started: userIds.filter((u) => !started.has(u)).map((u) => ({ user_id: u, username: nameOf(u) })),
      before_accepted_mean: before.length ? round2(before.reduce((n, x) => n + x, 0) / before.length) : null,
      before_accepted_median: median(before),
      top_failed: topFailed(tries.firstFailed.filter((f) => f.problem_id === p)),
    };
  });
  return { homework_id: id, title: a.row.title, students: userIds.length, problems };
}

/** The Asia/Shanghai date `days` days before now. */
const shanghaiDay = (ms: number) => new Date(ms + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);

/**
 * One member's practice in the class's context: solved by difficulty and tag over the bank and over
 * the class's homework problems, and tries per day of the last 365 days. The class's managers read
 * any member's; a member reads only their own; outsiders and removed members are refused (403) as
 * on the class's other reads, read fresh on every call.
 */
export async function studentInsight(
  d: D,
  viewer: Viewer,
  classId: number,
  uuid: number,
): Promise<StudentInsight> {
  const a = await requireAccess(d, viewer, classId, 'read');
  if (!classCan(a, 'manage') && viewer.uuid !== uuid)
    throw forbidden('只能查看自己的学情，班级的教师和助教可以查看每位成员的学情');
  const role = uuid === viewer.uuid ? a.role : await memberRole(d.db, classId, uuid);
  if (!role) throw notFound(`该用户不是班级「${a.row.name}」的成员`);
  const homeworkIds = await hrepo.homeworkOfClasses(d.db, [classId]);
  const pids = [...new Set([...(await hrepo.problemsOf(d.db, homeworkIds)).values()].flat())];
  const now = d.clock.now();
  const from = shanghaiDay(now - (HEATMAP_DAYS - 1) * DAY_MS);
  const [briefs, bank, homework, daily] = await Promise.all([
    d.users.briefs([uuid]),
    d.insight.problems.solvedBreakdown(uuid, null),
    d.insight.problems.solvedBreakdown(uuid, pids),
    d.insight.submissions.dailyPractice(uuid, from),
  ]);
  return {
    class_id: classId,
    class_name: a.row.name,
    user_id: uuid,
    username: briefs.get(uuid)?.username ?? `#${uuid}`,
    bank: bank,
    homework: homework,
    from,
    to: shanghaiDay(now),
    daily,
  };
}
