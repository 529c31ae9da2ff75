import { z } from 'zod';
import { LANGUAGES, VERDICTS } from './enums';

/**
 * The contract between the server (producer of judge jobs, sole writer of the database) and the
 * judge engine / remote judge workers. Everything here crosses Redis as JSON, so plain data only.
 */

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, '数据指纹必须是 64 位十六进制小写字符串');

export const JudgeLimits = z.object({
  /** CPU time per test in ms, before the language's time factor. */
  timeMs: z.number().int().min(1, '时间限制必须为正整数').max(60_000, '时间限制不能超过 60000'),
  /** Memory per test in MiB. */
  memoryMiB: z.number().int().min(1, '内存限制必须为正整数').max(8192, '内存限制不能超过 8192'),
  /** Output a test may write, in bytes; default 64 MiB. Larger output ends as OLE. */
  outputBytes: z.number().int().min(1).optional(),
});
export type JudgeLimits = z.infer<typeof JudgeLimits>;

/** One test: input and expected answer, both fetched by content hash from the test-data store. */
export const JudgeTest = z.object({
  name: z.string().min(1, '文件名不能为空'),
  inputHash: sha256,
  answerHash: sha256,
});
export type JudgeTest = z.infer<typeof JudgeTest>;

/** IOI-style group: score of the group = its points × the minimum test score inside it. */
export const JudgeGroup = z.object({
  name: z.string(),
  points: z.number().min(0),
  /** Test names belonging to this group. */
  tests: z.array(z.string()).min(1),
});
export type JudgeGroup = z.infer<typeof JudgeGroup>;

export const CheckerSpec = z.discriminatedUnion('kind', [
  /**
   * Token compare line by line, ignoring trailing white space and trailing blank lines;
   * `caseInsensitive`: ASCII letters match whatever their case.
   */
  z.object({ kind: z.literal('default'), caseInsensitive: z.boolean().optional() }),
  /**
   * Like default, but numeric tokens match within an absolute or relative error (nan, inf and
   * their spellings compare as numbers).
   */
  z.object({
    kind: z.literal('float'),
    absolute: z.number().min(0).optional(),
    relative: z.number().min(0).optional(),
    caseInsensitive: z.boolean().optional(),
  }),
  /** testlib protocol: `checker input output answer`, exit 0 OK, 1 WA, 2 PE, 3 fail (→ IE). */
  z.object({
    kind: z.literal('special'),
    language: z.literal('C++'),
    source: z.string().min(1, '代码不能为空'),
    /** Extra files compiled beside the checker, typically the author's own testlib.h. */
    files: z
      .array(z.object({ name: z.string().regex(/^[\w.-]+$/, '文件名不合法'), content: z.string() }))
      .optional(),
  }),
]);
export type CheckerSpec = z.infer<typeof CheckerSpec>;

export const JUDGE_MODES = ['first-failure', 'all'] as const;
export type JudgeMode = (typeof JUDGE_MODES)[number];

export const JudgeJob = z.object({
  submissionId: z.string().min(1, '提交编号不能为空'),
  language: z.enum(LANGUAGES),
  source: z.string().max(1 << 20, '代码不能超过 1 MiB'),
  limits: JudgeLimits,
  tests: z.array(JudgeTest),
  checker: CheckerSpec.default({ kind: 'default' }),
  /** 'first-failure' (default) stops at the first failing test; 'all' runs every test. */
  mode: z.enum(JUDGE_MODES).default('first-failure'),
  groups: z.array(JudgeGroup).optional(),
});
export type JudgeJob = z.infer<typeof JudgeJob>;
export type JudgeJobInput = z.input<typeof JudgeJob>;

const verdict = z.enum(VERDICTS);

export const TestResult = z.object({
  name: z.string(),
  status: verdict,
  /** CPU time in ms. */
  timeMs: z.number(),
  /** Peak memory in KiB. */
  memoryKiB: z.number(),
  /** Checker or runtime message (Chinese for users), may be empty. */
  message: z.string(),
});
export type TestResult = z.infer<typeof TestResult>;

export const JudgeResult = z.object({
  submissionId: z.string(),
  status: verdict,
  /** Maximum over the tests run. */
  timeMs: z.number(),
  memoryKiB: z.number(),
  compileMessage: z.string(),
  /** Why judging could not finish (IE), in Chinese; empty otherwise. */
  message: z.string().optional(),
  tests: z.array(TestResult),
  /** Present when the job had groups: per-group score and the total. */
  score: z.number().optional(),
  groups: z.array(z.object({ name: z.string(), points: z.number(), score: z.number() })).optional(),
});
export type JudgeResult = z.infer<typeof JudgeResult>;

/** Progress events, in order: compiling, then for each test running (k of n) and its result. */
export type JudgeProgress =
  | { submissionId: string; kind: 'compiling' }
  | { submissionId: string; kind: 'running'; test: number; total: number; name: string }
  | { submissionId: string; kind: 'test'; test: number; total: number; result: TestResult };
