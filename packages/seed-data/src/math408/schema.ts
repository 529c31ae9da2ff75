import { z } from 'zod';
import { Difficulty, LANGUAGES, math408TagIndex, QUESTION_TYPES } from '@oj/shared';

const DIFFICULTIES = Object.values(Difficulty) as number[];
const markdown = z.string().trim().min(1);

const Option = z.object({ key: z.string().regex(/^[A-Z]$/), content: markdown }).strict();
const Sample = z.object({ input: z.string(), output: z.string().min(1) }).strict();

/** One question file of the math / 408 bank. Markdown fields may hold KaTeX (`$...$`). */
export const Math408Question = z
  .object({
    question_id: z.number().int().positive(),
    type: z.enum(QUESTION_TYPES),
    difficulty: z.number().int().refine((d) => DIFFICULTIES.includes(d), 'difficulty 必须是 0–3'),
    tags_list: z.array(z.number().int().refine((id) => math408TagIndex.byId(id) !== undefined, '标签不存在')).min(1),
    title: z.string().trim().min(1),
    content: markdown,
    /** Choice questions only, keys A, B, C … in order. */
    options: z.array(Option).optional(),
    /** Keys of the correct options (choice questions only), in key order. */
    answer: z.array(z.string()).optional(),
    /** Shown after submitting a short answer or programming question. */
    reference_answer: markdown.optional(),
    /** Programming questions: a reference program and sample runs, so the answer is checkable. */
    reference_code: z.object({ language: z.enum(LANGUAGES), code: z.string().min(1) }).strict().optional(),
    samples: z.array(Sample).optional(),
    explanation: markdown,
  })
  .strict()
  .superRefine((q, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const choice = q.type === 'single' || q.type === 'multiple';
    if (choice) {
      const keys = (q.options ?? []).map((o) => o.key);
      if (keys.length < (q.type === 'single' ? 2 : 3)) fail('options', '选项太少');
      if (keys.join('') !== 'ABCDEFGHIJ'.slice(0, keys.length)) fail('options', '选项必须依次编号为 A、B、C…');
      const answer = q.answer ?? [];
      if (answer.some((k) => !keys.includes(k))) fail('answer', '答案不是已有的选项');
      if (new Set(answer).size !== answer.length || [...answer].sort().join() !== answer.join()) fail('answer', '答案须按选项顺序且不重复');
      if (q.type === 'single' && answer.length !== 1) fail('answer', '单选题恰有一个答案');
      if (q.type === 'multiple' && (answer.length < 2 || answer.length > keys.length)) fail('answer', '多选题至少两个答案');
      if (q.reference_answer || q.reference_code || q.samples) fail('type', '选择题不带参考答案或代码');
    } else {
      if (q.options || q.answer) fail('options', '非选择题没有选项和答案');
      if (!q.reference_answer) fail('reference_answer', '简答题与编程大题需要参考答案');
    }
    if (q.type === 'programming' && (!q.reference_code || !q.samples?.length)) fail('reference_code', '编程大题需要参考程序和样例');
    if (q.type !== 'programming' && (q.reference_code || q.samples)) fail('reference_code', '只有编程大题带参考程序');
  });
export type Math408Question = z.infer<typeof Math408Question>;
