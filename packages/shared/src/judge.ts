import { z } from 'zod';
import { LANGUAGES, VERDICTS } from './enums';
import { LanguageOptions, languageOptionsProblem } from './language-options';

/**
 * The contract between the server (producer of judge jobs, sole writer of the database) and the
 * judge engine / remote judge workers. Everything here crosses Redis as JSON, so plain data only.
 */

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, '数据指纹必须是 64 位十六进制小写字符串');

export const JudgeLimits = z.object({
  /** CPU time per test in ms, before the language's time factor. */
  timeMs: z.number().int().min(1, '时间限制必须为正整数').max(60_000, '时间限制不能超过 60000'),
  /** Memory per test in MiB. */
  memoryMiB: z.number().int().min(1, '内存限制必须为正整数').max(8192, '内存限制不能超过 8192'),
  /** Output a test may write, in bytes; default 64 MiB. Larger output ends as OLE. */
  outputBytes: z.number().int().min(1).optional(),
});
export type JudgeLimits = z.infer<typeof JudgeLimits>;

/** One test: input and expected answer, both fetched by content hash from the test-data store. */
export const JudgeTest = z.object({
  name: z.string().min(1, '文件名不能为空'),
  inputHash: sha256,
  answerHash: sha256,
  /**
   * What the test is worth in a job scored by tests (`scoring` without subtasks); tests without
   * points share what is left of the full score equally. Ignored otherwise.
   */
  points: z.number().min(0, '测试点分值不能为负').optional(),
});
export type JudgeTest = z.infer<typeof JudgeTest>;

/** IOI-style group: score of the group = its points × the minimum test score inside it. */
export const JudgeGroup = z.object({
  name: z.string(),
  points: z.number().min(0),
  /** Test names belonging to this group. */
  tests: z.array(z.string()).min(1),
});
export type JudgeGroup = z.infer<typeof JudgeGroup>;

/** A file name in a box: letters, digits, `_`, `.`, `-`, no path. */
const fileName = z
  .string()
  .max(100, '文件名过长')
  .regex(/^[\w.-]+$/, '文件名不合法')
  .refine((n) => n !== '.' && n !== '..', '文件名不合法');

/** A file the job carries (a checker's testlib.h, a grader's sources and headers). */
export const JobFile = z.object({ name: fileName, content: z.string() });
export type JobFile = z.infer<typeof JobFile>;

/**
 * How a special checker or an interactor is called and how it answers.
 * - 'testlib' (the default): `checker input output answer`; an interactor `interactor input tout
 *   answer`, its stdin the submission's stdout and its stdout the submission's stdin (`tout` a
 *   file it may write for a checker after it). Exit 0 AC, 1 WA, 2 PE, 3 fail (IE), 4 PE (extra
 *   output), 8 WA (unexpected EOF); 7 points: stderr `points X …` (`quitp`), X the fraction of the
 *   test's score, 0 to 1; partially correct: stderr `partially correct (K) …` (`_pc(K)`, exit K or
 *   50 + K), the fraction K / 100. Anything else is IE. The message is its stderr.
 * - 'kattis' (Kattis / ICPC output validators): `validator input answer feedback/ [flags] <
 *   output`; an interactor the same, its stdin and stdout connected to the submission. Exit 42 AC,
 *   43 WA, anything else IE. The message is feedback/teammessage.txt, else judgemessage.txt, else
 *   its stderr; an accepted test's fraction is feedback/score_multiplier.txt or score.txt (a
 *   number from 0 to 1; default 1).
 * A fraction below 1 is not AC: such a test is WA with its fraction (部分正确 when above 0).
 */
export const CHECKER_PROTOCOLS = ['testlib', 'kattis'] as const;
export type CheckerProtocol = (typeof CHECKER_PROTOCOLS)[number];

const validatorFlags = z.array(z.string().max(200, '参数过长')).max(32, '参数过多').optional();

