import { createHash } from 'node:crypto';
import type { DailyProblem, ProblemLast, ProblemLastInput } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { badRequest, notFound } from '../../lib/errors';
import { can } from '../../lib/permissions';
import { nowIso } from '../../lib/time';
import { statuses, visibleRow } from './bank';
import * as daily from './daily-repo';
import { shanghaiDate } from './dates';
import type { ProblemsDeps } from './deps';
import { presentBankRow } from './present';
import { liveRow } from './repo';

type D = Pick<ProblemsDeps, 'db'>;

/** The problem of the day: the admin's choice, otherwise one picked from the date (same all day). */
export async function dailyOf(d: D, date: string, viewer: Viewer): Promise<DailyProblem | null> {
  const chosen = await daily.chosenDaily(d.db, date);
  let r = chosen;
  if (!r) {
    const ids = await daily.dailyCandidates(d.db);
    if (!ids.length) return null;
    const h = createHash('sha256').update(date).digest().readUInt32BE(0);
    r = await liveRow(d.db, ids[h % ids.length]);
    if (!r) return null;
  }
  const st = await statuses(d, viewer, [r.id]);
  return { date, problem: presentBankRow(r, st.get(r.id) ?? 'none'), chosen: Boolean(chosen) };
}

export async function setDaily(d: D, problemId: number, date = shanghaiDate()): Promise<void> {
  const r = await liveRow(d.db, problemId);
  if (!r) throw notFound(`题目 ${problemId} 不存在`);
  if (r.visible !== 1) throw badRequest(`题目 ${problemId} 未公开，不能设为每日一题`, 'problem_id');
  await daily.setDaily(d.db, date, problemId, nowIso());
}

/** The problem the viewer last opened (the home page's "continue"). */
export async function lastOpened(d: D, viewer: Viewer): Promise<ProblemLast> {
  // A problem hidden after it was opened is no longer offered (admins still see it).
  const r = await daily.lastOpened(d.db, viewer.uuid, !can(viewer, { action: 'problem.viewHidden' }));
  if (!r) return null;
  return {
    problem_id: r.id,
    chinese_name: r.chinese_name,
    language: (r.language as NonNullable<ProblemLast>['language']) ?? null,
    update_time: r.update_time,
  };
}

export async function setLastOpened(d: D, viewer: Viewer, input: ProblemLastInput): Promise<void> {
  await visibleRow(d, viewer, input.problem_id);
  await daily.setLastOpened(d.db, viewer.uuid, {
    problem_id: input.problem_id,
    language: input.language ?? null,
    update_time: nowIso(),
  });
}
