import {
  AlgorithmQuery,
  algorithmTagIndex,
  ALGORITHM_TAGS,
  BankPage,
  DailyCounts,
  DailyProblemData,
  DifficultySum,
  DifficultySumQuery,
  Empty,
  envelope,
  Problem,
  ProblemAddQuery,
  ProblemAdded,
  ProblemIdQuery,
  ProblemInput,
  ProblemLast,
  ProblemLastInput,
  PROBLEM_LIMITS,
  ProblemModifyInput,
  ProblemNeighbours,
  PublishQuery,
  Role,
  SetDailyQuery,
  TagsList,
  TagsPlusCategory,
  TestCaseList,
  TestCaseSummary,
  TestCaseView,
  UserDailyQuery,
} from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireRole, type Viewer } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import { readSingleUpload } from '../../lib/upload';
import { BODY_LIMITS } from '../../lib/body-limits';
import { parseQueryAndBody } from '../../lib/validate';
import { type App, type AppModule, readRoute } from '../registry';
import { cachedAnswer, sendCached } from './answer-cache';
import { shanghaiDate } from './dates';
import type { ProblemsService } from './service';
import { readTestZip, type TestPair } from './zip';
import type { SubmissionsService } from '../submissions';
import type { JuryService } from '../jury';

/**
 * What the routes use: the bank, the practice calendar from the submissions, and the problem's
 * validation (modules/jury): the publish gate, the input validator on uploads, re-judging the jury
 * solutions after the tests, checker or limits change.
 */
export interface ProblemsRouteDeps {
  problems: ProblemsService;
  submissions: Pick<SubmissionsService, 'dailyCounts'>;
  jury: Pick<JuryService, 'checkPublish' | 'checkInputs' | 'followProblem'>;
}

type Jury = ProblemsRouteDeps['jury'];

/** Each test's input as the admin named it: `N.in` of a zip, else its place in the list. */
const namedInputs = (pairs: TestPair[]) =>
  pairs.map((p, i) => ({ name: p.name ? `${p.name}.in` : `第 ${i + 1} 组的输入`, input: p.input }));

/** A test upload: checked by the problem's validator (a refusal changes nothing), stored, jury runs follow. */
async function replaceTests(problems: ProblemsService, jury: Jury, problemId: number, pairs: TestPair[]) {
  await jury.checkInputs(problemId, namedInputs(pairs));
  const summary = await problems.setTests(problemId, pairs);
  await jury.followProblem(problemId);
  return summary;
}

const P = '/api/problem/algorithm';
const TAGS = ALGORITHM_TAGS.map((t) => ({ tag_id: t.tag_id, tag_name: t.tag_name, category: t.category }));
const TAGS_GROUPED = algorithmTagIndex.grouped().map((g) => ({
  category_id: g.category_id,
  category_name: g.category_name,
  tags: g.tags.map((t) => ({ tag_id: t.tag_id, tag_name: t.tag_name, category: t.category })),
}));

/** Problems, test data, tags, the bank, the daily problem and the last-entered problem (SPEC §7 Problems). */
export const problemsModule: AppModule<ProblemsRouteDeps> = {
  name: 'problems',
  async routes(app, { problems, submissions, jury }) {
    registerProblemAdminRoutes(app, problems, jury);
    registerBankRoutes(app, problems, submissions);
  },
};

/**
 * Management of problems and their test data: administrators, and teachers their own class problems
 * (issue 27 part 3). The guard only asks for a login; each handler asks `problems.requireEditable`
 * (lib/permissions.ts `problem.edit`) before anything is read or written.
 */
