import type { MyStatus, ProblemListProgress, ProblemListSummary } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { can } from '../../lib/permissions';
import type { ProblemListsDeps } from './deps';
import * as repo from './repo';
import type { ProblemListRow } from './tables';

type D = Pick<ProblemListsDeps, 'db' | 'problems' | 'users'>;

/**
 * The names of those of some problems this viewer may see in the bank: live, and published unless
 * the viewer may see hidden problems (the bank's own rule, problems' `liveNames`). Whatever is not
 * in the answer is left out of every list, count and progress shown to this viewer.
 */
export const visibleNames = (d: Pick<D, 'problems'>, viewer: Viewer, ids: number[]) =>
  d.problems.liveNames([...new Set(ids)], { publishedOnly: !can(viewer, { action: 'problem.viewHidden' }) });

/** A list may be read by anyone when public, else by its owner only (admins included in "anyone else"). */
export const readable = (viewer: Viewer, row: ProblemListRow | undefined): row is ProblemListRow =>
  Boolean(row && (row.public === 1 || (viewer.uuid > 0 && row.owner_id === viewer.uuid)));

export function progressOf(statuses: (MyStatus | 'none')[]): ProblemListProgress {
  const solved = statuses.filter((s) => s === 'solved').length;
  const attempted = statuses.filter((s) => s === 'tried').length;
  return { total: statuses.length, solved, attempted };
}

/** Lists as listed to this viewer: owners' names, the problems they may see counted, favourites. */
export async function presentSummaries(
  d: D,
  viewer: Viewer,
  rows: (ProblemListRow & { favourite_count: number | string | bigint })[],
): Promise<ProblemListSummary[]> {
  const ids = rows.map((r) => r.id);
  const [owners, items, favourited] = await Promise.all([
    d.users.briefs(rows.map((r) => r.owner_id)),
    repo.problemsOfLists(d.db, ids),
    repo.favouritedLists(d.db, viewer.uuid, ids),
  ]);
  const visible = await visibleNames(
    d,
    viewer,
    items.map((i) => i.problem_id),
  );
  const counts = new Map<number, number>();
  for (const it of items)
    if (visible.has(it.problem_id)) counts.set(it.list_id, (counts.get(it.list_id) ?? 0) + 1);
  return rows.map((r) => ({
    list_id: r.id,
    title: r.title,
    public: r.public === 1,
    owner: { uuid: r.owner_id, username: owners.get(r.owner_id)?.username ?? '已注销用户' },
    problem_count: counts.get(r.id) ?? 0,
    favourite_count: Number(r.favourite_count),
    favourited: favourited.has(r.id),
    create_time: r.created_at,
    update_time: r.updated_at,
  }));
}
