import { z } from 'zod';
import { LANGUAGES, VERDICTS } from '../enums';
import { EXPECTABLE_VERDICTS, JURY_LIMITS, JURY_RUN_STATES, VERIFY_STATES } from './jury-rules';

export * from './jury-rules';

/**
 * Contract of jury solutions and problem validation (题目验证, issue 24 item 5), admins only, under
 * `/api/problem/algorithm/admin/jury/…`: a problem's labelled solutions with their expected and actual
 * verdicts, its input validator, and the summary that gates publishing (`admin/modify?force=1`).
 */

const idQuery = (what: string) =>
  z.coerce
    .number({ error: `${what}必须是整数` })
    .int(`${what}必须是整数`)
    .min(1, `${what}必须是正整数`);

export const JurySolutionIdQuery = z.object({ solution_id: idQuery('解法编号') });
export type JurySolutionIdQuery = z.infer<typeof JurySolutionIdQuery>;

/** The verdicts a solution should get: any of them agrees (docs/jury.md: other judges' labels). */
export const JuryExpected = z
  .array(z.enum(EXPECTABLE_VERDICTS, { error: `期望结果只能是 ${EXPECTABLE_VERDICTS.join('、')} 之一` }), {
    error: '期望结果必须是评测结果的列表',
  })
  .min(1, '期望结果至少选一项')
  .transform((list) => EXPECTABLE_VERDICTS.filter((v) => list.includes(v)));

/** One jury solution as an admin writes it (or a package brings it). */
export const JurySolutionInput = z.object({
  name: z
    .string({ error: '解法名称必须是字符串' })
    .trim()
    .min(1, '解法名称不能为空')
    .max(JURY_LIMITS.nameMax, `解法名称不能超过 ${JURY_LIMITS.nameMax} 个字符`),
  language: z.enum(LANGUAGES, { error: `语言必须是 ${LANGUAGES.join('、')} 之一` }),
  source: z
    .string({ error: '代码必须是字符串' })
    .min(1, '代码不能为空')
    .max(JURY_LIMITS.sourceMaxChars, '代码不能超过 256 KiB'),
  expected: JuryExpected,
});
export type JurySolutionInput = z.infer<typeof JurySolutionInput>;
export type JurySolutionInputRaw = z.input<typeof JurySolutionInput>;

export const JurySolutionModify = JurySolutionInput.extend({
  solution_id: z
    .number({ error: '解法编号必须是整数' })
    .int('解法编号必须是整数')
    .min(1, '解法编号必须是正整数'),
});
export type JurySolutionModify = z.infer<typeof JurySolutionModify>;

export const JurySolutionAdded = z.object({ solution_id: z.number().int() });
export type JurySolutionAdded = z.infer<typeof JurySolutionAdded>;

/** How many jury runs were queued. */
export const JuryRunsQueued = z.object({ count: z.number().int() });
export type JuryRunsQueued = z.infer<typeof JuryRunsQueued>;

export const VALIDATOR_PROTOCOLS = ['testlib', 'kattis'] as const;

/**
 * The input validator, C++, reading the test input on stdin: `testlib` (registerValidation, exit 0 =
 * valid; the default) or `kattis` (a problem package's, exit 42 = valid).
 */
export const ValidatorInput = z.object({
  language: z.literal('C++', { error: '校验器语言只能是 C++' }).default('C++'),
  protocol: z.enum(VALIDATOR_PROTOCOLS, { error: '校验器协议只能是 testlib 或 kattis' }).default('testlib'),
  source: z
    .string({ error: '代码必须是字符串' })
    .min(1, '代码不能为空')
    .max(JURY_LIMITS.validatorMaxChars, '代码不能超过 256 KiB'),
});
export type ValidatorInput = z.infer<typeof ValidatorInput>;
export type ValidatorInputRaw = z.input<typeof ValidatorInput>;

/** A validator set: it compiled, and what it says of the tests the problem has now (nothing is refused). */
export const ValidatorChecked = z.object({
  checked: z.number().int(),
  invalid: z.array(z.object({ index: z.number().int(), message: z.string() })),
});
export type ValidatorChecked = z.infer<typeof ValidatorChecked>;

/**
 * `admin/modify`'s query: `force=1` publishes (visible) a problem whose jury solutions do not all
 * agree with what they expect yet (or are still being judged).
 */
export const PublishQuery = z.object({
  force: z.enum(['0', '1'], { error: '强制公开只能是 0 或 1' }).optional(),
});
export type PublishQuery = z.infer<typeof PublishQuery>;

const verdict = z.enum(VERDICTS);

export const JuryTestResult = z.object({
  index: z.number().int(),
  status: verdict,
  time_ms: z.number().int(),
  memory_kib: z.number().int(),
  message: z.string(),
});
export type JuryTestResult = z.infer<typeof JuryTestResult>;

/** The latest run of a solution; `status` PD while queued, null when it never ran. */
export const JuryRun = z.object({
  status: verdict.nullable(),
  state: z.enum(JURY_RUN_STATES),
  time_ms: z.number().int(),
  memory_kib: z.number().int(),
  compile_message: z.string(),
  message: z.string(),
  tests: z.array(JuryTestResult),
  judged_at: z.string().nullable(),
  /** The time limit this language had in the run (the problem's × the language's factor), ms. */
  limit_ms: z.number().int(),
});
export type JuryRun = z.infer<typeof JuryRun>;

export const JurySolution = z.object({
  solution_id: z.number().int(),
  problem_id: z.number().int(),
  name: z.string(),
  language: z.enum(LANGUAGES),
  source: z.string(),
  expected: z.array(z.enum(EXPECTABLE_VERDICTS)),
  /** `import`: came with the problem's package; `admin`: added on the page. */
  origin: z.enum(['import', 'admin']),
  run: JuryRun,
  create_time: z.string(),
  update_time: z.string(),
});
export type JurySolution = z.infer<typeof JurySolution>;

export const JuryValidator = z.object({
  language: z.literal('C++'),
  protocol: z.enum(VALIDATOR_PROTOCOLS),
  source: z.string(),
  /** Files compiled beside it (a package's own testlib.h). */
  files: z.array(z.object({ name: z.string(), content: z.string() })),
  update_time: z.string(),
});
export type JuryValidator = z.infer<typeof JuryValidator>;

/** The validation in one view: the state, the lines saying why, and the slowest accepted time. */
export const VerifySummary = z.object({
  state: z.enum(VERIFY_STATES),
  /** Whether the problem may be made visible without `force`. */
  publishable: z.boolean(),
  messages: z.array(z.string()),
  total: z.number().int(),
  agreeing: z.number().int(),
  pending: z.number().int(),
  /** The slowest accepted current run, and the limit it had (ms); null when none passed. */
  slowest_ac: z
    .object({ name: z.string(), time_ms: z.number().int(), limit_ms: z.number().int() })
    .nullable(),
  time_limit: z.number().int(),
});
export type VerifySummary = z.infer<typeof VerifySummary>;

/** `admin/jury/list`: the 题目验证 page of one problem. */
export const JuryPage = z.object({
  problem_id: z.number().int(),
  chinese_name: z.string(),
  visible: z.boolean(),
  time_limit: z.number().int(),
  memory_limit: z.number().int(),
  test_case_num: z.number().int(),
  solutions: z.array(JurySolution),
  validator: JuryValidator.nullable(),
  summary: VerifySummary,
});
export type JuryPage = z.infer<typeof JuryPage>;