export const CheckerSpec = z.discriminatedUnion('kind', [
  /**
   * Token compare line by line, ignoring trailing white space and trailing blank lines;
   * `caseInsensitive`: ASCII letters match whatever their case.
   */
  z.object({ kind: z.literal('default'), caseInsensitive: z.boolean().optional() }),
  /**
   * Like default, but numeric tokens match within an absolute or relative error (nan, inf and
   * their spellings compare as numbers).
   */
  z.object({
    kind: z.literal('float'),
    absolute: z.number().min(0).optional(),
    relative: z.number().min(0).optional(),
    caseInsensitive: z.boolean().optional(),
  }),
  /** The author's checker (C++), called by its protocol (CHECKER_PROTOCOLS). */
  z.object({
    kind: z.literal('special'),
    language: z.literal('C++'),
    source: z.string().min(1, '代码不能为空'),
    /** Extra files compiled beside the checker, typically the author's own testlib.h. */
    files: z.array(JobFile).optional(),
    /** How it is called and how it answers; absent: testlib (see CHECKER_PROTOCOLS). */
    protocol: z.enum(CHECKER_PROTOCOLS).optional(),
    /** Kattis only: extra arguments after the fixed ones (`validator_flags`). */
    flags: validatorFlags,
  }),
]);
export type CheckerSpec = z.infer<typeof CheckerSpec>;

export const JUDGE_MODES = ['first-failure', 'all'] as const;
export type JudgeMode = (typeof JUDGE_MODES)[number];

/**
 * What the submission is (docs/problem-types.md):
 * - 'batch' (the default): a program reading stdin (or `io.input`) and writing stdout (or `io.output`);
 * - 'interactive': a program talking to the job's `interactor` through pipes;
 * - 'output-only' (提交答案): no program, one answer file per test (`answers`), each checked by the checker.
 */
export const PROBLEM_TYPES = ['batch', 'interactive', 'output-only'] as const;
export type ProblemType = (typeof PROBLEM_TYPES)[number];

/**
 * The interactor of an interactive problem (C++), in a box of its own beside the submission's:
 * the submission's stdout is its stdin, its stdout the submission's stdin; it reads the test's input
 * and answer files (the submission never sees them). Its exit decides the test by its protocol
 * (CHECKER_PROTOCOLS), unless the submission crashed or exceeded a limit first. With a testlib
 * interactor and a special checker, the checker then checks what the interactor wrote to `tout`.
 */
export const InteractorSpec = z.object({
  language: z.literal('C++'),
  source: z.string().min(1, '交互程序代码不能为空'),
  /** Extra files compiled beside it (an author's own testlib.h replaces ours). */
  files: z.array(JobFile).optional(),
  /** Absent: testlib. */
  protocol: z.enum(CHECKER_PROTOCOLS).optional(),
  /** Kattis only: extra arguments after the fixed ones. */
  flags: validatorFlags,
  /**
   * Its own limits; default CPU max(2 × the submission's, 2000 ms), 1024 MiB. The submission's
   * wall-clock limit grows by the interactor's CPU limit (it waits while the interactor thinks).
   */
  limits: z
    .object({
      timeMs: z.number().int().min(1, '时间限制必须为正整数').max(60_000, '时间限制不能超过 60000'),
      memoryMiB: z.number().int().min(1, '内存限制必须为正整数').max(8192, '内存限制不能超过 8192'),
    })
    .partial()
    .optional(),
});
export type InteractorSpec = z.infer<typeof InteractorSpec>;

/**
 * Grader problems (C and C++): the grader's files are compiled with the submission in one compiler
 * call (the submission under `submissionName`, the grader's `.c` files for C, `.cpp`/`.cc`/`.cxx`
 * for C++; headers are only there to be included). Other languages are CE.
 */
export const GraderSpec = z.object({
  files: z.array(JobFile).min(1, '评测程序（grader）文件不能为空'),
  /** The submission's file name as the grader expects it (default main.c / main.cpp). */
  submissionName: fileName.optional(),
  /** A grader source `#include`s the submission file, which is then not compiled on its own. */
  includesSubmission: z.boolean().optional(),
});
export type GraderSpec = z.infer<typeof GraderSpec>;

