import { z } from 'zod';
import { LANGUAGES, VERDICTS } from '../enums';
import { PageQuery, pageOf } from '../paging';
import { ReplayWireSchema } from './replays';
import { ContestModeSchema } from './contest-runs';
import { LanguageOptions, refineLanguageOptions } from '../language-options';

/**
 * Contract of judging and records (SPEC §4, §7 Problems): submit, custom test, records, the live
 * progress stream (Server-Sent Events) and rejudge. Times are ms, memory KiB.
 */

/** Source code limit: 64 KiB of UTF-8. */
export const SOURCE_MAX_BYTES = 64 * 1024;
export const CUSTOM_INPUTS_MAX = 10;
export const CUSTOM_INPUT_MAX_CHARS = 64 * 1024;

const sourceCode = z
  .string({ error: '代码必须是字符串' })
  .refine((s) => s.trim().length > 0, '代码不能为空')
  .refine((s) => new TextEncoder().encode(s).length <= SOURCE_MAX_BYTES, '代码不能超过 64 KiB');

const language = z.enum(LANGUAGES, { error: `语言必须是 ${LANGUAGES.join('、')} 之一` });

/** Body of `judge/submit` (judgeRequest). Contest fields are stored; contests come later. */
export const JudgeRequest = z
  .object({
    problem_id: z
      .number({ error: '题目编号必须是整数' })
      .int('题目编号必须是整数')
      .min(1, '题目编号必须是正整数'),
    language,
    /** C and C++: the standard and the O2 switch; absent = C11 / C++17 with O2. */
    options: LanguageOptions.optional(),
    source_code: sourceCode,
    competition_id: z.number().int('比赛编号必须是整数').min(1, '比赛编号必须是正整数').nullish(),
    /** Problem position inside the contest (0-based). */
    index: z.number().int('题目序号必须是整数').min(0, '题目序号不能为负').nullish(),
    /** The editing timeline since the last submission (code replay, issue 15); stored beside the record. */
    replay: ReplayWireSchema.optional(),
  })
  // An index outside a contest means nothing: refused rather than stored on a practice record.
  .refine((r) => r.competition_id != null || r.index == null, {
    message: '只有比赛中的提交才能指定题目序号',
    path: ['index'],
  })
  .superRefine(refineLanguageOptions);
export type JudgeRequest = z.infer<typeof JudgeRequest>;

/** Output-only (提交答案) problems: at most this many answer files, in all this many bytes of UTF-8. */
export const ANSWER_FILES_MAX = 100;
export const ANSWERS_MAX_BYTES = 1 << 20;

/** One answer file: the test it answers (numbered from 1, as `N.out`) and its text. */
export const AnswerFileInput = z.object({
  test: z
    .number({ error: '答案对应的测试点编号必须是整数' })
    .int('答案对应的测试点编号必须是整数')
    .min(1, '答案对应的测试点编号从 1 开始'),
  content: z.string({ error: '答案内容必须是字符串' }),
});
export type AnswerFileInput = z.infer<typeof AnswerFileInput>;

/**
 * Body of `judge/submit-answers`: an output-only problem's answers, one file per test (tests without
 * one are judged WA). Contest fields as in JudgeRequest.
 */
export const AnswersRequest = z
  .object({
    problem_id: z
      .number({ error: '题目编号必须是整数' })
      .int('题目编号必须是整数')
      .min(1, '题目编号必须是正整数'),
    answers: z
      .array(AnswerFileInput, { error: '答案文件必须是列表' })
      .min(1, '答案文件至少一个')
      .max(ANSWER_FILES_MAX, `答案文件最多 ${ANSWER_FILES_MAX} 个`)
      .refine((a) => new Set(a.map((f) => f.test)).size === a.length, '同一测试点的答案文件只能有一个')
      .refine(
        (a) => a.reduce((n, f) => n + new TextEncoder().encode(f.content).length, 0) <= ANSWERS_MAX_BYTES,
        '答案文件总大小不能超过 1 MiB',
      ),
    competition_id: z.number().int('比赛编号必须是整数').min(1, '比赛编号必须是正整数').nullish(),
    index: z.number().int('题目序号必须是整数').min(0, '题目序号不能为负').nullish(),
  })
  .refine((r) => r.competition_id != null || r.index == null, {
    message: '只有比赛中的提交才能指定题目序号',
    path: ['index'],
  });
export type AnswersRequest = z.infer<typeof AnswersRequest>;

