import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  algorithmTagIndex,
  type AlgorithmQuery,
  type BankPage,
  type CheckerSpec,
  type DailyProblem,
  type DifficultySum,
  type JudgeLimits,
  type JudgeTest,
  type MyStatus,
  type Problem,
  PROBLEM_LIMITS,
  type ProblemInput,
  type ProblemLast,
  type ProblemLastInput,
  type ProblemModifyInput,
  TEST_PREVIEW_CHARS,
  type TestCaseSummary,
  type TestCaseView,
} from '@oj/shared';
import type { Database, ProblemRow } from '../../db/types';
import type { Viewer } from '../../lib/auth';
import { badRequest, conflict, notFound, tooLarge } from '../../lib/errors';
import { keywordId, keywordMatch, paginateQuery } from '../../lib/pagination';
import { can } from '../../lib/permissions';
import { nowIso } from '../../lib/time';
import { shanghaiDate } from './dates';
import { checkerOf, presentBankRow, presentProblem, type StoredTest, tagIds, testsOf } from './present';
import type { TestDataStorage } from './testdata-storage';
import { writeTestZip, type TestPair } from './zip';

/** The demo bank starts at 1000 (A+B), like most judges. */
export const FIRST_PROBLEM_ID = 1000;

export interface JudgeSpec {
  limits: JudgeLimits;
  tests: JudgeTest[];
  checker: CheckerSpec;
}

const mib = (n: number) => `${Math.round(n / 1024 / 1024)} MiB`;