/**
 * NOI-style file I/O: the input is in the program's working directory as `input`, the program
 * writes its answer to `output` there; its stdout is ignored (still capped by the output limit).
 * A missing output file is WA.
 */
export const FileIo = z
  .object({ input: fileName, output: fileName })
  .refine((io) => io.input !== io.output, '输入文件与输出文件不能同名');
export type FileIo = z.infer<typeof FileIo>;

/** Inline answers of an output-only submission, in all: larger ones travel by hash. */
export const INLINE_ANSWERS_MAX = 1 << 20;

/**
 * One answer file of an output-only submission, for the test named `test`: its text inline, or the
 * sha256 of a file the test-data store serves (the server stores uploaded answers there).
 */
export const SubmittedAnswer = z
  .object({
    test: z.string().min(1, '测试点名称不能为空'),
    content: z.string().optional(),
    hash: sha256.optional(),
  })
  .refine((a) => (a.content === undefined) !== (a.hash === undefined), '答案文件须给出内容或数据指纹之一');
export type SubmittedAnswer = z.infer<typeof SubmittedAnswer>;

export const SUBTASK_SCORINGS = ['min', 'sum'] as const;
export type SubtaskScoring = (typeof SUBTASK_SCORINGS)[number];

/**
 * A subtask of a scored job. 'min' (default): its points × the lowest fraction of its tests; 'sum':
 * its points shared equally by its tests, each earning its share × its fraction. A subtask scores 0
 * when a subtask it depends on (directly or through others) is not full. A test may belong to
 * several subtasks; it runs once.
 */
export const JudgeSubtask = z.object({
  id: z.string().min(1, '子任务编号不能为空'),
  points: z.number().min(0, '子任务分值不能为负'),
  tests: z.array(z.string()).min(1, '子任务至少包含一个测试点'),
  scoring: z.enum(SUBTASK_SCORINGS).optional(),
  /** Ids of the subtasks that must be full for this one to count. */
  dependencies: z.array(z.string()).optional(),
});
export type JudgeSubtask = z.infer<typeof JudgeSubtask>;

/**
 * Partial scoring (OI / IOI). Without subtasks the job is scored by tests (`JudgeTest.points`,
 * the rest of the full score shared equally by the tests without points); with subtasks by them
 * (tests in no subtask run but earn nothing). The full score defaults to 100, or to the sum of the
 * subtasks' points (or of the tests' points when every test has some); when given it must equal that sum.
 * A scored job runs every test, whatever `mode`; with 'first-failure' it skips the rest of a
 * subtask that can earn nothing more (a 'min' subtask after a failed test, a subtask whose
 * dependency is not full), unless a test is still needed by another subtask.
 */
export const JudgeScoring = z.object({
  fullScore: z.number().positive('满分必须为正数').max(1e6, '满分不能超过 1000000').optional(),
  subtasks: z.array(JudgeSubtask).optional(),
});
export type JudgeScoring = z.infer<typeof JudgeScoring>;

const JudgeJobFields = z.object({
  submissionId: z.string().min(1, '提交编号不能为空'),
  language: z.enum(LANGUAGES),
  /** C and C++: the standard and the O2 switch (language-options.ts); absent = the defaults. */
  options: LanguageOptions.optional(),
  /** The program (empty for output-only). */
  source: z.string().max(1 << 20, '代码不能超过 1 MiB'),
  limits: JudgeLimits,
  tests: z.array(JudgeTest),
  checker: CheckerSpec.default({ kind: 'default' }),
  /** 'first-failure' (default) stops at the first failing test; 'all' runs every test. */
  mode: z.enum(JUDGE_MODES).default('first-failure'),
  /** Legacy IOI groups (min scoring, no dependencies; judged by `mode`); prefer `scoring`. */
  groups: z.array(JudgeGroup).optional(),
  /** Absent: 'batch'. */
  type: z.enum(PROBLEM_TYPES).optional(),
  /** Interactive jobs only. */
  interactor: InteractorSpec.optional(),
  /** Output-only jobs only: the submitted answer files (a test without one is WA). */
  answers: z.array(SubmittedAnswer).optional(),
  /** Batch and grader programs: file I/O instead of stdin / stdout. */
  io: FileIo.optional(),
  grader: GraderSpec.optional(),
  scoring: JudgeScoring.optional(),
});

