import { z } from 'zod';
import { nameText } from './common';
import { LANGUAGES } from '../enums';
import { math408TagIndex } from '../data/math408-tags';
import { QUESTION_TYPES } from '../data/question-types';
import { pageOf, pageQuery } from '../paging';
import { PROBLEM_LIMITS, SampleCase, TestCaseInput, TestCaseView } from './problems';

/**
 * Management of the math / 408 bank (`/api/problem/math408/admin/…`, problem.manage): the same
 * verbs as the algorithm bank's admin calls (`admin/add`, `admin/modify`, `admin/delete?question_id=`)
 * plus `admin/search` (hidden questions included) and `admin/search/questionId` (everything the
 * editor needs). Kept apart from the public contract so the bank pages do not load it.
 */

export const MATH408_LIMITS = {
  titleMax: 200,
  contentMax: 100_000,
  optionsMin: 2,
  optionsMax: 26,
  optionMaxChars: 5_000,
  referenceMax: 20_000,
  explanationMax: 50_000,
  tagsMax: 20,
  codeMax: 64 * 1024,
} as const;

const OptionKey = z
  .string({ error: '选项字母必须是字符串' })
  .regex(/^[A-Z]$/, '选项字母必须是单个大写字母 A–Z');

export const Math408OptionInput = z.object({
  key: OptionKey,
  content: z
    .string({ error: '内容必须是字符串' })
    .trim()
    .min(1, '内容不能为空')
    .max(MATH408_LIMITS.optionMaxChars, `内容不能超过 ${MATH408_LIMITS.optionMaxChars} 个字符`),
});

/** The hidden algorithm problem that judges a programming question. */
export const Math408ProgrammingInput = z.object({
  time_limit: z
    .number({ error: '时间限制必须是整数（毫秒）' })
    .int('时间限制必须是整数（毫秒）')
    .min(PROBLEM_LIMITS.timeMinMs, '时间限制不能小于 100 毫秒')
    .max(PROBLEM_LIMITS.timeMaxMs, '时间限制不能超过 10000 毫秒'),
  memory_limit: z
    .number({ error: '内存限制必须是整数（MiB）' })
    .int('内存限制必须是整数（MiB）')
    .min(PROBLEM_LIMITS.memoryMinMiB, '内存限制不能小于 16 MiB')
    .max(PROBLEM_LIMITS.memoryMaxMiB, '内存限制不能超过 1024 MiB'),
  /** Shown on the question page. */
  samples: z.array(SampleCase).max(PROBLEM_LIMITS.samplesMax, '样例最多 10 组').default([]),
  /** The judge's test data; required when creating, omitted on modify = keep the stored set. */
  tests: z
    .array(TestCaseInput)
    .min(1, '测试数据至少一组')
    .max(PROBLEM_LIMITS.testCountMax, '测试数据最多 200 组')
    .optional(),
  reference_code: z
    .object({
      language: z.enum(LANGUAGES, {
        error: `语言必须是 ${LANGUAGES.join('、')} 之一`,
      }),
      code: z
        .string({ error: '参考代码必须是字符串' })
        .min(1, '验证码不能为空')
        .max(MATH408_LIMITS.codeMax, '参考代码不能超过 64 KiB'),
    })
    .nullable()
    .default(null),
});
export type Math408ProgrammingInput = z.infer<typeof Math408ProgrammingInput>;

const questionFields = {
  type: z.enum(QUESTION_TYPES, { error: `题目类型必须是 ${QUESTION_TYPES.join('、')} 之一` }),
  title: nameText('标题')
    .trim()
    .min(1, '标题不能为空')
    .max(MATH408_LIMITS.titleMax, `标题不能超过 ${MATH408_LIMITS.titleMax} 个字符`),
  /** Markdown with KaTeX math. */
  content: z
    .string({ error: '内容必须是字符串' })
    .min(1, '内容不能为空')
    .max(MATH408_LIMITS.contentMax, '内容不能超过 100000 个字符'),
  difficulty: z
    .number({ error: '难度必须是 0–3 的整数' })
    .int('难度必须是 0–3 的整数')
    .min(0, '难度必须是 0–3 的整数')
    .max(3, '难度必须是 0–3 的整数'),
  tags_list: z
    .array(z.number({ error: '标签必须是整数数组' }).int('标签必须是整数数组'))
    .max(MATH408_LIMITS.tagsMax, `标签最多 ${MATH408_LIMITS.tagsMax} 个`)
    .default([])
    .refine((ids) => ids.every((id) => math408TagIndex.byId(id)), '标签含有不存在的数学/408 标签')
    .transform((ids) => [...new Set(ids)]),
  options: z.array(Math408OptionInput).max(MATH408_LIMITS.optionsMax, '选项最多 26 个').default([]),
  /** Keys of the right options (choice questions only). */
  answer: z
    .array(z.string({ error: '答案必须是选项字母数组' }), { error: '答案必须是选项字母数组' })
    .max(MATH408_LIMITS.optionsMax, '答案过多')
    .default([]),
  /** Short answers: shown after answering. */
  reference_answer: z
    .string({ error: '参考答案必须是字符串' })
    .max(MATH408_LIMITS.referenceMax, '参考答案不能超过 20000 个字符')
    .nullable()
    .default(null),
  explanation: z
    .string({ error: '解析必须是字符串' })
    .max(MATH408_LIMITS.explanationMax, '解析不能超过 50000 个字符')
    .default(''),
  programming: Math408ProgrammingInput.nullable().default(null),
  /** Hidden questions stay out of the bank; contests may still use them. */
  visible: z.boolean({ error: '是否公开必须是布尔值' }).default(true),
};

