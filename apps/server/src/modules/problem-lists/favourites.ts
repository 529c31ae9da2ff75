import {
  type FavouriteProblems,
  type PageQuery,
  PROBLEM_LIST_LIMITS,
  type ProblemListFavourited,
  type ProblemListPage,
} from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { badRequest, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { ProblemListsDeps } from './deps';
import { presentSummaries, progressOf, readable, visibleNames } from './present';
import * as repo from './repo';

type D = ProblemListsDeps;

/** 收藏 a list the viewer may read (public, or their own); taking a favourite back always works. */
export async function favouriteList(
  d: D,
  viewer: Viewer,
  listId: number,
  on: boolean,
): Promise<ProblemListFavourited> {
  const row = await repo.listById(d.db, listId);
  if (!readable(viewer, row)) throw notFound(`题单 ${listId} 不存在`);
  await repo.setListFavourite(d.db, viewer.uuid, listId, on, nowIso(d.clock));
  const counts = await repo.favouriteCounts(d.db, [listId]);
  return { favourited: on, favourite_count: counts.get(listId) ?? 0 };
}

/** The lists the viewer favourited and may still read. */
export async function favouriteLists(d: D, viewer: Viewer, q: PageQuery): Promise<ProblemListPage> {
  const page = await repo.favouriteListsPage(d.db, viewer.uuid, q);
  return { ...page, records: await presentSummaries(d, viewer, page.records) };
}

/** 收藏 a bank problem the viewer may see; taking the star back always works. */
export async function favouriteProblem(d: D, viewer: Viewer, problemId: number, on: boolean) {
  if (on && !(await visibleNames(d, viewer, [problemId])).has(problemId))
    throw notFound(`题目 ${problemId} 不存在`);
  if (on && (await repo.problemFavouriteCount(d.db, viewer.uuid)) >= PROBLEM_LIST_LIMITS.starsMax)
    throw badRequest(`最多收藏 ${PROBLEM_LIST_LIMITS.starsMax} 道题目，请先取消一些收藏`);
  await repo.setProblemFavourite(d.db, viewer.uuid, problemId, on, nowIso(d.clock));
  return { favourited: on };
}

/** 我的收藏: the starred problems the viewer may (still) see, with the viewer's status. */
export async function favouriteProblems(d: D, viewer: Viewer): Promise<FavouriteProblems> {
  const rows = await repo.problemFavourites(d.db, viewer.uuid);
  const names = await visibleNames(
    d,
    viewer,
    rows.map((r) => r.problem_id),
  );
  const shown = rows.filter((r) => names.has(r.problem_id));
  const statuses = await d.problems.statuses(
    viewer,
    shown.map((r) => r.problem_id),
  );
  const problems = shown.map((r) => ({
    problem_id: r.problem_id,
    chinese_name: names.get(r.problem_id)!,
    status: statuses.get(r.problem_id) ?? ('none' as const),
    favourite_time: r.created_at,
  }));
  return { problems, progress: progressOf(problems.map((p) => p.status)) };
}

/** The ids the bank's stars light up. */
export async function starredIds(d: D, viewer: Viewer): Promise<number[]> {
  return (await favouriteProblems(d, viewer)).problems.map((p) => p.problem_id);
}
