import type {
  AlgorithmQuery,
  BankPage,
  DifficultySum,
  Problem,
  ProblemInput,
  ProblemNeighbours,
  ProblemModifyInput,
} from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { conflict, notFound } from '../../lib/errors';
import { keywordId, keywordMatch, paginateQuery } from '../../lib/pagination';
import { can } from '../../lib/permissions';
import { nowIso } from '../../lib/time';
import { presentBankRow, presentProblem, type StoredTest, tagIds } from './present';
import {
  columns,
  exists,
  live,
  nextId,
  type ProblemsDeps,
  row,
  statuses,
  visibleRow,
  writeTags,
} from './repo';

type Db = Pick<ProblemsDeps, 'db' | 'outbox'>;

/**
 * `tests`: a stored test set written with the row (an import: the problem never exists without it).
 * `authorId`: the admin who creates it (sees every judged test's details, issue 22).
 */
export async function addProblem(
  p: Db,
  input: ProblemInput,
  tests: StoredTest[] = [],
  authorId: number | null = null,
): Promise<number> {
  const id = input.problem_id ?? (await nextId(p));
  if (await exists(p, id)) throw conflict(`题目编号 ${id} 已被使用`, 'problem_id');
  const now = nowIso();
  const cols = columns(input);
  // One transaction with its outbox row: the search index hears of every committed change.
  await p.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('problems')
      .values({
        id,
        ...cols,
        tests: JSON.stringify(tests),
        test_case_num: tests.length,
        author_id: authorId,
        submit_num: 0,
        accept_num: 0,
        is_delete: 0,
        create_time: now,
        update_time: now,
      })
      .execute();
    await writeTags({ db: trx }, id, tagIds(cols));
    await p.outbox.add(trx, 'problem', id);
  });
  return id;
}

export async function modifyProblem(p: Db, input: ProblemModifyInput): Promise<void> {
  if (!(await row(p, input.problem_id))) throw notFound(`题目 ${input.problem_id} 不存在`);
  const cols = columns(input);
  await p.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('problems')
      .set({ ...cols, update_time: nowIso() })
      .where('id', '=', input.problem_id)
      .execute();
    await writeTags({ db: trx }, input.problem_id, tagIds(cols));
    await p.outbox.add(trx, 'problem', input.problem_id);
  });
}

/**
 * Soft delete: submissions keep pointing at the problem (records stay readable with its name);
 * the bank, the daily pick and new submissions no longer see it.
 */
export async function removeProblem(p: Db, id: number): Promise<void> {
  await p.db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('problems')
      .set({ is_delete: 1, update_time: nowIso() })
      .where('id', '=', id)
      .where('is_delete', '=', 0)
      .executeTakeFirst();
    if (!Number(res.numUpdatedRows)) throw notFound(`题目 ${id} 不存在`);
    await trx.deleteFrom('daily_problems').where('problem_id', '=', id).execute();
    await trx.deleteFrom('problem_last').where('problem_id', '=', id).execute();
    await p.outbox.add(trx, 'problem', id);
  });
}

export async function getProblem(p: Db, viewer: Viewer, id: number): Promise<Problem> {
  const r = await visibleRow(p, viewer, id);
  const st = await statuses(p, viewer, [id]);
  return presentProblem(r, st.get(id) ?? 'none', { isAdmin: can(viewer, { action: 'problem.manage' }) });
}

export async function searchBank(p: Db, viewer: Viewer, q: AlgorithmQuery): Promise<BankPage> {
  const admin = can(viewer, { action: 'problem.viewHidden' });
  const base = () => {
    let b = live(p);
    if (!admin) b = b.where('visible', '=', 1);
    const kw = q.keyword?.trim();
    if (kw)
      b = b.where((eb) =>
        eb.or([eb('id', '=', keywordId(kw)), keywordMatch(kw, ['chinese_name', 'english_name'])]),
      );
    if (q.difficulty !== undefined) b = b.where('difficulty', '=', q.difficulty);
    if (q.source_list.length) b = b.where('source_name', 'in', q.source_list);
    const tags = [...new Set(q.tags_list)];
    if (tags.length) {
      // ALL the tags: the problem must appear once per wanted tag.
      b = b.where('id', 'in', (eb) =>
        eb
          .selectFrom('problem_tags')
          .select('problem_id')
          .where('tag_id', 'in', tags)
          .groupBy('problem_id')
          .having((h) => h.fn.countAll(), '=', tags.length),
      );
    }
    if (q.status && viewer.uuid > 0) {
      const sub = p.db
        .selectFrom('user_problem_status')
        .select('problem_id')
        .where('user_id', '=', viewer.uuid);
      if (q.status === 'solved') b = b.where('id', 'in', sub.where('solved', '=', 1));
      else if (q.status === 'tried') b = b.where('id', 'in', sub.where('solved', '=', 0));
      else b = b.where('id', 'not in', sub);
    }
    return b;
  };
  const page = await paginateQuery(q, base, (b) => b.selectAll().orderBy('id', 'asc'));
  const st = await statuses(
    p,
    viewer,
    page.records.map((r) => r.id),
  );
  return { ...page, records: page.records.map((r) => presentBankRow(r, st.get(r.id) ?? 'none')) };
}

export async function difficultySum(
  p: Db,
  viewer: Viewer,
  difficulty: number | undefined,
): Promise<DifficultySum> {
  let base = live(p).where('visible', '=', 1);
  if (difficulty !== undefined) base = base.where('difficulty', '=', difficulty);
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  let solved = 0;
  if (viewer.uuid > 0) {
    const s = await base
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('user_problem_status')
          .select('problem_id')
          .where('user_id', '=', viewer.uuid)
          .where('solved', '=', 1),
      )
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    solved = Number(s.n);
  }
  return { difficulty: difficulty ?? null, total: Number(total.n), solved };
}

/**
 * The problems before and after one in bank order (ascending id), among those the viewer may
 * see: hidden problems (contests, math / 408) are skipped unless the viewer is an admin, so the
 * solving page's 上一题 / 下一题 never lead to a refusal or name a hidden problem.
 */
export async function neighbours(p: Db, viewer: Viewer, id: number): Promise<ProblemNeighbours> {
  await visibleRow(p, viewer, id);
  const seen = () => {
    const b = live(p).select(['id', 'chinese_name']);
    return can(viewer, { action: 'problem.viewHidden' }) ? b : b.where('visible', '=', 1);
  };
  const [prev, next] = await Promise.all([
    seen().where('id', '<', id).orderBy('id', 'desc').limit(1).executeTakeFirst(),
    seen().where('id', '>', id).orderBy('id', 'asc').limit(1).executeTakeFirst(),
  ]);
  const link = (r: { id: number; chinese_name: string } | undefined) =>
    r ? { problem_id: r.id, chinese_name: r.chinese_name } : null;
  return { prev: link(prev), next: link(next) };
}
