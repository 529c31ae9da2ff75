import {
  type HomeworkCell,
  type HomeworkDetail,
  type HomeworkInput,
  type HomeworkItemRef,
  type HomeworkList,
  type HomeworkMatrix,
  type HomeworkModifyRequest,
  type HomeworkProgress,
  type HomeworkSummary,
  Role,
} from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { requireAccess } from './access';
import type { ClassesDeps } from './deps';
import { idsOf, itemNames, keyOf, type Stat, statsOf, windowOf } from './homework-items';
import * as hrepo from './homework-repo';
import { inTransaction } from './repo';
import type { HomeworkRow } from './tables';

type D = ClassesDeps;
export { windowOf };
const DAY_MS = 86_400_000;
const missing = (id: number) => notFound(`作业 ${id} 不存在`);
const round2 = (x: number) => Math.round(x * 100) / 100;
const isManager = (role: string | undefined) => role === 'teacher' || role === 'ta';

/** A homework and the caller's standing: member of one of its classes (read), manager of one, of all. */
export interface HomeworkAccess {
  row: HomeworkRow;
  classes: { class_id: number; name: string }[];
  manageAny: boolean;
  manageAll: boolean;
  /** A student of one of its classes (its progress is shown). */
  student: boolean;
}

async function accessOf(d: D, viewer: Viewer, id: number): Promise<HomeworkAccess> {
  const row = await hrepo.homeworkById(d.db, id);
  if (!row) throw missing(id);
  const classes = (await hrepo.classesOf(d.db, [id])).map((c) => ({ class_id: c.class_id, name: c.name }));
  const roles = await hrepo.rolesIn(
    d.db,
    classes.map((c) => c.class_id),
    viewer.uuid,
  );
  const admin = viewer.role === Role.Admin;
  const manageAny = admin || classes.some((c) => isManager(roles.get(c.class_id)));
  const manageAll = admin || (classes.length > 0 && classes.every((c) => isManager(roles.get(c.class_id))));
  const student = [...roles.values()].some((r) => r === 'student');
  return { row, classes, manageAny, manageAll, student };
}

/**
 * Read: its managers, and its students once it started. Outsiders and removed members are told it
 * does not exist (404), on every path.
 */
export async function readable(d: D, viewer: Viewer, id: number): Promise<HomeworkAccess> {
  const a = await accessOf(d, viewer, id);
  if (a.manageAny) return a;
  if (!a.student || a.row.start_time > nowIso(d.clock)) throw missing(id);
  return a;
}

async function managed(d: D, viewer: Viewer, id: number): Promise<HomeworkAccess> {
  const a = await readable(d, viewer, id);
  if (!a.manageAll) throw forbidden('只有作业所属班级的教师和助教可以执行此操作');
  return a;
}

/**
 * The items chosen (problems and math / 408 questions in order, then typed problem numbers, then
 * the problems of the list to copy), once each, all visible to the caller.
 */
async function chosenItems(d: D, viewer: Viewer, input: HomeworkInput): Promise<HomeworkItemRef[]> {
  const items: HomeworkItemRef[] = [
    ...input.items,
    ...input.problem_ids.map((id) => ({ kind: 'algorithm' as const, id })),
  ];
  if (input.list_id !== undefined)
    for (const item of await d.homework.problemLists.listProblems(input.list_id, viewer))
      items.push({ kind: 'algorithm', id: item.problem_id });
  const seen = new Set<string>();
  const unique = items.filter((i) => (seen.has(keyOf(i)) ? false : (seen.add(keyOf(i)), true)));
  if (!unique.length) throw badRequest('至少选择一道题目', 'problem_ids');
  const names = await itemNames(d, viewer, unique, input.class_ids, true);
  const unknown = unique.find((i) => !names.has(keyOf(i)));
  if (unknown !== undefined)
    throw notFound(
      unknown.kind === 'math408' ? `数学/408 题目 ${unknown.id} 不存在` : `题目 ${unknown.id} 不存在`,
    );
  return unique;
}

