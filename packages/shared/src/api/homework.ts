import { z } from 'zod';

/**
 * Homework of classes (作业, issue 27 part 2; docs/classes.md "Homework"): bank problems with a
 * start, a deadline and an optional late period, assigned to classes the creator manages. Each
 * problem is worth 100 points (a scored problem: its best share of the full score); a try in the
 * late period counts its points times `late_factor` (e.g. 0.8). Math / 408 questions sit among the
 * problems (`kind`): one answered right (judged, or a short answer self-marked right) is solved.
 */

const id = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是整数` })
    .int(`${label}必须是整数`)
    .min(1, `${label}必须是正整数`);
const time = (label: string) =>
  z
    .string({ error: `${label}必须是时间` })
    .refine((s) => !Number.isNaN(Date.parse(s)), `${label}不是有效的时间`)
    .transform((s) => new Date(s).toISOString());

export const HOMEWORK_LIMITS = { titleMax: 100, descriptionMax: 20_000, problemsMax: 100, classesMax: 20 };

export const HomeworkIdQuery = z.object({ homework_id: id('作业编号') });
export type HomeworkIdQuery = z.infer<typeof HomeworkIdQuery>;

/** Which bank a homework's item comes from: the algorithm bank, or the math / 408 questions. */
export const HomeworkItemKind = z.enum(['algorithm', 'math408'], {
  error: '题目类型只能是算法题或数学/408 题',
});
export type HomeworkItemKind = z.infer<typeof HomeworkItemKind>;
export const HomeworkItemRef = z.object({ kind: HomeworkItemKind, id: id('题目编号') });
export type HomeworkItemRef = z.infer<typeof HomeworkItemRef>;

const HomeworkFields = z.object({
  title: z
    .string({ error: '作业标题必须是文字' })
    .trim()
    .min(1, '作业标题不能为空')
    .max(HOMEWORK_LIMITS.titleMax, `作业标题不能超过 ${HOMEWORK_LIMITS.titleMax} 个字符`),
  description: z
    .string({ error: '作业说明必须是文字' })
    .max(HOMEWORK_LIMITS.descriptionMax, `作业说明不能超过 ${HOMEWORK_LIMITS.descriptionMax} 个字符`)
    .default(''),
  start_time: time('开始时间'),
  deadline: time('截止时间'),
  /** The end of the late period; null: none (nothing counts after the deadline). */
  late_end: time('补交截止时间').nullable().default(null),
  /** Points of a late try are multiplied by this (0 – 1). */
  late_factor: z.coerce
    .number({ error: '迟交得分比例必须是数字' })
    .min(0, '迟交得分比例不能小于 0')
    .max(1, '迟交得分比例不能大于 1')
    .default(1),
  class_ids: z
    .array(id('班级编号'), { error: '班级必须是编号列表' })
    .min(1, '至少选择一个班级')
    .max(HOMEWORK_LIMITS.classesMax, `班级不能超过 ${HOMEWORK_LIMITS.classesMax} 个`),
  /** Bank problems, in order; `list_id` copies a readable problem list's problems after them. */
  problem_ids: z
    .array(id('题目编号'), { error: '题目必须是编号列表' })
    .max(HOMEWORK_LIMITS.problemsMax, `题目不能超过 ${HOMEWORK_LIMITS.problemsMax} 道`)
    .default([]),
  /**
   * Bank problems and math / 408 questions in one order (the picker); `problem_ids` and the list's
   * problems follow them.
   */
  items: z
    .array(HomeworkItemRef, { error: '题目必须是列表' })
    .max(HOMEWORK_LIMITS.problemsMax, `题目不能超过 ${HOMEWORK_LIMITS.problemsMax} 道`)
    .default([]),
  list_id: id('题单编号').optional(),
});

const ordered = <T extends z.infer<typeof HomeworkFields>>(h: T, ctx: z.RefinementCtx) => {
  if (h.deadline <= h.start_time)
    ctx.addIssue({ code: 'custom', path: ['deadline'], message: '截止时间必须晚于开始时间' });
  if (h.late_end !== null && h.late_end <= h.deadline)
    ctx.addIssue({ code: 'custom', path: ['late_end'], message: '补交截止时间必须晚于截止时间' });
  if (h.items.length + h.problem_ids.length > HOMEWORK_LIMITS.problemsMax)
    ctx.addIssue({
      code: 'custom',
      path: ['items'],
      message: `题目不能超过 ${HOMEWORK_LIMITS.problemsMax} 道`,
    });
};

/** `POST /api/class/homework/create`. */
export const HomeworkInput = HomeworkFields.superRefine(ordered);
export type HomeworkInput = z.infer<typeof HomeworkInput>;
export type HomeworkInputRaw = z.input<typeof HomeworkInput>;
/** `POST /api/class/homework/modify`. */
export const HomeworkModifyRequest = HomeworkFields.extend({ homework_id: id('作业编号') }).superRefine(
  ordered,
);
export type HomeworkModifyRequest = z.infer<typeof HomeworkModifyRequest>;

export const HomeworkCreated = z.object({ homework_id: z.number().int() });

export const HomeworkProgress = z.object({
  solved: z.number().int(),
  total: z.number().int(),
  /** Points with the late penalty applied, out of 100 × total. */
  score: z.number(),
});
export type HomeworkProgress = z.infer<typeof HomeworkProgress>;

export const HomeworkSummary = z.object({
  homework_id: z.number().int(),
  title: z.string(),
  start_time: z.string(),
  deadline: z.string(),
  late_end: z.string().nullable(),
  late_factor: z.number(),
  classes: z.array(z.object({ class_id: z.number().int(), name: z.string() })),
  problem_count: z.number().int(),
  /** The caller's own progress (students); null for those who manage it. */
  progress: HomeworkProgress.nullable(),
  /** The caller manages it (teacher or TA of one of its classes, or an administrator). */
  manage: z.boolean(),
});
export type HomeworkSummary = z.infer<typeof HomeworkSummary>;
export const HomeworkList = z.array(HomeworkSummary);
export type HomeworkList = z.infer<typeof HomeworkList>;

/** One problem of a student's homework page. */
export const HomeworkProblem = z.object({
  /** A bank problem's id, or a math / 408 question's (`kind`). */
  problem_id: z.number().int(),
  kind: HomeworkItemKind,
  chinese_name: z.string(),
  accepted: z.boolean(),
  attempts: z.number().int(),
  /** Points out of 100, late penalty applied. */
  score: z.number(),
  late: z.boolean(),
});
export type HomeworkProblem = z.infer<typeof HomeworkProblem>;

export const HomeworkDetail = HomeworkSummary.extend({
  description: z.string(),
  class_ids: z.array(z.number().int()),
  problems: z.array(HomeworkProblem),
});
export type HomeworkDetail = z.infer<typeof HomeworkDetail>;

export const HomeworkCell = z.object({
  accepted: z.boolean(),
  attempts: z.number().int(),
  /** Best points out of 100, late penalty applied. */
  best_score: z.number(),
  first_accepted: z.string().nullable(),
  /** Accepted (or scored best) only in the late period. */
  late: z.boolean(),
});
export type HomeworkCell = z.infer<typeof HomeworkCell>;

/** The completion matrix (teachers, TAs): students × problems, sorted by total score, best first. */
export const HomeworkMatrix = z.object({
  homework_id: z.number().int(),
  title: z.string(),
  problems: z.array(
    z.object({ problem_id: z.number().int(), kind: HomeworkItemKind, chinese_name: z.string() }),
  ),
  students: z.array(
    z.object({
      user_id: z.number().int(),
      username: z.string(),
      class_id: z.number().int(),
      solved: z.number().int(),
      score: z.number(),
      cells: z.array(HomeworkCell),
    }),
  ),
});
export type HomeworkMatrix = z.infer<typeof HomeworkMatrix>;
