import { z } from 'zod';
import { algorithmTagIndex, Difficulty, PROBLEM_SOURCES } from '@oj/shared';

const DIFFICULTIES = Object.values(Difficulty) as number[];

/** problem.json of a demo problem. Field names are those of the problem entity (SPEC §3). */
export const DemoProblemMeta = z
  .object({
    /** The id the seeding code gives the problem; A+B is 1000 as on every judge. */
    problem_id: z.number().int().min(1000),
    chinese_name: z.string().min(1),
    english_name: z.string().min(1),
    difficulty: z.number().int().refine((d) => DIFFICULTIES.includes(d), 'difficulty 必须是 0–3'),
    tags_list: z
      .array(z.number().int().refine((id) => algorithmTagIndex.byId(id) !== undefined, '标签不存在'))
      .min(1),
    source_name: z.enum(PROBLEM_SOURCES),
    /** Milliseconds of CPU time per test. */
    time_limit: z.number().int().min(100).max(10_000),
    /** MiB. */
    memory_limit: z.number().int().min(16).max(1024),
    /** Answers are compared as reals: accepted when absolute or relative error <= this. */
    float_tolerance: z.number().positive().max(0.1).optional(),
    /** Any valid answer is accepted; checker.cpp (testlib protocol) decides. */
    special_judge: z.boolean().optional(),
  })
  .strict()
  .refine((m) => !(m.float_tolerance && m.special_judge), '浮点误差与特殊评测不能同时使用');
export type DemoProblemMeta = z.infer<typeof DemoProblemMeta>;