export const JudgeJob = JudgeJobFields.superRefine(checkJobShape);
export type JudgeJob = z.infer<typeof JudgeJob>;
export type JudgeJobInput = z.input<typeof JudgeJob>;

/** The rules between fields that the fields alone cannot say. */
function checkJobShape(job: z.infer<typeof JudgeJobFields>, ctx: z.RefinementCtx): void {
  const issue = (message: string, path: (string | number)[]) =>
    ctx.addIssue({ code: 'custom', message, path });
  const type = job.type ?? 'batch';
  const optionsProblem = languageOptionsProblem(job.language, job.options);
  if (optionsProblem) issue(optionsProblem, ['options']);
  if (type === 'interactive' && !job.interactor) issue('交互题需要交互程序', ['interactor']);
  if (type !== 'interactive' && job.interactor) issue('只有交互题可以有交互程序', ['interactor']);
  if (type === 'output-only' && !job.answers) issue('提交答案题需要答案文件', ['answers']);
  if (type !== 'output-only' && job.answers) issue('只有提交答案题可以提交答案文件', ['answers']);
  if (type !== 'batch' && job.io) issue('文件输入输出只用于传统题', ['io']);
  if (type === 'output-only' && job.grader) issue('提交答案题没有评测程序（grader）', ['grader']);
  if (job.groups && job.scoring) issue('旧的分组与子任务评分不能同时使用', ['scoring']);
  const names = new Set(job.tests.map((t) => t.name));
  if (job.answers) {
    const seen = new Set<string>();
    let inline = 0;
    for (const [i, a] of job.answers.entries()) {
      if (!names.has(a.test)) issue(`没有名为 ${a.test} 的测试点`, ['answers', i, 'test']);
      if (seen.has(a.test)) issue(`测试点 ${a.test} 的答案文件重复`, ['answers', i, 'test']);
      seen.add(a.test);
      inline += a.content?.length ?? 0;
    }
    if (inline > INLINE_ANSWERS_MAX)
      issue('答案文件总大小超过 1 MiB，较大的答案文件须以数据指纹提交', ['answers']);
  }
  if (job.scoring) checkScoring(job.scoring, job.tests, names, issue);
}

const POINTS_EPSILON = 1e-6;

function checkScoring(
  scoring: JudgeScoring,
  tests: JudgeTest[],
  names: Set<string>,
  issue: (message: string, path: (string | number)[]) => void,
): void {
  const subtasks = scoring.subtasks;
  const full = scoring.fullScore;
  if (!subtasks) {
    const given = tests.reduce((s, t) => s + (t.points ?? 0), 0);
    const allGiven = tests.length > 0 && tests.every((t) => t.points !== undefined);
    if (full !== undefined && given > full + POINTS_EPSILON)
      issue('测试点分值之和超过满分', ['scoring', 'fullScore']);
    else if (full !== undefined && allGiven && Math.abs(given - full) > POINTS_EPSILON)
      issue('测试点分值之和必须等于满分', ['scoring', 'fullScore']);
    return;
  }
  const ids = new Map<string, JudgeSubtask>();
  for (const [i, st] of subtasks.entries()) {
    if (ids.has(st.id)) issue(`子任务编号 ${st.id} 重复`, ['scoring', 'subtasks', i, 'id']);
    ids.set(st.id, st);
    for (const t of st.tests)
      if (!names.has(t)) issue(`没有名为 ${t} 的测试点`, ['scoring', 'subtasks', i, 'tests']);
  }
  for (const [i, st] of subtasks.entries())
    for (const dep of st.dependencies ?? [])
      if (!ids.has(dep))
        issue(`子任务 ${st.id} 依赖的子任务 ${dep} 不存在`, ['scoring', 'subtasks', i, 'dependencies']);
  if (dependencyCycle(subtasks, ids)) issue('子任务之间的依赖不能成环', ['scoring', 'subtasks']);
  const sum = subtasks.reduce((s, st) => s + st.points, 0);
  if (full !== undefined && Math.abs(sum - full) > POINTS_EPSILON)
    issue('子任务分值之和必须等于满分', ['scoring', 'fullScore']);
}

