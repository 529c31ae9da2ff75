import {
  ANSWERS_ZIP_MAX_BYTES,
  AnswersRequest,
  AnswersZipQuery,
  CustomTestRequest,
  CustomTestResults,
  envelope,
  JudgeRequest,
  MyRecordsStreamQuery,
  RecordPage,
  RecordsQuery,
  RecordSum,
  RecordStreamQuery,
  RecordSumQuery,
  RejudgeQuery,
  RejudgeResult,
  Role,
  SubmissionIdQuery,
  SubmissionRecord,
  Submitted,
  UserRecordsQuery,
} from '@oj/shared';
import { z } from 'zod';
import { bearerToken, requireRole, sameSecret } from '../../lib/auth';
import { JUDGE_SECURITY } from '../../lib/openapi';
import { BODY_LIMITS } from '../../lib/body-limits';
import { readSingleUpload } from '../../lib/upload';
import { answersFromZip } from './answers-zip';
import { ok } from '../../lib/envelope';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { ErrorCode } from '@oj/shared';
import type { DomainBus } from '../../events';
import type { Config } from '../../lib/config';
import type { RateLimiter } from '../../lib/rate-limit';
import type { TestDataStorage } from '../problems';
import { type App, type AppModule, readRoute } from '../registry';
import type { SubmissionsService } from './service';
import { streamMyRecords, streamProgress } from './stream';

const P = '/api/problem/algorithm';

/** What the routes use. */
export interface SubmissionsRouteDeps {
  submissions: SubmissionsService;
  limiter: RateLimiter;
  bus: DomainBus;
  /** Live SSE streams of this node: ended when the server shuts down. */
  openStreams: Set<() => void>;
  /** The judge token remote judges present (read per request). */
  config: Pick<Config, 'judgeToken'>;
  /** Test data by hash, for remote judges. */
  testData: Pick<TestDataStorage, 'has' | 'open' | 'presign'>;
}

/** Submissions, custom tests, records, the live streams, rejudge and the remote judges' test data. */
export const submissionsModule: AppModule<SubmissionsRouteDeps> = {
  name: 'submissions',
  async routes(app, deps) {
    registerRecordRoutes(app, deps);
    registerLiveAndJudgeRoutes(app, deps);
  },
};

/** Submitting, custom tests, record pages and counts. */
function registerRecordRoutes(app: App, deps: SubmissionsRouteDeps): void {
  const { submissions, limiter } = deps;
  const user = [requireRole(Role.User)];
  const tags = ['submissions'];

  app.post(
    `${P}/judge/submit`,
    {
      preHandler: user,
      bodyLimit: BODY_LIMITS.source,
      schema: { tags, summary: '提交代码评测', body: JudgeRequest, response: { 200: envelope(Submitted) } },
    },
    async (req) => {
      await limiter.check('submit', String(req.viewer.uuid));
      return ok({ submission_id: await submissions.submit(req.viewer, req.body) }, '提交成功');
    },
  );

  app.post(
    `${P}/judge/submit-answers`,
    {
      preHandler: user,
      // 1 MiB of answers (ANSWERS_MAX_BYTES) with JSON escaping: the answer names the field, not a bare 413.
      bodyLimit: BODY_LIMITS.source,
      schema: {
        tags,
        summary: '提交答案题：提交每个测试点的答案文件',
        body: AnswersRequest,
        response: { 200: envelope(Submitted) },
      },
    },
    async (req) => {
      await limiter.check('submit', String(req.viewer.uuid));
      return ok({ submission_id: await submissions.submitAnswers(req.viewer, req.body) }, '提交成功');
    },
  );

  app.post(
    `${P}/judge/submit-answers/zip`,
    {
      config: { multipart: true },
      preHandler: user,
      schema: {
        tags,
        summary: '提交答案题：上传答案文件压缩包（1.out、2.out …）',
        querystring: AnswersZipQuery,
        response: { 200: envelope(Submitted) },
      },
    },
    async (req) => {
      await limiter.check('submit', String(req.viewer.uuid));
      const { bytes } = await readSingleUpload(req, { maxBytes: ANSWERS_ZIP_MAX_BYTES, what: '答案压缩包' });
      const answers = await answersFromZip(bytes, req.query);
      return ok({ submission_id: await submissions.submitAnswers(req.viewer, answers) }, '提交成功');
    },
  );

  app.post(
    `${P}/judge/test`,
    {
      preHandler: user,
      bodyLimit: BODY_LIMITS.source,
      schema: {
        tags,
        summary: '自测：在沙箱中用自定义输入运行（不保存记录）',
        body: CustomTestRequest,
        response: { 200: envelope(CustomTestResults) },
      },
    },
    async (req) => {
      await limiter.check('submit', String(req.viewer.uuid));
      return ok(await submissions.custom(req.viewer, req.body));
    },
  );

  readRoute(
    app,
    `${P}/records/recordId`,
    {
      tags,
      summary: '提交记录详情（源代码仅本人与管理员可见）',
      query: SubmissionIdQuery,
      reply: SubmissionRecord,
    },
    async (req) => submissions.record(req.viewer, req.query.submission_id),
  );
  readRoute(
    app,
    `${P}/records`,
    { tags, summary: '提交记录列表', query: RecordsQuery, reply: RecordPage },
    async (req) => submissions.list(req.viewer, req.query),
  );

  app.post(
    `${P}/records/page/sum`,
    {
      schema: {
        tags,
        summary: '提交记录统计',
        querystring: RecordSumQuery,
        response: { 200: envelope(RecordSum) },
      },
    },
    async (req) => ok(await submissions.sumOfProblem(req.viewer, req.query.problem_id)),
  );

  app.post(
    `${P}/records/user/page`,
    {
      preHandler: user,
      schema: {
        tags,
        summary: '我的提交记录（可按题目筛选）',
        querystring: UserRecordsQuery,
        response: { 200: envelope(RecordPage) },
      },
    },
    async (req) => ok(await submissions.listMine(req.viewer, req.query)),
  );

  app.post(
    `${P}/records/user/sum`,
    {
      preHandler: user,
      schema: {
        tags,
        summary: '我的提交统计',
        querystring: RecordSumQuery,
        response: { 200: envelope(RecordSum) },
      },
    },
    async (req) => ok(await submissions.sumOfUser(req.viewer, req.query.problem_id)),
  );
}