export function createProblemsService(deps: { db: Kysely<Database>; storage: TestDataStorage }) {
  const { db, storage } = deps;
  const live = () => db.selectFrom('problems').where('is_delete', '=', 0);

  function checkTags(ids: number[]): number[] {
    const unique = [...new Set(ids)];
    for (const id of unique)
      if (!algorithmTagIndex.byId(id)) throw badRequest(`tags_list 中的标签 ${id} 不存在`);
    return unique;
  }

  async function row(id: number): Promise<ProblemRow | undefined> {
    return live().selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** True when the id was ever used (deleted problems included): ids are never reused. */
  const exists = async (id: number) =>
    Boolean(await db.selectFrom('problems').select('id').where('id', '=', id).executeTakeFirst());

  /** A problem the viewer may see; hidden ones exist only for admins. */
  async function visibleRow(viewer: Viewer, id: number): Promise<ProblemRow> {
    const r = await row(id);
    if (!r || (r.visible !== 1 && !can(viewer, { action: 'problem.viewHidden' }))) {
      throw notFound(`题目 ${id} 不存在`);
    }
    return r;
  }

  async function statuses(viewer: Viewer, ids: number[]): Promise<Map<number, MyStatus>> {
    const out = new Map<number, MyStatus>();
    if (viewer.uuid < 0 || !ids.length) return out;
    const rows = await db
      .selectFrom('user_problem_status')
      .select(['problem_id', 'solved'])
      .where('user_id', '=', viewer.uuid)
      .where('problem_id', 'in', ids)
      .execute();
    for (const r of rows) out.set(r.problem_id, r.solved ? 'solved' : 'tried');
    return out;
  }

  async function writeTags(problemId: number, ids: number[]): Promise<void> {
    await db.deleteFrom('problem_tags').where('problem_id', '=', problemId).execute();
    if (ids.length)
      await db
        .insertInto('problem_tags')
        .values(ids.map((tag_id) => ({ problem_id: problemId, tag_id })))
        .execute();
  }

  function columns(input: ProblemInput) {
    return {
      chinese_name: input.chinese_name,
      english_name: input.english_name,
      description: input.description,
      difficulty: input.difficulty,
      tags: JSON.stringify(checkTags(input.tags_list)),
      source_name: input.source_name,
      time_limit: input.time_limit,
      memory_limit: input.memory_limit,
      samples: JSON.stringify(input.samples),
      checker: JSON.stringify(input.checker),
      visible: input.visible ? 1 : 0,
    };
  }

  async function nextId(): Promise<number> {
    const max = await db
      .selectFrom('problems')
      .select((eb) => eb.fn.max('id').as('m'))
      .executeTakeFirst();
    return Math.max(FIRST_PROBLEM_ID, Number(max?.m ?? 0) + 1);
  }

  /** Replaces the test set of a problem; files are stored by hash (shared with any other problem). */
  async function setTests(problemId: number, pairs: TestPair[]): Promise<TestCaseSummary> {
    if (!(await row(problemId))) throw notFound(`题目 ${problemId} 不存在`);
    if (!pairs.length) throw badRequest('测试数据至少一组');
    if (pairs.length > PROBLEM_LIMITS.testCountMax)
      throw badRequest(`测试数据最多 ${PROBLEM_LIMITS.testCountMax} 组`);
    let total = 0;
    for (const [i, p] of pairs.entries()) {
      for (const [what, b] of [
        ['input', p.input],
        ['output', p.output],
      ] as const) {
        if (b.length > PROBLEM_LIMITS.testFileMaxBytes)
          throw tooLarge(`第 ${i + 1} 组的 ${what} 超过 ${mib(PROBLEM_LIMITS.testFileMaxBytes)}`);
        total += b.length;
      }
    }
    if (total > PROBLEM_LIMITS.testTotalMaxBytes)
      throw tooLarge(`测试数据总大小超过 ${mib(PROBLEM_LIMITS.testTotalMaxBytes)}`);
    const tests: StoredTest[] = pairs.map((p) => ({
      input: storage.put(p.input),
      output: storage.put(p.output),
      input_size: p.input.length,
      output_size: p.output.length,
    }));
    await db
      .updateTable('problems')
      .set({ tests: JSON.stringify(tests), test_case_num: tests.length, update_time: nowIso() })
      .where('id', '=', problemId)
      .execute();
    return { problem_id: problemId, test_case_num: tests.length, total_size: total };
  }

  async function storedPairs(problemId: number): Promise<TestPair[]> {
    const r = await row(problemId);
    if (!r) throw notFound(`题目 ${problemId} 不存在`);
    return Promise.all(
      testsOf(r).map(async (t) => ({
        input: await storage.read(t.input),
        output: await storage.read(t.output),
      })),
    );
  }

  const preview = (b: Buffer) => {
    const text = b.subarray(0, TEST_PREVIEW_CHARS * 4).toString('utf8');
    const cut = text.length > TEST_PREVIEW_CHARS || b.length > TEST_PREVIEW_CHARS * 4;
    return { text: cut ? text.slice(0, TEST_PREVIEW_CHARS) : text, cut };
  };

  /** The problem of the day: the admin's choice, otherwise one picked from the date (same all day). */
  async function dailyOf(date: string, viewer: Viewer): Promise<DailyProblem | null> {
    const chosen = await db
      .selectFrom('daily_problems')
      .innerJoin('problems', 'problems.id', 'daily_problems.problem_id')
      .selectAll('problems')
      .where('daily_problems.date', '=', date)
      .where('problems.is_delete', '=', 0)
      .executeTakeFirst();
    let r: ProblemRow | undefined = chosen;
    if (!r) {
      const ids = (
        await live()
          .select('id')
          .where('visible', '=', 1)
          .where('test_case_num', '>', 0)
          .orderBy('id')
          .execute()
      ).map((x) => x.id);
      if (!ids.length) return null;
      const h = createHash('sha256').update(date).digest().readUInt32BE(0);
      r = await row(ids[h % ids.length]);
      if (!r) return null;
    }
    const st = await statuses(viewer, [r.id]);
    return { date, problem: presentBankRow(r, st.get(r.id) ?? 'none'), chosen: Boolean(chosen) };
  }

  return {
    row,
    visibleRow,
    exists,
    statuses,

    async add(input: ProblemInput): Promise<number> {
      const id = input.problem_id ?? (await nextId());
      if (await exists(id)) throw conflict(`problem_id ${id} 已被使用`);
      const now = nowIso();
      const cols = columns(input);
      await db
        .insertInto('problems')
        .values({
          id,
          ...cols,
          tests: '[]',
          test_case_num: 0,
          submit_num: 0,
          accept_num: 0,
          is_delete: 0,
          create_time: now,
          update_time: now,
        })
        .execute();
      await writeTags(id, tagIds(cols));
      return id;
    },

    async modify(input: ProblemModifyInput): Promise<void> {
      if (!(await row(input.problem_id))) throw notFound(`题目 ${input.problem_id} 不存在`);
      const cols = columns(input);
      await db
        .updateTable('problems')
        .set({ ...cols, update_time: nowIso() })
        .where('id', '=', input.problem_id)
        .execute();
      await writeTags(input.problem_id, tagIds(cols));
    },

    /**
     * Soft delete: submissions keep pointing at the problem (records stay readable with its name);
     * the bank, the daily pick and new submissions no longer see it.
     */
    async remove(id: number): Promise<void> {
      const res = await db
        .updateTable('problems')
        .set({ is_delete: 1, update_time: nowIso() })
        .where('id', '=', id)
        .where('is_delete', '=', 0)
        .executeTakeFirst();
      if (!Number(res.numUpdatedRows)) throw notFound(`题目 ${id} 不存在`);
      await db.deleteFrom('daily_problems').where('problem_id', '=', id).execute();
      await db.deleteFrom('problem_last').where('problem_id', '=', id).execute();
    },

    async get(viewer: Viewer, id: number): Promise<Problem> {
      const r = await visibleRow(viewer, id);
      const st = await statuses(viewer, [id]);
      return presentProblem(r, st.get(id) ?? 'none', can(viewer, { action: 'problem.manage' }));
    },

    /** Name of a problem for record lists, deleted ones included. */
    async names(ids: number[]): Promise<Map<number, string>> {
      if (!ids.length) return new Map();
      const rows = await db
        .selectFrom('problems')
        .select(['id', 'chinese_name'])
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((r) => [r.id, r.chinese_name]));
    },

    setTests,

    async getTests(problemId: number): Promise<TestCaseView[]> {
      const r = await row(problemId);
      if (!r) throw notFound(`题目 ${problemId} 不存在`);
      return Promise.all(
        testsOf(r).map(async (t, i) => {
          const input = preview(await storage.read(t.input));
          const output = preview(await storage.read(t.output));
          return {
            index: i + 1,
            input: input.text,
            output: output.text,
            input_size: t.input_size,
            output_size: t.output_size,
            input_sha256: t.input,
            output_sha256: t.output,
            input_truncated: input.cut,
            output_truncated: output.cut,
          };
        }),
      );
    },

    async zipTests(problemId: number): Promise<Buffer> {
      return writeTestZip(await storedPairs(problemId));
    },

    /** What the judge needs of a problem. Refuses a problem without tests (nothing to judge against). */
    judgeSpec(r: ProblemRow): JudgeSpec {
      const tests = testsOf(r);
      if (!tests.length) throw badRequest(`题目 ${r.id} 还没有测试数据，暂时不能提交`);
      const c = checkerOf(r);
      const checker: CheckerSpec =
        c.kind === 'float'
          ? { kind: 'float', absolute: c.tolerance, relative: c.tolerance }
          : c.kind === 'special'
            ? { kind: 'special', language: 'C++', source: c.source, files: c.files }
            : { kind: 'default' };
      return {
        limits: { timeMs: r.time_limit, memoryMiB: r.memory_limit },
        tests: tests.map((t, i) => ({ name: String(i + 1), inputHash: t.input, answerHash: t.output })),
        checker,
      };
    },

    /** Test data for remote judges: only hashes referenced by a problem are known. */
    testData: storage,

    async search(viewer: Viewer, q: AlgorithmQuery): Promise<BankPage> {
      const admin = can(viewer, { action: 'problem.viewHidden' });
      const base = () => {
        let b = live();
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
          const sub = db
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
        viewer,
        page.records.map((r) => r.id),
      );
      return { ...page, records: page.records.map((r) => presentBankRow(r, st.get(r.id) ?? 'none')) };
    },

    async difficultySum(viewer: Viewer, difficulty: number | undefined): Promise<DifficultySum> {
      let base = live().where('visible', '=', 1);
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
    },

    daily: (viewer: Viewer) => dailyOf(shanghaiDate(), viewer),

    async setDaily(problemId: number, date = shanghaiDate()): Promise<void> {
      const r = await row(problemId);
      if (!r) throw notFound(`题目 ${problemId} 不存在`);
      if (r.visible !== 1) throw badRequest(`题目 ${problemId} 未公开，不能设为每日一题`);
      await db
        .insertInto('daily_problems')
        .values({ date, problem_id: problemId, create_time: nowIso() })
        .onConflict((oc) => oc.column('date').doUpdateSet({ problem_id: problemId, create_time: nowIso() }))
        .execute();
    },

    async last(viewer: Viewer): Promise<ProblemLast> {
      const r = await db
        .selectFrom('problem_last')
        .innerJoin('problems', 'problems.id', 'problem_last.problem_id')
        .select(['problems.id', 'problems.chinese_name', 'problem_last.language', 'problem_last.update_time'])
        .where('problem_last.user_id', '=', viewer.uuid)
        .where('problems.is_delete', '=', 0)
        .executeTakeFirst();
      if (!r) return null;
      return {
        problem_id: r.id,
        chinese_name: r.chinese_name,
        language: (r.language as NonNullable<ProblemLast>['language']) ?? null,
        update_time: r.update_time,
      };
    },

    async setLast(viewer: Viewer, input: ProblemLastInput): Promise<void> {
      await visibleRow(viewer, input.problem_id);
      const values = {
        problem_id: input.problem_id,
        language: input.language ?? null,
        update_time: nowIso(),
      };
      await db
        .insertInto('problem_last')
        .values({ user_id: viewer.uuid, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
    },

    /** Counters shown in the bank, recomputed by the submissions service after each verdict. */
    async setStats(problemId: number, submit: number, accept: number): Promise<void> {
      await db
        .updateTable('problems')
        .set({ submit_num: submit, accept_num: accept })
        .where('id', '=', problemId)
        .execute();
    },

    /** The user's status on a problem (null = no submission any more, e.g. after a data reset). */
    async setUserStatus(userId: number, problemId: number, solved: boolean | null): Promise<void> {
      if (solved === null) {
        await db
          .deleteFrom('user_problem_status')
          .where('user_id', '=', userId)
          .where('problem_id', '=', problemId)
          .execute();
        return;
      }
      const v = solved ? 1 : 0;
      await db
        .insertInto('user_problem_status')
        .values({ user_id: userId, problem_id: problemId, solved: v })
        .onConflict((oc) => oc.columns(['user_id', 'problem_id']).doUpdateSet({ solved: v }))
        .execute();
    },
  };
}
export type ProblemsService = ReturnType<typeof createProblemsService>;
