import { z } from 'zod';
import { MyStatus } from './problems';

/**
 * Class problems (班级题目, issue 27 part 3; docs/classes.md): hidden bank problems private to classes,
 * written by teachers on the management site with the same editor as administrators.
 */

/** One class problem in a class's 题目 tab: what a member sees, with the caller's own status. */
export const ClassProblemRow = z.object({
  problem_id: z.number().int(),
  chinese_name: z.string(),
  difficulty: z.number().int(),
  status: MyStatus,
});
export type ClassProblemRow = z.infer<typeof ClassProblemRow>;

/** `class/problems?class_id=`: the class's problems; `can_create`: the caller may write new ones for it. */
export const ClassProblemList = z.object({
  can_create: z.boolean(),
  records: z.array(ClassProblemRow),
});
export type ClassProblemList = z.infer<typeof ClassProblemList>;

/** A class problem on the management site: its classes by name. */
export const AuthoredClassProblem = z.object({
  problem_id: z.number().int(),
  chinese_name: z.string(),
  difficulty: z.number().int(),
  author_id: z.number().int().nullable(),
  classes: z.array(z.object({ class_id: z.number().int(), name: z.string() })),
});
export type AuthoredClassProblem = z.infer<typeof AuthoredClassProblem>;

/**
 * `class/problems/authored`: the class problems the caller wrote (administrators: every one), and
 * the classes it may write new ones for (those it teaches or assists in; administrators: all).
 */
export const AuthoredClassProblems = z.object({
  records: z.array(AuthoredClassProblem),
  classes: z.array(z.object({ class_id: z.number().int(), name: z.string() })),
});
export type AuthoredClassProblems = z.infer<typeof AuthoredClassProblems>;