async function manageClasses(d: D, viewer: Viewer, classIds: number[]): Promise<number[]> {
  const unique = [...new Set(classIds)];
  for (const id of unique) await requireAccess(d, viewer, id, 'manage');
  return unique;
}

const fields = (h: HomeworkInput): hrepo.HomeworkWrite => ({
  title: h.title,
  description: h.description,
  start_time: h.start_time,
  deadline: h.deadline,
  late_end: h.late_end,
  late_factor: h.late_factor,
});

export async function createHomework(d: D, viewer: Viewer, input: HomeworkInput): Promise<number> {
  const classIds = await manageClasses(d, viewer, input.class_ids);
  const items = await chosenItems(d, viewer, input);
  const id = await inTransaction(d.db, (trx) =>
    hrepo.insertHomework(
      trx,
      { ...fields(input), creator_id: viewer.uuid, now: nowIso(d.clock) },
      classIds,
      items,
    ),
  );
  await sendNotices(d, [(await hrepo.homeworkById(d.db, id))!], viewer.uuid);
  return id;
}

export async function modifyHomework(d: D, viewer: Viewer, req: HomeworkModifyRequest): Promise<void> {
  await managed(d, viewer, req.homework_id);
  const classIds = await manageClasses(d, viewer, req.class_ids);
  const items = await chosenItems(d, viewer, req);
  await inTransaction(d.db, (trx) =>
    hrepo.updateHomework(trx, req.homework_id, { ...fields(req), now: nowIso(d.clock) }, classIds, items),
  );
  await sendNotices(d, [(await hrepo.homeworkById(d.db, req.homework_id))!], viewer.uuid);
}

export async function deleteHomework(d: D, viewer: Viewer, id: number): Promise<void> {
  await managed(d, viewer, id);
  await inTransaction(d.db, (trx) => hrepo.deleteHomework(trx, id));
}

/** One cell: points out of 100 (a late try's times the factor), late when the best came late. */
function cellOf(h: HomeworkRow, s: Stat | undefined): HomeworkCell {
  if (!s) return { accepted: false, attempts: 0, best_score: 0, first_accepted: null, late: false };
  const onTime = (s.best_on_time ?? 0) * 100;
  const late = (s.best_late ?? 0) * 100 * h.late_factor;
  const accepted = s.first_accepted !== null;
  return {
    accepted,
    attempts: s.attempts,
    best_score: round2(Math.max(onTime, late)),
    first_accepted: s.first_accepted,
    late: accepted ? s.first_accepted! > h.deadline : late > onTime,
  };
}

async function progressOf(
  d: D,
  userId: number,
  h: HomeworkRow,
  items: HomeworkItemRef[],
): Promise<HomeworkCell[]> {
  const stats = await statsOf(d, [userId], h, items);
  return items.map((i) => cellOf(h, stats.get(`${userId}:${keyOf(i)}`)));
}

const totals = (cells: HomeworkCell[]): HomeworkProgress => ({
  solved: cells.filter((c) => c.accepted).length,
  total: cells.length,
  score: round2(cells.reduce((sum, c) => sum + c.best_score, 0)),
});

/** Summaries of these homework as the viewer sees them (students: their progress). */
async function summaries(
  d: D,
  viewer: Viewer,
  rows: HomeworkRow[],
  roles: Map<number, string>,
  admin: boolean,
): Promise<HomeworkList> {
  const ids = rows.map((r) => r.id);
  const [classes, problems] = await Promise.all([hrepo.classesOf(d.db, ids), hrepo.itemsOf(d.db, ids)]);
  const now = nowIso(d.clock);
  const out: HomeworkSummary[] = [];
  for (const r of rows) {
    const cs = classes.filter((c) => c.homework_id === r.id);
    const manage = admin || cs.some((c) => isManager(roles.get(c.class_id)));
    const student = cs.some((c) => roles.get(c.class_id) === 'student');
    if (!manage && (!student || r.start_time > now)) continue;
    const pids = problems.get(r.id) ?? [];
    out.push({
      homework_id: r.id,
      title: r.title,
      start_time: r.start_time,
      deadline: r.deadline,
      late_end: r.late_end,
      late_factor: r.late_factor,
      classes: cs.map((c) => ({ class_id: c.class_id, name: c.name })),
      problem_count: pids.length,
      progress: manage ? null : totals(await progressOf(d, viewer.uuid, r, pids)),
      manage,
    });
  }
  return out;
}