/**
 * Query of `judge/submit-answers/zip` (multipart, field `file`): a zip of `1.out`, `2.out`, …
 * (also `N.ans` / `N.txt`, optionally in one folder), at most ANSWERS_ZIP_MAX_BYTES; judged as
 * AnswersRequest.
 */
export const ANSWERS_ZIP_MAX_BYTES = 2 << 20;
export const AnswersZipQuery = z.object({
  problem_id: z.coerce
    .number({ error: '题目编号必须是整数' })
    .int('题目编号必须是整数')
    .min(1, '题目编号必须是正整数'),
  competition_id: z.coerce.number().int('比赛编号必须是整数').min(1, '比赛编号必须是正整数').optional(),
  index: z.coerce.number().int('题目序号必须是整数').min(0, '题目序号不能为负').optional(),
});
export type AnswersZipQuery = z.infer<typeof AnswersZipQuery>;

export const Submitted = z.object({ submission_id: z.number().int() });
export type Submitted = z.infer<typeof Submitted>;

/** Body of `judge/test`: the user's code on the user's inputs, in the sandbox; nothing is stored. */
export const CustomTestRequest = z
  .object({
    language,
    options: LanguageOptions.optional(),
    source_code: sourceCode,
    input_list: z
      .array(
        z
          .string({ error: '自定义输入必须是字符串数组' })
          .max(CUSTOM_INPUT_MAX_CHARS, '自定义输入每项不能超过 64 KiB'),
        {
          error: '自定义输入必须是字符串数组',
        },
      )
      .min(1, '自定义输入至少一项')
      .max(CUSTOM_INPUTS_MAX, '自定义输入最多 10 项'),
    /** Limits of this problem when given; otherwise 1000 ms / 256 MiB. */
    problem_id: z.number().int('题目编号必须是整数').min(1, '题目编号必须是正整数').optional(),
  })
  .superRefine(refineLanguageOptions);
export type CustomTestRequest = z.infer<typeof CustomTestRequest>;

export const VerdictSchema = z.enum(VERDICTS);

/** One answer of `judge/test`, in the order of `input_list`. `AC` means it ran to the end. */
export const CustomTestResult = z.object({
  input: z.string(),
  output: z.string(),
  stderr: z.string(),
  status: VerdictSchema,
  time_used: z.number(),
  memory_used: z.number(),
  compile_message: z.string(),
  message: z.string(),
});
export const CustomTestResults = z.array(CustomTestResult);
export type CustomTestResult = z.infer<typeof CustomTestResult>;

/** How much of a test's input and expected output a record shows (characters). */
export const TEST_DETAIL_PREVIEW_CHARS = 256;

/**
 * Per-test result of a record, as this viewer may see it (the problem's `test_visibility`, issue 22):
 * verdict, time and memory always; the details (the checker's or the run's message, the input, the
 * expected output) only when `detail` is true, else `message` is '' and `input` / `expected` are null.
 */
export const TestResultView = z.object({
  /** 1-based. */
  index: z.number().int(),
  status: VerdictSchema,
  time_used: z.number(),
  memory_used: z.number(),
  message: z.string(),
  /** This test's input and answer are one of the statement's samples (already public). */
  sample: z.boolean(),
  /** Whether the viewer sees this test's details; false: 详情不公开. */
  detail: z.boolean(),
  /** The start of the test's input and of its expected output (TEST_DETAIL_PREVIEW_CHARS), null when not shown or no longer known (the tests changed since). */
  input: z.string().nullable(),
  expected: z.string().nullable(),
  /** `input` or `expected` is cut. */
  truncated: z.boolean(),
  /**
   * Scored problems: the test's fraction of its score (0 to 1; a checker's partial points) and, when
   * scored by tests, the points it earned (null with subtasks). Null for all-or-nothing problems.
   */
  score: z.object({ fraction: z.number(), earned: z.number().nullable() }).nullable(),
});
export type TestResultView = z.infer<typeof TestResultView>;

/** One subtask of a judged record (numbered from 1, as the problem lists them). */
export const SubtaskResultView = z.object({
  subtask: z.number().int(),
  /** Its full points and the points it earned. */
  points: z.number(),
  score: z.number(),
  /** The first verdict other than AC among its tests that ran, AC if none; null when none ran. */
  status: VerdictSchema.nullable(),
  /** None of its tests ran (a subtask it depends on failed first). */
  skipped: z.boolean(),
  /** A subtask it depends on (number) that is not full: it then earns 0. */
  blocked_by: z.number().int().nullable(),
});
export type SubtaskResultView = z.infer<typeof SubtaskResultView>;