function registerProblemAdminRoutes(app: App, problems: ProblemsService, jury: Jury): void {
  const signedIn = [requireRole(Role.User)];
  const tags = ['problems'];
  const editable = (req: { viewer: Viewer; query: { problem_id: number } }) =>
    problems.requireEditable(req.viewer, req.query.problem_id);

  // ------------------------------------------------------------------ admin: problems
  app.post(
    `${P}/admin/add`,
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: '新增题目（管理员；教师可新增所教班级的班级题目）',
        querystring: ProblemAddQuery,
        body: ProblemInput,
        response: { 200: envelope(ProblemAdded) },
      },
    },
    async (req) => ok({ problem_id: await problems.addAs(req.viewer, req.body) }, '题目已创建'),
  );

  app.post(
    `${P}/admin/modify`,
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: '修改题目（管理员、班级题目的作者；题目验证未通过时公开需 force=1）',
        querystring: PublishQuery,
        body: ProblemModifyInput,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) => {
      const { classProblem } = await problems.requireEditable(req.viewer, req.body.problem_id);
      // A class problem is never published (it stays hidden whoever saves it).
      if (req.body.visible && !classProblem)
        await jury.checkPublish(req.body.problem_id, req.query.force === '1');
      await problems.modifyAs(req.viewer, req.body);
      await jury.followProblem(req.body.problem_id);
      return ok(null, '题目已保存');
    },
  );

  app.post(
    `${P}/admin/delete`,
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: '删除题目（管理员、班级题目的作者）',
        querystring: ProblemIdQuery,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) => {
      await editable(req);
      await problems.remove(req.query.problem_id);
      return ok(null, '题目已删除');
    },
  );

  // ------------------------------------------------------------------ admin: test data
  app.post(
    `${P}/admin/testCase/add`,
    {
      preHandler: signedIn,
      bodyLimit: BODY_LIMITS.jsonTests,
      schema: {
        tags,
        summary: '以 JSON 列表替换测试数据（管理员、班级题目的作者）',
        querystring: ProblemIdQuery,
        body: TestCaseList,
        response: { 200: envelope(TestCaseSummary) },
      },
    },
    async (req) => {
      await editable(req);
      return ok(
        await replaceTests(
          problems,
          jury,
          req.query.problem_id,
          req.body.map((t) => ({ input: Buffer.from(t.input), output: Buffer.from(t.output) })),
        ),
        '测试数据已保存',
      );
    },
  );

  app.post(
    `${P}/admin/testCase/get`,
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: '查看测试数据（管理员、班级题目的作者；内容过长时截断）',
        querystring: ProblemIdQuery,
        response: { 200: envelope(z.array(TestCaseView)) },
      },
    },
    async (req) => {
      await editable(req);
      return ok(await problems.getTests(req.query.problem_id));
    },
  );

  app.post(
    `${P}/admin/testCaseFile/add`,
    {
      config: { multipart: true },
      preHandler: signedIn,
      schema: {
        tags,
        summary: '上传 zip 测试数据（N.in / N.out，管理员、班级题目的作者）',
        querystring: ProblemIdQuery,
        response: { 200: envelope(TestCaseSummary) },
      },
    },
    async (req) => {
      await editable(req);
      const { bytes } = await readSingleUpload(req, {
        maxBytes: PROBLEM_LIMITS.zipMaxBytes,
        what: 'zip 文件',
      });
      const pairs = await readTestZip(bytes);
      return ok(await replaceTests(problems, jury, req.query.problem_id, pairs), '测试数据已保存');
    },
  );

  app.post(
    `${P}/admin/testCaseFile/get`,
    {
      preHandler: signedIn,
      schema: { tags, summary: '下载 zip 测试数据（管理员、班级题目的作者）', querystring: ProblemIdQuery },
    },
    async (req, reply) => {
      await editable(req);
      const zip = await problems.zipTests(req.query.problem_id);
      reply.header('content-disposition', `attachment; filename="problem-${req.query.problem_id}-tests.zip"`);
      return reply.type('application/zip').send(zip);
    },
  );
}