function dependencyCycle(subtasks: JudgeSubtask[], ids: Map<string, JudgeSubtask>): boolean {
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (id: string): boolean => {
    if (state.get(id) === 'done') return false;
    if (state.get(id) === 'visiting') return true;
    state.set(id, 'visiting');
    const cyclic = (ids.get(id)?.dependencies ?? []).some((d) => ids.has(d) && visit(d));
    state.set(id, 'done');
    return cyclic;
  };
  return subtasks.some((st) => visit(st.id));
}

const verdict = z.enum(VERDICTS);

export const TestResult = z.object({
  name: z.string(),
  status: verdict,
  /** CPU time in ms. */
  timeMs: z.number(),
  /** Peak memory in KiB. */
  memoryKiB: z.number(),
  /** Checker or runtime message (Chinese for users), may be empty. */
  message: z.string(),
  /**
   * Scored jobs only: the test's fraction of its score (1 for AC, the checker's for a partial
   * answer, 0 otherwise) and, in a job scored by tests, the points it earned.
   */
  score: z.object({ fraction: z.number().min(0).max(1), earned: z.number().optional() }).optional(),
});
export type TestResult = z.infer<typeof TestResult>;

/** One subtask of a scored job, as judged. */
export const SubtaskResult = z.object({
  id: z.string(),
  /** Its full points. */
  points: z.number(),
  /** The points it earned. */
  score: z.number(),
  /** The first verdict other than AC among its tests that ran, AC if none; absent when none ran. */
  status: verdict.optional(),
  /** A subtask it depends on that is not full: it then earns 0. */
  blockedBy: z.string().optional(),
  /** None of its tests ran (a dependency failed first). */
  skipped: z.boolean(),
  /** Its tests that were not run, in test order. */
  skippedTests: z.array(z.string()),
});
export type SubtaskResult = z.infer<typeof SubtaskResult>;

export const JudgeResult = z.object({
  submissionId: z.string(),
  status: verdict,
  /** Maximum over the tests run. */
  timeMs: z.number(),
  memoryKiB: z.number(),
  compileMessage: z.string(),
  /** The compiler's version and the command that built the program (absent: nothing was compiled). */
  compiler: z.string().optional(),
  /** Why judging could not finish (IE), in Chinese; empty otherwise. */
  message: z.string().optional(),
  tests: z.array(TestResult),
  /** Present when the job was scored (or had groups): the points earned. */
  score: z.number().optional(),
  /** Legacy groups only: per-group points and score. */
  groups: z.array(z.object({ name: z.string(), points: z.number(), score: z.number() })).optional(),
  /** Scored jobs: the most the submission could earn. */
  fullScore: z.number().optional(),
  /** Scored jobs with subtasks: each subtask as judged, in the job's order. */
  subtasks: z.array(SubtaskResult).optional(),
});
export type JudgeResult = z.infer<typeof JudgeResult>;

/**
 * Progress events, in order: compiling (every job: judging started), then for each test that runs
 * running (k of n) and its result (with its score in scored jobs). Skipped tests have no events;
 * the result lists them per subtask.
 */
export type JudgeProgress =
  | { submissionId: string; kind: 'compiling' }
  | { submissionId: string; kind: 'running'; test: number; total: number; name: string }
  | { submissionId: string; kind: 'test'; test: number; total: number; result: TestResult };
