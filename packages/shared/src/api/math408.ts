import { z } from 'zod';
import { fieldLabel } from '../field-labels';
import { LANGUAGES } from '../enums';
import { QUESTION_TYPES } from '../data/question-types';
import { MATH408_SELF_MARKS } from '../data/math408-practice';
import { pageOf, pageQuery } from '../paging';
import { MyStatus } from './problems';
import { SOURCE_MAX_BYTES, VerdictSchema } from './submissions';

/**
 * Contract of the math / 408 bank (`/api/problem/math408/…`, page `/problems/math408/{id}`).
 * Choice questions are graded at once; a short answer is stored and the reference answer shown;
 * the programming question is judged like an algorithm problem (its record carries a submission).
 * Answers, reference answers and explanations are revealed only after the caller answered once.
 */

const idField = (field: string) =>
  z.coerce
    .number({ error: `${fieldLabel([field])}必须是整数` })
    .int(`${fieldLabel([field])}必须是整数`)
    .min(1, `${fieldLabel([field])}必须是正整数`);

export const QuestionIdQuery = z.object({ question_id: idField('question_id') });
export type QuestionIdQuery = z.infer<typeof QuestionIdQuery>;

export const QuestionTypeSchema = z.enum(QUESTION_TYPES);

/** Body (or query) of `search`. */
export const Math408Query = z.object({
  keyword: z.string().trim().max(100, '关键词不能超过 100 个字符').optional(),
  tags_list: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
      z.array(z.coerce.number().int('标签必须是整数数组')).optional(),
    )
    .transform((v) => v ?? []),
  type: QuestionTypeSchema.optional(),
  /** Questions with a tag of this subject: math (categories 1–3) or 408 (4–7) — a contest's picker. */
  subject: z.enum(['math', '408'], { error: '科目必须是 math 或 408' }).optional(),
  difficulty: z.coerce
    .number()
    .int()
    .min(0, '难度必须是 0–3 的整数')
    .max(3, '难度必须是 0–3 的整数')
    .optional(),
  ...pageQuery().shape,
});
export type Math408Query = z.infer<typeof Math408Query>;

export const Math408Row = z.object({
  question_id: z.number().int(),
  type: QuestionTypeSchema,
  difficulty: z.number().int(),
  tags_list: z.array(z.number().int()),
  title: z.string(),
  /** solved: a choice answered right / programming AC; tried: answered otherwise; short answers count as solved once answered. */
  my_status: MyStatus,
});
export type Math408Row = z.infer<typeof Math408Row>;
export const Math408Page = pageOf(Math408Row);

export const Math408Option = z.object({ key: z.string(), content: z.string() });
/** An option as the pages get it: its text rendered too (the sites' markdown, made by the server). */
export const Math408RenderedOption = Math408Option.extend({ content_html: z.string() });

/**
 * One question as `search/questionId` answers it. Each text comes rendered too (`*_html`: the
 * sites' markdown with KaTeX and coloured code, made by the server), so the page needs no renderer;
 * an `_html` field is null wherever its text is.
 */
export const Math408QuestionView = Math408Row.extend({
  content: z.string(),
  content_html: z.string(),
  options: z.array(Math408RenderedOption),
  samples: z.array(z.object({ input: z.string(), output: z.string() })),
  /** Programming questions: the hidden algorithm problem that judges them (limits, custom test). */
  problem_id: z.number().int().nullable(),
  time_limit: z.number().int().nullable(),
  memory_limit: z.number().int().nullable(),
  answered: z.boolean(),
  /** Revealed once the caller answered (or to admins); null before. */
  answer: z.array(z.string()).nullable(),
  reference_answer: z.string().nullable(),
  reference_answer_html: z.string().nullable(),
  reference_code: z.object({ language: z.enum(LANGUAGES), code: z.string() }).nullable(),
  explanation: z.string().nullable(),
  explanation_html: z.string().nullable(),
});
export type Math408QuestionView = z.infer<typeof Math408QuestionView>;

/**
 * Body of `answer`. Choice: `choices` (option keys). Short: `text`. Programming: `language` and
 * `source_code` (judged; the record's `submission_id` follows it on the algorithm records stream).
 */
export const Math408AnswerRequest = z.object({
  question_id: z
    .number({ error: '题目编号必须是整数' })
    .int('题目编号必须是整数')
    .min(1, '题目编号必须是正整数'),
  choices: z
    .array(z.string().regex(/^[A-Z]$/, '选项只能是选项字母'))
    .max(26, '选项过多')
    .optional(),
  text: z.string().max(20_000, '答案不能超过 20000 个字符').optional(),
  language: z.enum(LANGUAGES, { error: `语言必须是 ${LANGUAGES.join('、')} 之一` }).optional(),
  source_code: z
    .string()
    .refine((s) => new TextEncoder().encode(s).length <= SOURCE_MAX_BYTES, '代码不能超过 64 KiB')
    .optional(),
  /**
   * Answering inside a math / 408 contest: the contest and the problem's 0-based position. Counts
   * for the scoreboard when a participant answers while the contest runs.
   */
  competition_id: z
    .number({ error: '比赛编号必须是整数' })
    .int('比赛编号必须是整数')
    .min(1, '比赛编号必须是正整数')
    .optional(),
  index: z
    .number({ error: '题目序号必须是整数' })
    .int('题目序号必须是整数')
    .min(0, '题目序号必须大于等于 0')
    .optional(),
});
export type Math408AnswerRequest = z.infer<typeof Math408AnswerRequest>;

/** Outcome of an answer: `correct` / `wrong` (choice), `submitted` (short), or a judge verdict (programming, PD at first). */
export const Math408RecordStatus = z.union([z.enum(['correct', 'wrong', 'submitted']), VerdictSchema]);

export const Math408Record = z.object({
  record_id: z.number().int(),
  question_id: z.number().int(),
  title: z.string(),
  type: QuestionTypeSchema,
  /** What was answered: option keys joined ("AC"), the text, or the language of the program. */
  answer: z.string(),
  status: Math408RecordStatus,
  /** null until known (short answers are not graded; programming while judging). */
  correct: z.boolean().nullable(),
  submission_id: z.number().int().nullable(),
  /** Programming: the hidden problem judged (the record page is /problems/{problem_id}/records/{submission_id}). */
  problem_id: z.number().int().nullable(),
  /** The contest the answer was given in, if any, and the question's 0-based position in it. */
  competition_id: z.number().int().nullable(),
  index: z.number().int().nullable(),
  create_time: z.string(),
  /** Revealed with the record (withheld while the question's contest runs). */
  correct_answer: z.array(z.string()).nullable(),
  reference_answer: z.string().nullable(),
  explanation: z.string().nullable(),
  /** A short answer as its author marked it against the reference answer (`selfMark`), null before. */
  self_mark: z.enum(MATH408_SELF_MARKS).nullable(),
});
export type Math408Record = z.infer<typeof Math408Record>;
export const Math408RecordPage = pageOf(Math408Record);

/**
 * `records?question_id=&competition_id=&pageNum=`: the caller's own answers, newest first; with
 * `competition_id` only those given in that contest (a math / 408 contest's 我的提交 tab).
 */
export const Math408RecordsQuery = z.object({
  question_id: idField('question_id').optional(),
  competition_id: idField('competition_id').optional(),
  ...pageQuery().shape,
});
export type Math408RecordsQuery = z.infer<typeof Math408RecordsQuery>;

export * from './math408-admin';