/** Tags, the bank, the daily problem, the last-entered problem and the practice calendar. */
function registerBankRoutes(
  app: App,
  problems: ProblemsService,
  submissions: ProblemsRouteDeps['submissions'],
): void {
  const user = [requireRole(Role.User)];
  const admin = [requireRole(Role.Admin)];
  const tags = ['problems'];

  // ------------------------------------------------------------------ tags
  // Fixed lists: serialized once, answered as bytes with an ETag.
  const tagList = cachedAnswer(envelope(TagsList), ok(TAGS));
  const tagGroups = cachedAnswer(envelope(TagsPlusCategory), ok(TAGS_GROUPED));
  app.get(
    `${P}/get/tags`,
    { schema: { tags, summary: '全部算法标签', response: { 200: envelope(TagsList) } } },
    async (req, reply) => sendCached(req, reply, tagList),
  );
  app.get(
    `${P}/get/tagsPlusCategory`,
    { schema: { tags, summary: '按分类分组的算法标签', response: { 200: envelope(TagsPlusCategory) } } },
    async (req, reply) => sendCached(req, reply, tagGroups),
  );

  // ------------------------------------------------------------------ bank
  // SPEC sends the query as a body; query parameters (the search route's) are accepted too.
  app.post(
    `${P}/search`,
    {
      schema: {
        tags,
        summary: '题库搜索（关键字、标签、难度、来源、分页）',
        response: { 200: envelope(BankPage) },
      },
    },
    async (req, reply) => {
      const q = parseQueryAndBody(AlgorithmQuery, req);
      // Visitors' pages without a keyword: cached bytes (answer-cache.ts).
      const cached = await problems.cachedSearch(req.viewer, q);
      if (cached) return sendCached(req, reply, cached);
      return ok(await problems.search(req.viewer, q));
    },
  );

  app.post(
    `${P}/search/difficulty/sum`,
    {
      schema: {
        tags,
        summary: '某难度的题目数与我已解决数',
        querystring: DifficultySumQuery,
        response: { 200: envelope(DifficultySum) },
      },
    },
    async (req) => ok(await problems.difficultySum(req.viewer, req.query.difficulty)),
  );

  // A published problem is answered from cached bytes with an ETag (answer-cache.ts); hidden
  // ones, and editors, through `get`, which decides who may see it.
  (app as unknown as FastifyInstance).route<{ Querystring: z.infer<typeof ProblemIdQuery> }>({
    method: ['GET', 'POST'],
    url: `${P}/search/problemId`,
    schema: { tags, summary: '题目详情', querystring: ProblemIdQuery, response: { 200: envelope(Problem) } },
    handler: async (req, reply) => {
      const cached = await problems.cachedDetail(req.viewer, req.query.problem_id);
      if (cached) return sendCached(req, reply, cached);
      return ok(await problems.get(req.viewer, req.query.problem_id));
    },
  });
  readRoute(
    app,
    `${P}/search/neighbours`,
    {
      tags,
      summary: '上一题 / 下一题（题库顺序，跳过不可见的题目）',
      query: ProblemIdQuery,
      reply: ProblemNeighbours,
    },
    async (req) => problems.neighbours(req.viewer, req.query.problem_id),
  );
  readRoute(
    app,
    `${P}/get/daily`,
    { tags, summary: '今日一题（北京时间）', reply: DailyProblemData },
    async (req) => problems.daily(req.viewer),
  );

  app.post(
    `${P}/set/daily`,
    {
      preHandler: admin,
      schema: {
        tags,
        summary: '设置每日一题（管理员）',
        querystring: SetDailyQuery,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) => {
      await problems.setDaily(req.query.problem_id, req.query.date ?? shanghaiDate());
      return ok(null, '每日一题已设置');
    },
  );

  app.get(
    `${P}/search/problemLast`,
    {
      preHandler: user,
      schema: { tags, summary: '我上次进入的题目', response: { 200: envelope(ProblemLast) } },
    },
    async (req) => ok(await problems.last(req.viewer)),
  );

  app.post(
    `${P}/set/problemLast`,
    {
      preHandler: user,
      schema: {
        tags,
        summary: '记录我进入的题目',
        body: ProblemLastInput,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) => {
      await problems.setLast(req.viewer, req.body);
      return ok(null);
    },
  );

  app.post(
    `${P}/search/user/daily`,
    {
      preHandler: user,
      schema: {
        tags,
        summary: '每日练习次数 [{date, num}]（热力图；默认本人、今年）',
        querystring: UserDailyQuery,
        response: { 200: envelope(DailyCounts) },
      },
    },
    async (req) => {
      const year = req.query.year ?? Number(shanghaiDate().slice(0, 4));
      return ok(await submissions.dailyCounts(req.query.uuid ?? req.viewer.uuid, year));
    },
  );
}
