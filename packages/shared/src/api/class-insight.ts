import { z } from 'zod';

/**
 * 学情分析 of classes (issue 27 part 5; docs/classes.md "Where students are stuck"): per homework
 * problem what went wrong (verdicts, the test most often failed first, who has not started), and per
 * student what they solved by difficulty and tag with a daily heatmap. Managers of the class only;
 * a student reads their own student insight.
 */

const id = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是整数` })
    .int(`${label}必须是整数`)
    .min(1, `${label}必须是正整数`);

/** `GET|POST /api/class/student-insight`. */
export const StudentInsightQuery = z.object({ class_id: id('班级编号'), uuid: id('学生编号') });
export type StudentInsightQuery = z.infer<typeof StudentInsightQuery>;

/** How many tries of a problem ended with one verdict. */
export const VerdictTally = z.object({ status: z.string(), tries: z.number().int() });
export type VerdictTally = z.infer<typeof VerdictTally>;

export const InsightStudentName = z.object({ user_id: z.number().int(), username: z.string() });

/** One homework problem as the class did it (tries in the homework's window, contest tries left out). */
export const HomeworkProblemInsight = z.object({
  problem_id: z.number().int(),
  chinese_name: z.string(),
  /** Judged tries in the window, and their verdicts, most frequent first. */
  tries: z.number().int(),
  verdicts: z.array(VerdictTally),
  /** Students with an accepted try, with any try, and without any try (their names). */
  accepted: z.number().int(),
  attempted: z.number().int(),
  not_started: z.array(InsightStudentName),
  /** Tries before the first accepted one, over the students who solved it (0 = solved at once); null when nobody did. */
  before_accepted_mean: z.number().nullable(),
  before_accepted_median: z.number().nullable(),
  /**
   * The test most often the first failed one among the failed tries (1-based), how many tries failed
   * there first, and the most frequent verdict there with its count; null when no test failed.
   */
  top_failed: z
    .object({
      test: z.number().int(),
      tries: z.number().int(),
      status: z.string(),
      status_tries: z.number().int(),
    })
    .nullable(),
});
export type HomeworkProblemInsight = z.infer<typeof HomeworkProblemInsight>;

/** `GET|POST /api/class/homework/insight?homework_id=` (the teacher and TAs of its classes). */
export const HomeworkInsight = z.object({
  homework_id: z.number().int(),
  title: z.string(),
  students: z.number().int(),
  problems: z.array(HomeworkProblemInsight),
});
export type HomeworkInsight = z.infer<typeof HomeworkInsight>;

/** Solved problems by difficulty and by tag, each with the number of problems in the scope. */
export const SolvedBreakdown = z.object({
  solved: z.number().int(),
  total: z.number().int(),
  by_difficulty: z.array(
    z.object({ difficulty: z.number().int(), solved: z.number().int(), total: z.number().int() }),
  ),
  by_tag: z.array(
    z.object({
      tag_id: z.number().int(),
      tag_name: z.string(),
      solved: z.number().int(),
      total: z.number().int(),
    }),
  ),
});
export type SolvedBreakdown = z.infer<typeof SolvedBreakdown>;

/** Tries and accepted tries of one Asia/Shanghai day. */
export const DailyPractice = z.object({
  date: z.string(),
  submitted: z.number().int(),
  accepted: z.number().int(),
});
export type DailyPractice = z.infer<typeof DailyPractice>;

export const StudentInsight = z.object({
  class_id: z.number().int(),
  class_name: z.string(),
  user_id: z.number().int(),
  username: z.string(),
  /** Over the bank's published problems. */
  bank: SolvedBreakdown,
  /** Over the problems of the class's homework. */
  homework: SolvedBreakdown,
  /** The last 365 days (first and last date, Asia/Shanghai), days without a try left out. */
  from: z.string(),
  to: z.string(),
  daily: z.array(DailyPractice),
});
export type StudentInsight = z.infer<typeof StudentInsight>;
