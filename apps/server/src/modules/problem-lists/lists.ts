import {
  type PageQuery,
  PROBLEM_LIST_LIMITS,
  type ProblemListDetail,
  type ProblemListInput,
  type ProblemListItem,
  type ProblemListPage,
  type ProblemListSquareQuery,
} from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { loadMarkdownHtml, markdownHtml } from '../../lib/markdown-html';
import { nowIso } from '../../lib/time';
import type { ProblemListsDeps } from './deps';
import { presentSummaries, progressOf, readable, visibleNames } from './present';
import * as repo from './repo';
import type { ProblemListRow } from './tables';

type D = ProblemListsDeps;

const missing = (id: number) => notFound(`题单 ${id} 不存在`);

/** A list this viewer may read; a private list of someone else does not exist for them. */
async function readableList(d: D, viewer: Viewer, id: number): Promise<ProblemListRow> {
  const row = await repo.listById(d.db, id);
  if (!readable(viewer, row)) throw missing(id);
  return row;
}

/** A list this viewer may edit: their own (others' lists: not found when private, refused when public). */
async function ownList(d: D, viewer: Viewer, id: number): Promise<ProblemListRow> {
  const row = await readableList(d, viewer, id);
  if (row.owner_id !== viewer.uuid) throw forbidden('只有题单的创建者可以修改或删除它');
  return row;
}

/** The items as written, refused when one names a problem the writer may not see (as if it did not exist). */
async function checkedItems(d: D, viewer: Viewer, input: ProblemListInput) {
  const visible = await visibleNames(
    d,
    viewer,
    input.items.map((i) => i.problem_id),
  );
  const unknown = input.items.find((i) => !visible.has(i.problem_id));
  if (unknown) throw notFound(`题目 ${unknown.problem_id} 不存在`);
  return input.items.map((i) => ({ problem_id: i.problem_id, note: i.note }));
}

export async function createList(
  d: D,
  viewer: Viewer,
  input: ProblemListInput,
): Promise<{ list_id: number }> {
  const items = await checkedItems(d, viewer, input);
  const listId = await repo.inTransaction(d.db, async (trx) => {
    const id = await repo.insertList(trx, {
      owner_id: viewer.uuid,
      title: input.title,
      description: input.description,
      public: input.public ? 1 : 0,
      created_at: nowIso(d.clock),
    });
    await repo.replaceItems(trx, id, items);
    return id;
  });
  return { list_id: listId };
}

/**
 * The owner writes the whole list again (title, description, visibility, items in order). Items the
 * owner may not see (a problem hidden since it was added, or one an admin added before handing the
 * list on) are not in what the owner sends and are kept, after the others; deleted problems leave.
 */
export async function modifyList(
  d: D,
  viewer: Viewer,
  listId: number,
  input: ProblemListInput,
): Promise<void> {
  await ownList(d, viewer, listId);
  const items = await checkedItems(d, viewer, input);
  const sent = new Set(items.map((i) => i.problem_id));
  const stored = await repo.itemsOf(d.db, listId);
  const [live, visible] = await Promise.all([
    d.problems.liveNames(stored.map((s) => s.problem_id)),
    visibleNames(
      d,
      viewer,
      stored.map((s) => s.problem_id),
    ),
  ]);
  const kept = stored.filter(
    (s) => live.has(s.problem_id) && !visible.has(s.problem_id) && !sent.has(s.problem_id),
  );
  const all = [...items, ...kept];
  if (all.length > PROBLEM_LIST_LIMITS.itemsMax)
    throw badRequest(`一个题单最多 ${PROBLEM_LIST_LIMITS.itemsMax} 道题目`, 'items');
  await repo.inTransaction(d.db, async (trx) => {
    await repo.updateList(trx, listId, {
      title: input.title,
      description: input.description,
      public: input.public ? 1 : 0,
      updated_at: nowIso(d.clock),
    });
    await repo.replaceItems(trx, listId, all);
  });
}

export async function deleteList(d: D, viewer: Viewer, listId: number): Promise<void> {
  await ownList(d, viewer, listId);
  await repo.inTransaction(d.db, (trx) => repo.deleteList(trx, listId));
}

/**
 * The problems of a list as this viewer sees them, in order, with the viewer's own status: those
 * the viewer may not see in the bank are left out entirely (not named, not counted). Exported
 * through the service for the classes' homework (a list assigned to a class).
 */
export async function listProblems(d: D, listId: number, viewer: Viewer): Promise<ProblemListItem[]> {
  await readableList(d, viewer, listId);
  return problemsOf(d, viewer, listId);
}

async function problemsOf(d: D, viewer: Viewer, listId: number): Promise<ProblemListItem[]> {
  const stored = await repo.itemsOf(d.db, listId);
  const names = await visibleNames(
    d,
    viewer,
    stored.map((s) => s.problem_id),
  );
  const shown = stored.filter((s) => names.has(s.problem_id));
  const statuses = await d.problems.statuses(
    viewer,
    shown.map((s) => s.problem_id),
  );
  return shown.map((s) => ({
    problem_id: s.problem_id,
    chinese_name: names.get(s.problem_id)!,
    note: s.note,
    status: statuses.get(s.problem_id) ?? 'none',
  }));
}

export async function listDetail(d: D, viewer: Viewer, listId: number): Promise<ProblemListDetail> {
  const row = await readableList(d, viewer, listId);
  const [items, counts] = await Promise.all([
    problemsOf(d, viewer, listId),
    repo.favouriteCounts(d.db, [listId]),
    loadMarkdownHtml(),
  ]);
  const [summary] = await presentSummaries(d, viewer, [{ ...row, favourite_count: counts.get(listId) ?? 0 }]);
  return {
    ...summary,
    description: row.description,
    description_html: markdownHtml(row.description),
    mine: row.owner_id === viewer.uuid,
    items,
    progress: progressOf(items.map((i) => i.status)),
  };
}

/** A copy of a readable list, private, owned by the viewer: only the problems the viewer may see. */
export async function copyList(d: D, viewer: Viewer, listId: number): Promise<{ list_id: number }> {
  const row = await readableList(d, viewer, listId);
  const items = await problemsOf(d, viewer, listId);
  const suffix = '（副本）';
  const title = row.title.slice(0, PROBLEM_LIST_LIMITS.titleMax - suffix.length) + suffix;
  return createList(d, viewer, {
    title,
    description: row.description,
    public: false,
    items: items.map((i) => ({ problem_id: i.problem_id, note: i.note })),
  });
}

/** The 题单 square: public lists only, whoever asks. */
export async function square(d: D, viewer: Viewer, q: ProblemListSquareQuery): Promise<ProblemListPage> {
  const page = await repo.listsPage(d.db, { publicOnly: true, keyword: q.keyword || undefined }, q.sort, q);
  return { ...page, records: await presentSummaries(d, viewer, page.records) };
}

/** A user's lists (a profile, 我的题单): every one to their owner, public ones to anyone else. */
export async function listsOf(d: D, viewer: Viewer, ownerId: number, q: PageQuery): Promise<ProblemListPage> {
  const page = await repo.listsPage(d.db, { publicOnly: ownerId !== viewer.uuid, ownerId }, 'newest', q);
  return { ...page, records: await presentSummaries(d, viewer, page.records) };
}
