import { createHash } from 'node:crypto';
import type { DailyProblem, ProblemLast, ProblemLastInput } from '@oj/shared';
import type { ProblemRow } from '../../db/types';
import type { Viewer } from '../../lib/auth';
import { badRequest, notFound } from '../../lib/errors';
import { can } from '../../lib/permissions';
import { nowIso } from '../../lib/time';
import { shanghaiDate } from './dates';
import { presentBankRow } from './present';
import { live, type ProblemsDeps, row, statuses, visibleRow } from './repo';

type Db = Pick<ProblemsDeps, 'db'>;

/** The problem of the day: the admin's choice, otherwise one picked from the date (same all day). */
export async function dailyOf(p: Db, date: string, viewer: Viewer): Promise<DailyProblem | null> {
  const chosen = await p.db
    .selectFrom('daily_problems')
    .innerJoin('problems', 'problems.id', 'daily_problems.problem_id')
    .selectAll('problems')
    .where('daily_problems.date', '=', date)
    .where('problems.is_delete', '=', 0)
    // A chosen problem hidden since stays hidden (the automatic pick below takes its place).
    .where('problems.visible', '=', 1)
    .executeTakeFirst();
  let r: ProblemRow | undefined = chosen;
  if (!r) {
    const ids = (
      await live(p)
        .select('id')
        .where('visible', '=', 1)
        .where('test_case_num', '>', 0)
        .orderBy('id')
        .execute()
    ).map((x) => x.id);
    if (!ids.length) return null;
    const h = createHash('sha256').update(date).digest().readUInt32BE(0);
    r = await row(p, ids[h % ids.length]);
    if (!r) return null;
  }
  const st = await statuses(p, viewer, [r.id]);
  return { date, problem: presentBankRow(r, st.get(r.id) ?? 'none'), chosen: Boolean(chosen) };
}

export async function setDaily(p: Db, problemId: number, date = shanghaiDate()): Promise<void> {
  const r = await row(p, problemId);
  if (!r) throw notFound(`题目 ${problemId} 不存在`);
  if (r.visible !== 1) throw badRequest(`题目 ${problemId} 未公开，不能设为每日一题`, 'problem_id');
  await p.db
    .insertInto('daily_problems')
    .values({ date, problem_id: problemId, create_time: nowIso() })
    .onConflict((oc) => oc.column('date').doUpdateSet({ problem_id: problemId, create_time: nowIso() }))
    .execute();
}

/** The problem the viewer last opened (the home page's "continue"). */
export async function lastOpened(p: Db, viewer: Viewer): Promise<ProblemLast> {
  const r = await p.db
    .selectFrom('problem_last')
    .innerJoin('problems', 'problems.id', 'problem_last.problem_id')
    .select(['problems.id', 'problems.chinese_name', 'problem_last.language', 'problem_last.update_time'])
    .where('problem_last.user_id', '=', viewer.uuid)
    .where('problems.is_delete', '=', 0)
    // A problem hidden after it was opened is no longer offered (admins still see it).
    .$if(!can(viewer, { action: 'problem.viewHidden' }), (q) => q.where('problems.visible', '=', 1))
    .executeTakeFirst();
  if (!r) return null;
  return {
    problem_id: r.id,
    chinese_name: r.chinese_name,
    language: (r.language as NonNullable<ProblemLast>['language']) ?? null,
    update_time: r.update_time,
  };
}

export async function setLastOpened(p: Db, viewer: Viewer, input: ProblemLastInput): Promise<void> {
  await visibleRow(p, viewer, input.problem_id);
  const values = { problem_id: input.problem_id, language: input.language ?? null, update_time: nowIso() };
  await p.db
    .insertInto('problem_last')
    .values({ user_id: viewer.uuid, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}
