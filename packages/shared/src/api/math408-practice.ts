import { z } from 'zod';
import { MATH408_EXAM_MAX, MATH408_SELF_MARKS } from '../data/math408-practice';
import {
  Math408Query,
  Math408RenderedOption,
  Math408Record,
  QuestionIdQuery,
  QuestionTypeSchema,
} from './math408';

/**
 * Practice on the math / 408 bank (issue 29): 上一题 / 下一题 within the bank's filter, the 错题本,
 * the exam mode and the self-marking of short answers. Every call reads or writes the caller's own
 * answers only; a key a running contest locks stays withheld as everywhere in the bank.
 */

/** `search/neighbours?question_id=&keyword=&subject=&difficulty=&type=&tags_list=`: the bank's filter and the question. */
export const Math408NeighboursQuery = Math408Query.extend(QuestionIdQuery.shape);
export type Math408NeighboursQuery = z.infer<typeof Math408NeighboursQuery>;

export const Math408Link = z.object({ question_id: z.number().int(), title: z.string() });
export type Math408Link = z.infer<typeof Math408Link>;
/** The previous and next question of the filtered bank (by id), null at either end. */
export const Math408Neighbours = z.object({ prev: Math408Link.nullable(), next: Math408Link.nullable() });
export type Math408Neighbours = z.infer<typeof Math408Neighbours>;

export const Math408SelfMark = z.enum(MATH408_SELF_MARKS, { error: '自评结果必须是 答对、部分正确 或 答错' });
export type Math408SelfMark = z.infer<typeof Math408SelfMark>;
export { MATH408_EXAM_MAX, MATH408_SELF_MARK_NAMES, MATH408_SELF_MARKS } from '../data/math408-practice';

/** Body of `selfMark`: one of the caller's short answers and their mark (marking again replaces it). */
export const Math408SelfMarkRequest = z.object({
  record_id: z
    .number({ error: '作答记录编号必须是整数' })
    .int('作答记录编号必须是整数')
    .min(1, '作答记录编号必须是正整数'),
  mark: Math408SelfMark,
});
export type Math408SelfMarkRequest = z.infer<typeof Math408SelfMarkRequest>;

/** One question of the 错题本: my latest answer to it was wrong (a short answer: self-marked wrong). */
export const Math408WrongItem = z.object({
  question_id: z.number().int(),
  title: z.string(),
  type: QuestionTypeSchema,
  difficulty: z.number().int(),
  subject: z.enum(['math', '408']).nullable(),
  /** When that wrong answer was given. */
  answer_time: z.string(),
});
export type Math408WrongItem = z.infer<typeof Math408WrongItem>;
export const Math408WrongList = z.array(Math408WrongItem);

/**
 * `stats`: the caller's questions by the outcome of their latest answer. `pending`: a short answer
 * not self-marked yet, or a programming answer being judged.
 */
export const Math408Stats = z.object({
  answers: z.number().int(),
  questions: z.number().int(),
  right: z.number().int(),
  partial: z.number().int(),
  wrong: z.number().int(),
  pending: z.number().int(),
});
export type Math408Stats = z.infer<typeof Math408Stats>;

/** Body of `exam/draw`: the bank's filter and how many questions (choice and short answers only). */
export const Math408ExamDraw = Math408Query.omit({ pageNum: true, pageSize: true }).extend({
  count: z.coerce
    .number({ error: '题目数量必须是整数' })
    .int('题目数量必须是整数')
    .min(1, '题目数量至少为 1')
    .max(MATH408_EXAM_MAX, `题目数量不能超过 ${MATH408_EXAM_MAX}`),
});
export type Math408ExamDraw = z.infer<typeof Math408ExamDraw>;

/**
 * A drawn exam question: what is needed to answer it, never its key. Its texts come rendered too
 * (`content_html`, each option's): the exam page needs no renderer until the marked paper.
 */
export const Math408ExamQuestion = z.object({
  question_id: z.number().int(),
  title: z.string(),
  type: QuestionTypeSchema,
  difficulty: z.number().int(),
  content: z.string(),
  content_html: z.string(),
  options: z.array(Math408RenderedOption),
});
export type Math408ExamQuestion = z.infer<typeof Math408ExamQuestion>;
export const Math408ExamPaper = z.array(Math408ExamQuestion);

/** Body of `exam/submit` (交卷): the answers kept until then, each stored as an ordinary answer. */
export const Math408ExamSubmit = z.object({
  answers: z
    .array(
      z.object({
        question_id: QuestionIdQuery.shape.question_id,
        choices: z
          .array(z.string().regex(/^[A-Z]$/, '选项只能是选项字母'))
          .max(26, '选项过多')
          .optional(),
        text: z.string().max(20_000, '答案不能超过 20000 个字符').optional(),
      }),
    )
    .min(1, '没有可交的答案')
    .max(MATH408_EXAM_MAX, `题目数量不能超过 ${MATH408_EXAM_MAX}`),
});
export type Math408ExamSubmit = z.infer<typeof Math408ExamSubmit>;

/** Each answer's stored record (keys withheld while a contest locks the question), or why it was refused. */
export const Math408ExamResult = z.array(
  z.object({
    question_id: z.number().int(),
    record: Math408Record.nullable(),
    message: z.string().nullable(),
  }),
);
export type Math408ExamResult = z.infer<typeof Math408ExamResult>;
