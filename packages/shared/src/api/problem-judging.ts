import { z } from 'zod';
import { CHECKER_PROTOCOLS, PROBLEM_TYPES, SUBTASK_SCORINGS } from '../judge';

/**
 * How a problem is judged beyond limits and checker (issue 24, docs/problem-types.md): its type
 * (traditional, interactive, output-only), NOI-style file I/O, a grader compiled with the
 * submission, and partial scoring (points per test or subtasks with dependencies). The judge's own
 * contract (judge.ts: JudgeJob) is what the server builds from this; here are the admin's words:
 * tests are numbered from 1 in their stored order, subtasks from 1 in the list's order.
 */

export const JUDGING_LIMITS = {
  /** Files of an interactor or a grader (sources and headers). */
  filesMax: 10,
  fileMaxChars: 256 * 1024,
  subtasksMax: 50,
  fullScoreMax: 10_000,
} as const;

const fileName = (what: string) =>
  z
    .string({ error: `${what}必须是字符串` })
    .min(1, `${what}不能为空`)
    .max(100, `${what}不能超过 100 个字符`)
    .regex(/^[\w.-]+$/, `${what}只能包含字母、数字、下划线、点和减号`)
    .refine((n) => n !== '.' && n !== '..', `${what}不合法`);

/** A source or header kept with the problem (an interactor's testlib.h, a grader's files). */
export const JudgingFile = z.object({
  name: fileName('文件名'),
  content: z
    .string({ error: '文件内容必须是字符串' })
    .max(JUDGING_LIMITS.fileMaxChars, '单个文件不能超过 256 KiB'),
});
export type JudgingFile = z.infer<typeof JudgingFile>;

const judgingFiles = (what: string) =>
  z.array(JudgingFile, { error: `${what}必须是文件列表` }).max(JUDGING_LIMITS.filesMax, `${what}最多 10 个`);

/** NOI style: the program reads `input` and writes `output` in its working directory. */
export const FileIoInput = z
  .object({
    input: fileName('输入文件名'),
    output: fileName('输出文件名'),
  })
  .refine((io) => io.input !== io.output, { message: '输入文件名与输出文件名不能相同', path: ['output'] });
export type FileIoInput = z.infer<typeof FileIoInput>;

/** The interactor of an interactive problem: C++, run beside the submission, connected by pipes. */
export const InteractorInput = z.object({
  source: z
    .string({ error: '交互程序代码必须是字符串' })
    .min(1, '交互程序代码不能为空')
    .max(JUDGING_LIMITS.fileMaxChars, '交互程序代码不能超过 256 KiB'),
  /** Compiled beside it (the package's own testlib.h wins over ours). */
  files: judgingFiles('交互程序的附加文件').optional(),
  /** Absent: testlib (`registerInteraction`); kattis: a Kattis / ICPC interactive validator. */
  protocol: z.enum(CHECKER_PROTOCOLS, { error: '交互程序协议必须是 testlib 或 kattis' }).optional(),
});
export type InteractorInput = z.infer<typeof InteractorInput>;

/** Grader problems (C and C++): the grader's files compiled together with the submission. */
export const GraderInput = z.object({
  files: judgingFiles('评测程序（grader）文件').min(1, '评测程序（grader）文件至少一个'),
  /** The submission's file name as the grader expects it (default main.c / main.cpp). */
  submission_name: fileName('选手程序文件名').optional(),
  /** A grader source `#include`s the submission, which is then not compiled on its own. */
  includes_submission: z.boolean({ error: '是否包含选手程序必须是布尔值' }).optional(),
});
export type GraderInput = z.infer<typeof GraderInput>;

const testNumber = z
  .number({ error: '测试点编号必须是整数' })
  .int('测试点编号必须是整数')
  .min(1, '测试点编号从 1 开始');