/** A class's homework (its members and managers). */
export async function classHomework(d: D, viewer: Viewer, classId: number): Promise<HomeworkList> {
  const a = await requireAccess(d, viewer, classId, 'read');
  const rows = await hrepo.homeworkByIds(d.db, await hrepo.homeworkOfClasses(d.db, [classId]));
  const roles = new Map(a.role ? [[classId, a.role as string]] : []);
  const all = await hrepo.rolesIn(
    d.db,
    (
      await hrepo.classesOf(
        d.db,
        rows.map((r) => r.id),
      )
    ).map((c) => c.class_id),
    viewer.uuid,
  );
  for (const [k, v] of all) roles.set(k, v);
  return summaries(d, viewer, rows, roles, a.admin);
}

/** 我的作业: the homework of every class the caller belongs to. */
export async function myHomework(d: D, viewer: Viewer): Promise<HomeworkList> {
  const memberships = await hrepo.membershipsOf(d.db, viewer.uuid);
  const roles = new Map(memberships.map((m) => [m.class_id, m.role]));
  const rows = await hrepo.homeworkByIds(d.db, await hrepo.homeworkOfClasses(d.db, [...roles.keys()]));
  return summaries(d, viewer, rows, roles, false);
}

export async function homeworkDetail(d: D, viewer: Viewer, id: number): Promise<HomeworkDetail> {
  const a = await readable(d, viewer, id);
  const items = (await hrepo.itemsOf(d.db, [id])).get(id) ?? [];
  const names = await itemNames(
    d,
    viewer,
    items,
    a.classes.map((c) => c.class_id),
    !a.manageAny,
  );
  const shown = items.filter((p) => names.has(keyOf(p)));
  const cells = a.manageAny ? null : await progressOf(d, viewer.uuid, a.row, shown);
  return {
    homework_id: id,
    title: a.row.title,
    description: a.row.description,
    start_time: a.row.start_time,
    deadline: a.row.deadline,
    late_end: a.row.late_end,
    late_factor: a.row.late_factor,
    classes: a.classes,
    class_ids: a.classes.map((c) => c.class_id),
    problem_count: shown.length,
    progress: cells ? totals(cells) : null,
    manage: a.manageAny,
    problems: shown.map((p, i) => ({
      problem_id: p.id,
      kind: p.kind,
      chinese_name: names.get(keyOf(p))!,
      accepted: cells?.[i].accepted ?? false,
      attempts: cells?.[i].attempts ?? 0,
      score: cells?.[i].best_score ?? 0,
      late: cells?.[i].late ?? false,
    })),
  };
}

/**
 * The completion matrix (teachers, TAs of one of its classes): a fixed number of statements
 * whatever the number of students — the homework and its classes, the caller's roles, the
 * items, the students, their names, and one grouped read of their tries (with math / 408
 * questions: their titles and one grouped read of the answers too).
 */