/** The live streams, rejudging (admins) and test data for remote judges (judge token). */
function registerLiveAndJudgeRoutes(app: App, deps: SubmissionsRouteDeps): void {
  const { submissions } = deps;
  const user = [requireRole(Role.User)];
  const admin = [requireRole(Role.Admin)];
  const tags = ['submissions'];
  const streams = { bus: deps.bus, submissions, open: deps.openStreams };

  app.get(
    `${P}/records/stream`,
    {
      schema: {
        tags,
        summary:
          '评测进度（Server-Sent Events：queued / compiling / running / test / done；follow=1 时继续跟随重测）',
        querystring: RecordStreamQuery,
      },
    },
    (req, reply) => streamProgress(req, reply, req.query.submission_id, req.query.follow === '1', streams),
  );

  app.get(
    `${P}/records/user/stream`,
    {
      preHandler: user,
      schema: {
        tags,
        summary: '我在一道题上的提交的变化（Server-Sent Events：ready / changed / 评测进度）',
        querystring: MyRecordsStreamQuery,
      },
    },
    (req, reply) => streamMyRecords(req, reply, req.query.problem_id, streams),
  );

  app.post(
    `${P}/admin/rejudge`,
    {
      preHandler: admin,
      schema: {
        tags,
        summary: '重新评测一个提交或一道题的全部提交（管理员）',
        querystring: RejudgeQuery,
        response: { 200: envelope(RejudgeResult) },
      },
    },
    async (req) => {
      const count =
        req.query.submission_id !== undefined
          ? await submissions.rejudgeSubmission(req.query.submission_id)
          : await submissions.rejudgeProblem(req.query.problem_id!);
      return ok({ count }, `已重新加入评测队列：${count} 个提交`);
    },
  );

  // Remote judge workers fetch test data by hash (HttpTestDataStore), with the judge token.
  app.get(
    '/api/judge/testdata/:sha256',
    {
      schema: {
        tags,
        summary: '评测机按 sha256 下载测试数据（Bearer OJ_JUDGE_TOKEN）',
        security: JUDGE_SECURITY,
        params: z.object({ sha256: z.string() }),
      },
    },
    async (req, reply) => {
      const token = deps.config.judgeToken;
      if (!token) throw forbidden('服务器未配置评测机令牌（OJ_JUDGE_TOKEN），不提供测试数据');
      if (!sameSecret(bearerToken(req), token)) throw new AppError(ErrorCode.NotLoggedIn, '评测机令牌无效');
      if (!(await deps.testData.has(req.params.sha256))) throw notFound('测试数据不存在');
      // On S3 the worker downloads from the store itself (an expiring URL); it checks the hash.
      const direct = await deps.testData.presign(req.params.sha256, 15 * 60);
      if (direct) return reply.header('cache-control', 'no-store').redirect(direct, 302);
      reply.header('cache-control', 'private, max-age=31536000, immutable');
      return reply.type('application/octet-stream').send(await deps.testData.open(req.params.sha256));
    },
  );
}
