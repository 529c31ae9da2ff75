import type { HomeworkItemRef } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { can } from '../../lib/permissions';
import type { ClassesDeps } from './deps';
import type { HomeworkRow } from './tables';

/**
 * A homework's items (docs/classes.md "Homework"): bank problems and math / 408 questions, their
 * names as a reader may see them, and the students' tries of them in the homework's window.
 */

type D = ClassesDeps;

/** An item's key in maps of names and stats: the same id may be a problem and a question. */
export const keyOf = (it: HomeworkItemRef) => `${it.kind}:${it.id}`;
export const idsOf = (items: HomeworkItemRef[], kind: HomeworkItemRef['kind']) =>
  items.filter((i) => i.kind === kind).map((i) => i.id);

/**
 * Names of a homework's items its reader may see, by `keyOf`: problems as `shownNames`, questions
 * that exist and (`publishedOnly`, unless the reader may see hidden ones) are not hidden.
 */
export async function itemNames(
  d: D,
  viewer: Viewer,
  items: HomeworkItemRef[],
  classIds: number[],
  publishedOnly: boolean,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const pids = idsOf(items, 'algorithm');
  const qids = idsOf(items, 'math408');
  if (pids.length)
    for (const [id, name] of await shownNames(d, viewer, pids, classIds, publishedOnly))
      out.set(keyOf({ kind: 'algorithm', id }), name);
  if (qids.length) {
    const titles = await d.homework.math408.liveTitles(qids, {
      publishedOnly: publishedOnly && !can(viewer, { action: 'problem.viewHidden' }),
    });
    for (const [id, title] of titles) out.set(keyOf({ kind: 'math408', id }), title);
  }
  return out;
}

/**
 * Names of a homework's problems its reader may see: published ones (all, for administrators and,
 * `manager`, its teachers), and the class problems of every one of its classes (issue 27 part 3: a
 * class problem belongs in a homework only when each class of the homework may read it).
 */
async function shownNames(d: D, viewer: Viewer, ids: number[], classIds: number[], publishedOnly: boolean) {
  const names = await d.homework.problems.liveNames(ids, {
    publishedOnly: publishedOnly && !can(viewer, { action: 'problem.viewHidden' }),
  });
  const rest = ids.filter((id) => !names.has(id));
  if (!rest.length || !classIds.length || !d.classProblems) return names;
  const ofEvery = await d.classProblems.access.problemsOfEveryClass(rest, classIds);
  const more = await d.homework.problems.liveNames(ofEvery, { publishedOnly: false });
  return new Map([...names, ...more]);
}

/** The window of tries that count: from the start to the end of the late period (or the deadline). */
export const windowOf = (h: HomeworkRow) => ({
  from: h.start_time,
  deadline: h.deadline,
  to: h.late_end ?? h.deadline,
});

/** One student's tries of one item: a problem's submissions or a question's answers (right = 1). */
export interface Stat {
  attempts: number;
  first_accepted: string | null;
  best_on_time: number | null;
  best_late: number | null;
}

/**
 * The students' tries of a homework's items, by `${user}:${keyOf(item)}`: one grouped read of the
 * problems' submissions and one of the questions' answers (each skipped when there is none), so the
 * cost does not grow with the number of students.
 */
export async function statsOf(
  d: D,
  userIds: number[],
  h: HomeworkRow,
  items: HomeworkItemRef[],
): Promise<Map<string, Stat>> {
  const pids = idsOf(items, 'algorithm');
  const qids = idsOf(items, 'math408');
  const w = windowOf(h);
  const [tries, answers] = await Promise.all([
    pids.length ? d.homework.submissions.homeworkStats(userIds, pids, w) : [],
    qids.length ? d.homework.math408.homeworkAnswers(userIds, qids, w) : [],
  ]);
  const out = new Map<string, Stat>();
  for (const t of tries) out.set(`${t.user_id}:${keyOf({ kind: 'algorithm', id: t.problem_id })}`, t);
  for (const a of answers)
    out.set(`${a.user_id}:${keyOf({ kind: 'math408', id: a.question_id })}`, {
      attempts: a.attempts,
      first_accepted: a.first_right,
      best_on_time: a.right_on_time,
      best_late: a.right_late,
    });
  return out;
}