type QuestionShape = z.infer<z.ZodObject<typeof questionFields>>;

/** The rules that depend on the type, each message naming its field. */
function checkByType(q: QuestionShape, ctx: z.RefinementCtx, creating: boolean): void {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: path.split('.'), message });
  if (q.type === 'single' || q.type === 'multiple') {
    const keys = q.options.map((o) => o.key);
    if (keys.length < MATH408_LIMITS.optionsMin) issue('options', '选择题至少 2 个选项');
    if (new Set(keys).size !== keys.length) issue('options', '选项字母不能重复');
    if (!q.answer.length) issue('answer', '答案不能为空（选择题）');
    if (new Set(q.answer).size !== q.answer.length) issue('answer', '答案不能重复');
    const missing = q.answer.filter((a) => !keys.includes(a));
    if (missing.length) issue('answer', `答案中的 ${missing.join('、')} 不是选项`);
    if (q.type === 'single' && q.answer.length !== 1) issue('answer', '答案必须恰好一个选项（单选题）');
  } else {
    if (q.options.length) issue('options', '选项只能用于选择题');
    if (q.answer.length) issue('answer', '答案只能用于选择题');
  }
  if (q.type === 'short' && !q.reference_answer?.trim())
    issue('reference_answer', '参考答案不能为空（简答题）');
  if (q.type === 'programming') {
    if (!q.programming) issue('programming', '编程题设置不能为空（编程大题需要时间、内存限制与测试数据）');
    else if (creating && !q.programming.tests)
      issue('programming.tests', '测试数据不能为空（新建编程大题需要测试数据）');
  } else if (q.programming) issue('programming', '编程题设置只能用于编程大题');
}

/** Body of `admin/add`: `question_id` may be chosen, otherwise the next free id. */
export const Math408QuestionInput = z
  .object({
    question_id: z
      .number({ error: '题目编号必须是整数' })
      .int('题目编号必须是整数')
      .min(1, '题目编号必须是正整数')
      .optional(),
    ...questionFields,
  })
  .superRefine((q, ctx) => checkByType(q, ctx, true));
export type Math408QuestionInput = z.infer<typeof Math408QuestionInput>;
export type Math408QuestionInputRaw = z.input<typeof Math408QuestionInput>;

/** Body of `admin/modify`: the whole question again with its id (the type cannot change). */
export const Math408QuestionModify = z
  .object({
    question_id: z
      .number({ error: '题目编号必须是整数' })
      .int('题目编号必须是整数')
      .min(1, '题目编号必须是正整数'),
    ...questionFields,
  })
  .superRefine((q, ctx) => checkByType(q, ctx, false));
export type Math408QuestionModify = z.infer<typeof Math408QuestionModify>;

export const Math408QuestionAdded = z.object({ question_id: z.number().int() });

/** Body (or query) of `admin/search`: the bank's filters plus visibility. */
export const Math408AdminQuery = z.object({
  keyword: z.string().trim().max(100, '关键词不能超过 100 个字符').optional(),
  type: z.enum(QUESTION_TYPES, { error: `题目类型必须是 ${QUESTION_TYPES.join('、')} 之一` }).optional(),
  /** `hidden`: only hidden ones; `visible`: only public ones; absent: all. */
  visibility: z.enum(['visible', 'hidden'], { error: '可见范围必须是 visible 或 hidden' }).optional(),
  ...pageQuery(20).shape,
});
export type Math408AdminQuery = z.infer<typeof Math408AdminQuery>;

export const Math408AdminRow = z.object({
  question_id: z.number().int(),
  type: z.enum(QUESTION_TYPES),
  difficulty: z.number().int(),
  tags_list: z.array(z.number().int()),
  title: z.string(),
  visible: z.boolean(),
  /** The hidden algorithm problem of a programming question. */
  problem_id: z.number().int().nullable(),
  answer_count: z.number().int(),
  update_time: z.string(),
});
export type Math408AdminRow = z.infer<typeof Math408AdminRow>;
export const Math408AdminPage = pageOf(Math408AdminRow);

/** `admin/search/questionId`: the question as the editor loads it (tests cut like `admin/testCase/get`). */
export const Math408QuestionAdmin = z.object({
  question_id: z.number().int(),
  type: z.enum(QUESTION_TYPES),
  title: z.string(),
  content: z.string(),
  difficulty: z.number().int(),
  tags_list: z.array(z.number().int()),
  options: z.array(z.object({ key: z.string(), content: z.string() })),
  answer: z.array(z.string()),
  reference_answer: z.string().nullable(),
  explanation: z.string(),
  visible: z.boolean(),
  programming: z
    .object({
      problem_id: z.number().int(),
      time_limit: z.number().int(),
      memory_limit: z.number().int(),
      samples: z.array(SampleCase),
      tests: z.array(TestCaseView),
      reference_code: z.object({ language: z.enum(LANGUAGES), code: z.string() }).nullable(),
    })
    .nullable(),
  update_time: z.string(),
});
export type Math408QuestionAdmin = z.infer<typeof Math408QuestionAdmin>;