/** A row of the record lists (no source, no per-test results). */
export const RecordRow = z.object({
  submission_id: z.number().int(),
  problem_id: z.number().int(),
  problem_name: z.string(),
  uuid: z.number().int(),
  username: z.string(),
  /** The author's current contest rating and whether they are rated (see CurrentUser.rated). */
  rating: z.number().int(),
  rated: z.boolean(),
  /** Null for an output-only problem's answers (no program: see SubmissionRecord.answer_files). */
  language: z.enum(LANGUAGES).nullable(),
  /** C and C++: the standard and O2 switch it was submitted with (null: the defaults, or no options). */
  options: LanguageOptions.nullable(),
  status: VerdictSchema,
  time_used: z.number(),
  memory_used: z.number(),
  code_length: z.number().int(),
  competition_id: z.number().int().nullable(),
  index: z.number().int().nullable(),
  create_time: z.string(),
  judge_time: z.string().nullable(),
  /**
   * Scored problems (points per test or subtasks): the points earned and the most it could earn;
   * null for all-or-nothing problems and until judged. Solved (AC) means score = full_score.
   */
  score: z.number().nullable(),
  full_score: z.number().nullable(),
  /**
   * The verdict is hidden by a contest's scoreboard freeze (someone else's try after the freeze
   * began): `status` is PD and the run's figures are empty until an admin unfreezes.
   */
  frozen: z.boolean(),
  /** A contest try's kind (issue 26 part 2): '' in the contest, 'virtual' (虚拟) or 'practice' (练习). */
  contest_mode: ContestModeSchema.optional(),
});
export type RecordRow = z.infer<typeof RecordRow>;
export const RecordPage = pageOf(RecordRow);
export type RecordPage = z.infer<typeof RecordPage>;

/** `records/recordId`: the whole record. `source_code` is null unless the viewer owns it or is an admin. */
export const SubmissionRecord = RecordRow.extend({
  source_code: z.string().nullable(),
  /** `source_code` coloured by the server (HTML, null with it): the page needs no highlighter. */
  source_html: z.string().nullable(),
  compile_message: z.string(),
  /** The compiler's version and the exact command that built the program ('' until judged). */
  compiler: z.string(),
  /** Why judging failed (IE), empty otherwise. */
  message: z.string(),
  test_results: z.array(TestResultView),
  /** Number of tests of the problem when judged. */
  test_total: z.number().int(),
  /** Problems with subtasks: each as judged, in order (empty otherwise and until judged). */
  subtasks: z.array(SubtaskResultView),
  /**
   * Output-only answers: which tests got a file and its size (everyone); `content` only for its
   * author and admins (like source_code), else null. Null for programs.
   */
  answer_files: z
    .array(z.object({ test: z.number().int(), size: z.number().int(), content: z.string().nullable() }))
    .nullable(),
});
export type SubmissionRecord = z.infer<typeof SubmissionRecord>;

export const SubmissionIdQuery = z.object({
  submission_id: z.coerce
    .number({ error: '提交编号必须是整数' })
    .int('提交编号必须是整数')
    .min(1, '提交编号必须是正整数'),
  competition_id: z.coerce.number().int().optional(),
});

/** `records?problem_id=&pageNum=` (all users; `uuid` narrows to one user). */
export const RecordsQuery = z.object({
  problem_id: z.coerce
    .number({ error: '题目编号必须是整数' })
    .int('题目编号必须是整数')
    .min(1, '题目编号必须是正整数')
    .optional(),
  uuid: z.coerce
    .number({ error: '用户编号必须是整数' })
    .int('用户编号必须是整数')
    .min(1, '用户编号必须是正整数')
    .optional(),
  /** The author's exact account or nickname (the global records page, `/records`). */
  user: z.string().trim().max(50, '用户名不能超过 50 个字符').optional(),
  status: VerdictSchema.optional(),
  language: language.optional(),
  ...PageQuery.shape,
});
export type RecordsQuery = z.infer<typeof RecordsQuery>;

/** `records/user/page?pageNum=&problem_id=`: the caller's own records (optionally of one problem). */
export const UserRecordsQuery = RecordsQuery.omit({ uuid: true, user: true });
export type UserRecordsQuery = z.infer<typeof UserRecordsQuery>;