export async function homeworkMatrix(d: D, viewer: Viewer, id: number): Promise<HomeworkMatrix> {
  const a = await readable(d, viewer, id);
  if (!a.manageAny) throw forbidden('只有作业所属班级的教师和助教可以查看完成情况');
  const items = (await hrepo.itemsOf(d.db, [id])).get(id) ?? [];
  const pids = idsOf(items, 'algorithm');
  const qids = idsOf(items, 'math408');
  const students = await hrepo.studentsOf(
    d.db,
    a.classes.map((c) => c.class_id),
  );
  const userIds = students.map((s) => s.user_id);
  const [names, titles, briefs, stats] = await Promise.all([
    d.homework.problems.liveNames(pids),
    qids.length ? d.homework.math408.liveTitles(qids) : new Map<number, string>(),
    d.users.briefs(userIds),
    statsOf(d, userIds, a.row, items),
  ]);
  const rows = students.map((s) => {
    const cells = items.map((i) => cellOf(a.row, stats.get(`${s.user_id}:${keyOf(i)}`)));
    const t = totals(cells);
    return {
      user_id: s.user_id,
      username: briefs.get(s.user_id)?.username ?? `#${s.user_id}`,
      class_id: s.class_id,
      solved: t.solved,
      score: t.score,
      cells,
    };
  });
  rows.sort((x, y) => y.score - x.score || y.solved - x.solved || x.user_id - y.user_id);
  return {
    homework_id: id,
    title: a.row.title,
    problems: items.map((i) => ({
      problem_id: i.id,
      kind: i.kind,
      chinese_name: (i.kind === 'math408' ? titles.get(i.id) : names.get(i.id)) ?? `题目 ${i.id}`,
    })),
    students: rows,
  };
}

/** The matrix as a workbook: one row per student, per problem its points (迟交 marked). */
export async function matrixWorkbook(m: HomeworkMatrix): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'OJ';
  wb.created = new Date();
  const ws = wb.addWorksheet('完成情况');
  ws.addRow([
    '排名',
    '用户名',
    '通过题数',
    '总分',
    ...m.problems.map((p) => `${p.kind === 'math408' ? '数学/408 ' : ''}${p.problem_id} ${p.chinese_name}`),
  ]);
  ws.getRow(1).font = { bold: true };
  m.students.forEach((s, i) =>
    ws.addRow([
      i + 1,
      s.username,
      s.solved,
      s.score,
      ...s.cells.map((c) =>
        c.attempts === 0
          ? ''
          : `${c.accepted ? '通过' : '未通过'} ${c.best_score} 分 ${c.attempts} 次${c.late ? '（迟交）' : ''}`,
      ),
    ]),
  );
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * Notices of started homework (`rows`): 作业已发布 to each student not yet told, and 作业即将截止
 * to each not yet reminded once the deadline is a day away. Each student is told once of each
 * (homework_notices), so the periodic check is safe to repeat and to run after a restart.
 */
async function sendNotices(d: D, rows: HomeworkRow[], by: number | null): Promise<number> {
  const now = nowIso(d.clock);
  const soon = new Date(d.clock.now() + DAY_MS).toISOString();
  let sent = 0;
  for (const h of rows) {
    if (h.start_time > now || h.deadline <= now) continue;
    const classes = await hrepo.classesOf(d.db, [h.id]);
    const students = (
      await hrepo.studentsOf(
        d.db,
        classes.map((c) => c.class_id),
      )
    ).map((s) => s.user_id);
    const kinds: [string, string][] = [['published', `作业「${h.title}」已发布，截止时间 ${h.deadline}`]];
    if (h.deadline <= soon) kinds.push(['reminder', `作业「${h.title}」将在一天内截止（${h.deadline}）`]);
    for (const [kind, excerpt] of kinds) {
      const told = await hrepo.noticed(d.db, h.id, kind);
      const due = students.filter((u) => !told.has(u));
      if (!due.length) continue;
      await hrepo.markNoticed(d.db, h.id, kind, due);
      await d.homework.notifications.onHomework(
        due.map((user_id) => ({ user_id, by: by ?? h.creator_id, title: h.title, excerpt })),
      );
      sent += due.length;
    }
  }
  return sent;
}

/** The periodic check (service-lifecycle.ts): notices of every homework under way. Answers how many were sent. */
export async function homeworkNotices(d: D): Promise<number> {
  return sendNotices(d, await hrepo.activeHomework(d.db, nowIso(d.clock)), null);
}