/** A subtask: its points, its tests (numbers from 1), how they combine, what it depends on. */
export const SubtaskInput = z.object({
  points: z.number({ error: '子任务分值必须是数字' }).min(0, '子任务分值不能为负'),
  tests: z.array(testNumber, { error: '子任务的测试点必须是编号列表' }).min(1, '子任务至少包含一个测试点'),
  /** min (default): points × the lowest test's fraction; sum: each test its share. */
  scoring: z.enum(SUBTASK_SCORINGS, { error: '子任务计分方式必须是 min 或 sum' }).optional(),
  /** Subtask numbers (from 1) that must be full for this one to count. */
  dependencies: z
    .array(z.number({ error: '依赖的子任务编号必须是整数' }).int('依赖的子任务编号必须是整数').min(1, '子任务编号从 1 开始'))
    .optional(),
});
export type SubtaskInput = z.infer<typeof SubtaskInput>;

/**
 * Partial scoring. Absent (null): all or nothing, as today (ICPC). With `subtasks`: scored by them;
 * else by tests: `test_points[i]` for test i + 1, tests without points sharing what is left of the
 * full score equally. The full score defaults to 100 (or the sum of the points given).
 */
export const ScoringInput = z.object({
  full_score: z
    .number({ error: '满分必须是数字' })
    .positive('满分必须为正数')
    .max(JUDGING_LIMITS.fullScoreMax, '满分不能超过 10000')
    .optional(),
  test_points: z.array(z.number({ error: '测试点分值必须是数字' }).min(0, '测试点分值不能为负')).optional(),
  subtasks: z.array(SubtaskInput).max(JUDGING_LIMITS.subtasksMax, '子任务最多 50 个').optional(),
});
export type ScoringInput = z.infer<typeof ScoringInput>;

/**
 * The judging of a problem, as the admin sets it. Fields that do not apply to the type must be
 * null (an interactive problem has no file I/O, an output-only one no grader).
 */
export const ProblemJudging = z
  .object({
    type: z.enum(PROBLEM_TYPES, { error: '题目类型必须是传统题、交互题或提交答案题' }).default('batch'),
    file_io: FileIoInput.nullable().default(null),
    interactor: InteractorInput.nullable().default(null),
    grader: GraderInput.nullable().default(null),
    scoring: ScoringInput.nullable().default(null),
  })
  .superRefine((j, ctx) => {
    const issue = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    if (j.type === 'interactive' && !j.interactor) issue('交互题需要交互程序', 'interactor');
    if (j.type !== 'interactive' && j.interactor) issue('只有交互题可以设置交互程序', 'interactor');
    if (j.type !== 'batch' && j.file_io) issue('文件输入输出只用于传统题', 'file_io');
    if (j.type === 'output-only' && j.grader) issue('提交答案题没有评测程序（grader）', 'grader');
    const subtasks = j.scoring?.subtasks ?? [];
    subtasks.forEach((st, i) => {
      for (const dep of st.dependencies ?? [])
        if (dep > subtasks.length || dep === i + 1)
          issue(`子任务 ${i + 1} 依赖的子任务 ${dep} 不存在或是它自己`, 'scoring');
    });
  });
export type ProblemJudging = z.infer<typeof ProblemJudging>;
export type ProblemJudgingRaw = z.input<typeof ProblemJudging>;

/**
 * What solvers see of the judging (`Problem.judging`): the type, file names, the scoring; the
 * interactor is the jury's (admins only), the grader's headers are public (solutions include them)
 * and its sources admins only.
 */
export const ProblemJudgingView = z.object({
  type: z.enum(PROBLEM_TYPES),
  file_io: FileIoInput.nullable(),
  /** Admins only; null for everyone else (and for other types). */
  interactor: InteractorInput.nullable(),
  /** Solvers: headers with content, sources by name with empty content; admins: everything. */
  grader: GraderInput.nullable(),
  scoring: ScoringInput.nullable(),
});
export type ProblemJudgingView = z.infer<typeof ProblemJudgingView>;