/** `records/page/sum?problem_id=` and `records/user/sum`: counts for the pagers and the profile. */
export const RecordSum = z.object({
  total: z.number().int(),
  accepted: z.number().int(),
  /** Pages of 10. */
  pages: z.number().int(),
  /** Distinct problems accepted (user sum) or distinct users who accepted (problem sum). */
  solved: z.number().int(),
});
export type RecordSum = z.infer<typeof RecordSum>;
export const RecordSumQuery = z.object({
  problem_id: z.coerce
    .number({ error: '题目编号必须是整数' })
    .int('题目编号必须是整数')
    .min(1, '题目编号必须是正整数')
    .optional(),
});

// ---------------------------------------------------------------- live progress (SSE)

/**
 * Events of `GET /api/problem/algorithm/records/stream?submission_id=` (text/event-stream; the SSE
 * event name is `kind`, the data this JSON). The first event is the current state (`queued`, or
 * `done` when already judged, so a late client still gets the verdict); the stream ends after `done`
 * unless it follows (RecordStreamQuery).
 */
export const ProgressEvent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('queued'), submission_id: z.number().int() }),
  z.object({ kind: z.literal('compiling'), submission_id: z.number().int() }),
  /** Test `test` of `total` started. */
  z.object({
    kind: z.literal('running'),
    submission_id: z.number().int(),
    test: z.number().int(),
    total: z.number().int(),
  }),
  /** Test `test` of `total` finished with `result`. */
  z.object({
    kind: z.literal('test'),
    submission_id: z.number().int(),
    test: z.number().int(),
    total: z.number().int(),
    result: TestResultView,
  }),
  /** Final verdict: the record as the viewer may see it. */
  z.object({ kind: z.literal('done'), submission_id: z.number().int(), record: SubmissionRecord }),
]);
export type ProgressEvent = z.infer<typeof ProgressEvent>;

/**
 * `records/stream?submission_id=&follow=1`: with `follow=1` the stream does not end at `done` but
 * keeps following the submission, so a rejudge shows up as `queued` (or `compiling` …) and a new
 * `done` on the same connection. The server ends a following stream after a while; EventSource
 * reconnects by itself and the first event is again the current state.
 */
export const RecordStreamQuery = SubmissionIdQuery.extend({
  follow: z.enum(['0', '1'], { error: '关注只能是 0 或 1' }).optional(),
});
export type RecordStreamQuery = z.infer<typeof RecordStreamQuery>;

/**
 * `records/user/stream?problem_id=` (signed in): the caller's submissions of one problem. Event
 * `changed` (this data) whenever one is queued (submitted or rejudged) or judged, and the progress
 * events (`compiling`, `running`, `test`) of the ones being judged. `ready` (MyRecordsReady) says
 * the stream listens, with the submissions being judged at that moment.
 */
export const MyRecordsStreamQuery = z.object({
  problem_id: z.coerce
    .number({ error: '题目编号必须是整数' })
    .int('题目编号必须是整数')
    .min(1, '题目编号必须是正整数'),
});
export type MyRecordsStreamQuery = z.infer<typeof MyRecordsStreamQuery>;
export const MyRecordChange = z.object({ submission_id: z.number().int(), status: VerdictSchema });
export type MyRecordChange = z.infer<typeof MyRecordChange>;
export const MyRecordsReady = z.object({ judging: z.array(z.number().int()) });
export type MyRecordsReady = z.infer<typeof MyRecordsReady>;

// ---------------------------------------------------------------- rejudge (admin)

/** `admin/rejudge?submission_id=` or `admin/rejudge?problem_id=`: one of the two. */
export const RejudgeQuery = z
  .object({
    submission_id: z.coerce
      .number({ error: '提交编号必须是整数' })
      .int('提交编号必须是整数')
      .min(1, '提交编号必须是正整数')
      .optional(),
    problem_id: z.coerce
      .number({ error: '题目编号必须是整数' })
      .int('题目编号必须是整数')
      .min(1, '题目编号必须是正整数')
      .optional(),
  })
  .refine((q) => (q.submission_id === undefined) !== (q.problem_id === undefined), {
    message: '提交编号与题目编号必须且只能给出一个',
    path: ['submission_id'],
  });
export type RejudgeQuery = z.infer<typeof RejudgeQuery>;
/** How many submissions were queued again. */
export const RejudgeResult = z.object({ count: z.number().int() });
export type RejudgeResult = z.infer<typeof RejudgeResult>;
