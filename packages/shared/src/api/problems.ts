import { z } from 'zod';
import { nameText } from './common';
import { fieldLabel } from '../field-labels';
import { Difficulty, LANGUAGES, PROBLEM_SOURCES } from '../enums';
import { PageQuery, pageOf } from '../paging';
import { TEST_VISIBILITIES } from './problem-rules';
import { ProblemJudging, ProblemJudgingView } from './problem-judging';

export * from './problem-rules';

/**
 * Contract of the algorithm problem bank (SPEC §3, §7 Problems): problems, test data, tags, the
 * bank search, the daily problem, the last-entered problem and the daily-practice counts.
 * JSON bodies are snake_case; paging keeps SPEC's `pageNum` / `pageSize`. Every message names its
 * field so the sites can show it as it is.
 */

const intQuery = (field: string, min = 1) =>
  z.coerce
    .number({ error: `${fieldLabel([field])}必须是整数` })
    .int(`${fieldLabel([field])}必须是整数`)
    .min(min, `${fieldLabel([field])}必须大于等于 ${min}`);

/** Problem ids are positive integers; the demo bank starts at 1000 (A+B). */
export const ProblemIdQuery = z.object({ problem_id: intQuery('problem_id') });
export type ProblemIdQuery = z.infer<typeof ProblemIdQuery>;

export const PROBLEM_LIMITS = {
  titleMax: 100,
  descriptionMax: 100_000,
  timeMinMs: 100,
  timeMaxMs: 10_000,
  memoryMinMiB: 16,
  memoryMaxMiB: 1024,
  samplesMax: 10,
  sampleMaxChars: 10_000,
  tagsMax: 20,
  checkerMaxChars: 256 * 1024,
  /**
   * What a test's output may reach, in bytes (stdout, and each file the program writes, stderr
   * included; the judge answers OLE beyond it). The default is the judge's own cap; the largest
   * is twice the largest answer file, since the checker holds the output in memory.
   */
  outputMinBytes: 1024 * 1024,
  outputMaxBytes: 128 * 1024 * 1024,
  outputDefaultBytes: 64 * 1024 * 1024,
  /** Per test file (input or answer). */
  testFileMaxBytes: 64 * 1024 * 1024,
  /** All test files of a problem together, uncompressed. */
  testTotalMaxBytes: 256 * 1024 * 1024,
  testCountMax: 200,
  /** The zip upload itself (compressed). */
  zipMaxBytes: 64 * 1024 * 1024,
} as const;

const DIFFICULTIES = Object.values(Difficulty) as number[];

export const SampleCase = z.object({
  input: z.string({ error: '输入必须是字符串' }).max(PROBLEM_LIMITS.sampleMaxChars, '输入过长'),
  output: z.string({ error: '输出必须是字符串' }).max(PROBLEM_LIMITS.sampleMaxChars, '输出过长'),
});
export type SampleCase = z.infer<typeof SampleCase>;

/** Tokens compared ignoring the case of ASCII letters (`YES` = `yes`); absent: case matters. */
const caseInsensitive = z.boolean({ error: `${fieldLabel(['case_insensitive'])}必须是布尔值` }).optional();

/**
 * How answers are compared. `default`: tokens line by line, trailing white space ignored;
 * `float`: numbers within `tolerance` (absolute or relative; nan and infinities compare as
 * numbers); both may ignore letter case (`case_insensitive`); `special`: a checker in C++ uploaded by
 * the author (`source`, plus optional extra files such as its own testlib.h), testlib protocol
 * unless `protocol` says `kattis`.
 */
export const CheckerInput = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('default'), case_insensitive: caseInsensitive }),
    z.object({
      kind: z.literal('float'),
      tolerance: z.number({ error: '误差必须是数字' }).positive('误差必须为正数').max(1, '误差不能超过 1'),
      case_insensitive: caseInsensitive,
    }),
    z.object({
      kind: z.literal('special'),
      source: z
        .string({ error: '代码必须是字符串' })
        .min(1, '代码不能为空')
        .max(PROBLEM_LIMITS.checkerMaxChars, '代码不能超过 256 KiB'),
      files: z
        .array(
          z.object({
            name: z.string().regex(/^[\w.-]{1,64}$/, '文件名只能含字母、数字、下划线、点和减号'),
            content: z.string().max(PROBLEM_LIMITS.checkerMaxChars, '文件内容过长'),
          }),
        )
        .max(5, '文件列表最多 5 个')
        .optional(),
      /**
       * How the checker is run. `testlib` (absent means it): `checker input output answer`, exit 0
       * OK, 1 WA, 2 PE. `kattis` (an output validator of the Kattis / ICPC package format):
       * `checker input answer feedback_dir < output`, exit 42 accepted, 43 wrong.
       */
      protocol: z.enum(['testlib', 'kattis'], { error: '评测器协议必须是 testlib 或 kattis' }).optional(),
    }),
  ],
  { error: '评测方式必须是 default、float 或 special' },
);
export type CheckerInput = z.infer<typeof CheckerInput>;

/** What solvers see of each judged test (problem-rules.ts). */
export const TestVisibility = z.enum(TEST_VISIBILITIES, {
  error: '测试点详情必须是仅样例详情、全部详情或仅结果之一',
});
export type TestVisibility = z.infer<typeof TestVisibility>;

/** Body of `admin/add` (problemAlgorithmRequest). `problem_id` may be chosen; otherwise the next free id. */
export const ProblemInput = z.object({
  problem_id: z.number().int('题目编号必须是整数').min(1, '题目编号必须是正整数').optional(),
  chinese_name: nameText('中文题目名')
    .trim()
    .min(1, '中文题目名不能为空')
    .max(PROBLEM_LIMITS.titleMax, '中文题目名不能超过 100 个字符'),
  english_name: nameText('英文题目名')
    .trim()
    .max(PROBLEM_LIMITS.titleMax, '英文题目名不能超过 100 个字符')
    .default(''),
  /** Markdown with KaTeX math ($…$, $$…$$). */
  description: z
    .string({ error: '描述必须是字符串' })
    .min(1, '描述不能为空')
    .max(PROBLEM_LIMITS.descriptionMax, '描述不能超过 100000 个字符'),
  difficulty: z
    .number({ error: '难度必须是 0–3 的整数' })
    .int('难度必须是 0–3 的整数')
    .refine((d) => DIFFICULTIES.includes(d), '难度必须是 0（简单）、1（中等）、2（困难）或 3（未知）'),
  /** Algorithm tag ids (`get/tags`). */
  tags_list: z
    .array(z.number({ error: '标签必须是整数数组' }).int('标签必须是整数数组'))
    .max(PROBLEM_LIMITS.tagsMax, '标签最多 20 个')
    .default([]),
  source_name: z.enum(PROBLEM_SOURCES, { error: `来源必须是 ${PROBLEM_SOURCES.join('、')} 之一` }),
  /** CPU time per test, ms. */
  time_limit: z
    .number({ error: '时间限制必须是整数（毫秒）' })
    .int('时间限制必须是整数（毫秒）')
    .min(PROBLEM_LIMITS.timeMinMs, '时间限制不能小于 100 毫秒')
    .max(PROBLEM_LIMITS.timeMaxMs, '时间限制不能超过 10000 毫秒'),
  /** MiB. */
  memory_limit: z
    .number({ error: '内存限制必须是整数（MiB）' })
    .int('内存限制必须是整数（MiB）')
    .min(PROBLEM_LIMITS.memoryMinMiB, '内存限制不能小于 16 MiB')
    .max(PROBLEM_LIMITS.memoryMaxMiB, '内存限制不能超过 1024 MiB'),
  samples: z.array(SampleCase).max(PROBLEM_LIMITS.samplesMax, '样例最多 10 组').default([]),
  /** Bytes a test's output may reach (OLE beyond). Absent: 64 MiB on add, unchanged on modify. */
  output_limit: z
    .number({ error: '输出限制必须是整数（字节）' })
    .int('输出限制必须是整数（字节）')
    .min(PROBLEM_LIMITS.outputMinBytes, '输出限制不能小于 1 MiB')
    .max(PROBLEM_LIMITS.outputMaxBytes, '输出限制不能超过 128 MiB')
    .optional(),
  checker: CheckerInput.default({ kind: 'default' }),
  /** Hidden problems are seen by admins only (and used by contests / the math-408 bank). */
  visible: z.boolean({ error: '是否公开必须是布尔值' }).default(true),
  /**
   * Judging stops at the first failed test (faster verdicts, ICPC style; the default) or runs
   * every test (per-test results for every test). Absent: stop (the default).
   */
  stop_at_first_failure: z
    .boolean({ error: `${fieldLabel(['stop_at_first_failure'])}必须是布尔值` })
    .optional(),
  /** What solvers see of each test (TEST_VISIBILITIES). Absent: `samples` on add, unchanged on modify. */
  test_visibility: TestVisibility.optional(),
  /**
   * The only languages this problem accepts (a grader in C and C++ …); null or empty: every language
   * the site offers. Absent: every language on add, unchanged on modify.
   */
  languages: z
    .array(z.enum(LANGUAGES, { error: `可用语言必须是 ${LANGUAGES.join('、')} 中的语言` }), {
      error: '可用语言必须是语言列表',
    })
    .nullable()
    .optional(),
  /**
   * Type (traditional / interactive / output-only), file I/O, grader, partial scoring
   * (problem-judging.ts). Absent: a traditional all-or-nothing problem on add, unchanged on modify.
   */
  judging: ProblemJudging.optional(),
  /**
   * A class problem's classes (issue 27 part 3; `admin/add` only): the problem is private to them
   * and always hidden. A teacher's new problem must name at least one class it teaches or assists in.
   */
  class_ids: z
    .array(
      z.number({ error: '班级编号必须是整数' }).int('班级编号必须是整数').min(1, '班级编号必须是正整数'),
      {
        error: '班级必须是班级编号的列表',
      },
    )
    .max(50, '班级最多选择 50 个')
    .optional(),
});
export type ProblemInput = z.infer<typeof ProblemInput>;
export type ProblemInputRaw = z.input<typeof ProblemInput>;

/** Body of `admin/modify`: the whole problem again, with its id. */
export const ProblemModifyInput = ProblemInput.extend({
  problem_id: z
    .number({ error: '题目编号必须是整数' })
    .int('题目编号必须是整数')
    .min(1, '题目编号必须是正整数'),
});
export type ProblemModifyInput = z.infer<typeof ProblemModifyInput>;

/** `admin/add` also carries SPEC's `status` and `username` query parameters; kept for old clients, unused. */
export const ProblemAddQuery = z.object({ status: z.string().optional(), username: z.string().optional() });

export const ProblemAdded = z.object({ problem_id: z.number().int() });
export type ProblemAdded = z.infer<typeof ProblemAdded>;

/** The caller's relation to a problem: accepted at least once, submitted without AC, or never. */
export const MY_STATUSES = ['solved', 'tried', 'none'] as const;
export const MyStatus = z.enum(MY_STATUSES);
export type MyStatus = z.infer<typeof MyStatus>;

/** Public view of the checker: the special judge's source stays with the admins. */
export const CheckerView = z.object({
  kind: z.enum(['default', 'float', 'special']),
  tolerance: z.number().nullable(),
  /** Letters compared ignoring case (default and float only; false for special). */
  case_insensitive: z.boolean(),
  /** Admins only; null for everyone else. */
  source: z.string().nullable(),
  files: z.array(z.object({ name: z.string(), content: z.string() })).nullable(),
  /** How the special checker is run (testlib or a Kattis output validator); null for the others. */
  protocol: z.enum(['testlib', 'kattis']).nullable(),
});
export type CheckerView = z.infer<typeof CheckerView>;

export const TagRef = z.object({ tag_id: z.number().int(), tag_name: z.string(), category: z.string() });
export type TagRef = z.infer<typeof TagRef>;

/** One problem as `search/problemId` answers it. */
export const Problem = z.object({
  problem_id: z.number().int(),
  chinese_name: z.string(),
  english_name: z.string(),
  description: z.string(),
  difficulty: z.number().int(),
  tags_list: z.array(z.number().int()),
  /** The tags resolved (unknown ids dropped). */
  tags: z.array(TagRef),
  source_name: z.enum(PROBLEM_SOURCES),
  time_limit: z.number().int(),
  memory_limit: z.number().int(),
  /** Bytes a test's output may reach. */
  output_limit: z.number().int(),
  samples: z.array(SampleCase),
  checker: CheckerView,
  visible: z.boolean(),
  /** A class problem (issue 27 part 3): private to its classes' members. */
  class_problem: z.boolean().optional(),
  stop_at_first_failure: z.boolean(),
  /** What solvers see of each judged test (TEST_VISIBILITIES). */
  test_visibility: TestVisibility,
  /** The only languages it accepts; null: every language the site offers. */
  languages: z.array(z.enum(LANGUAGES)).nullable(),
  /** How it is judged: type, file I/O, grader, scoring (what solvers may see of them). */
  judging: ProblemJudgingView,
  test_case_num: z.number().int(),
  submit_num: z.number().int(),
  accept_num: z.number().int(),
  /** accept_num / submit_num, 0 when never submitted. */
  pass_rate: z.number(),
  my_status: MyStatus,
  /** It has a solution video (讲解视频) that can be played; false where it is not shown (contests). */
  has_video: z.boolean(),
  create_time: z.string(),
  update_time: z.string(),
});
export type Problem = z.infer<typeof Problem>;

// ---------------------------------------------------------------- test data

export const TestCaseInput = z.object({
  input: z.string({ error: '输入必须是字符串' }),
  output: z.string({ error: '输出必须是字符串' }),
});
/** Body of `admin/testCase/add`: replaces the whole set, in this order (test 1, 2, …). */
export const TestCaseList = z
  .array(TestCaseInput, { error: '请求体必须是测试数据（输入与输出）的数组' })
  .min(1, '测试数据至少一组')
  .max(PROBLEM_LIMITS.testCountMax, '测试数据最多 200 组');
export type TestCaseList = z.infer<typeof TestCaseList>;

/** One stored test. Contents are cut at `TEST_PREVIEW_CHARS` characters (`*_truncated` says so). */
export const TestCaseView = z.object({
  index: z.number().int(),
  input: z.string(),
  output: z.string(),
  input_size: z.number().int(),
  output_size: z.number().int(),
  input_sha256: z.string(),
  output_sha256: z.string(),
  input_truncated: z.boolean(),
  output_truncated: z.boolean(),
});
export type TestCaseView = z.infer<typeof TestCaseView>;
export const TEST_PREVIEW_CHARS = 4096;

/** What `admin/testCase/add` and `admin/testCaseFile/add` answer: the new set. */
export const TestCaseSummary = z.object({
  problem_id: z.number().int(),
  test_case_num: z.number().int(),
  total_size: z.number().int(),
  /**
   * Stored, but the problem's scoring refers to tests that no longer exist (subtasks, test points):
   * submissions are refused until the scoring or the tests are fixed.
   */
  warnings: z.array(z.string()).optional(),
});
export type TestCaseSummary = z.infer<typeof TestCaseSummary>;

// ---------------------------------------------------------------- tags

export const AlgorithmTagRow = TagRef;
export const TagsList = z.array(TagRef);
export type TagsList = z.infer<typeof TagsList>;
export const TagCategoryGroup = z.object({
  category_id: z.number().int(),
  category_name: z.string(),
  tags: z.array(TagRef),
});
export const TagsPlusCategory = z.array(TagCategoryGroup);
export type TagsPlusCategory = z.infer<typeof TagsPlusCategory>;

// ---------------------------------------------------------------- bank search

/** An optional list filter given as an array or as comma-separated text (query parameters). */
export const csvOrArray = <T extends z.ZodTypeAny>(item: T, max = 100) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return undefined;
      if (typeof v === 'string') return v.split(',').filter(Boolean);
      return v;
    },
    z.array(item).max(max, `筛选条件不能超过 ${max} 个`).optional(),
  );

/** What the bank can be ordered by: 题号, 题目名称 (Chinese name), 创建时间. */
export const BANK_SORTS = ['id', 'title', 'time'] as const;
export type BankSort = (typeof BANK_SORTS)[number];

/**
 * Body of `search` (algorithmQueryRequest). Query parameters are accepted too (SPEC §2 search
 * route): `tagsList` / `sourceList` as camelCase aliases, comma-separated lists allowed. A problem
 * matches when it has ALL the given tags, ANY of the given sources and the given difficulty.
 */
/** An optional difficulty filter 0–3 of a list query ('' and null mean none). */
export const difficultyFilter = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce
    .number({ error: '难度必须是 0–3 的整数' })
    .int('难度必须是 0–3 的整数')
    .min(0, '难度必须是 0–3 的整数')
    .max(3, '难度必须是 0–3 的整数')
    .optional(),
);

export const AlgorithmQuery = z
  .object({
    keyword: z.string().trim().max(100, '关键词不能超过 100 个字符').optional(),
    tags_list: csvOrArray(z.coerce.number({ error: '标签必须是整数数组' }).int('标签必须是整数数组')),
    tagsList: csvOrArray(z.coerce.number({ error: '标签必须是整数数组' }).int('标签必须是整数数组')),
    difficulty: difficultyFilter,
    source_list: csvOrArray(z.enum(PROBLEM_SOURCES, { error: '来源含未知来源' })),
    sourceList: csvOrArray(z.enum(PROBLEM_SOURCES, { error: '来源含未知来源' })),
    /** Filter on the caller's own status (ignored for anonymous callers). */
    status: MyStatus.optional(),
    /** The order (issue 29): by 题号 (default, the bank's), 题目名称 or 创建时间. */
    sort: z.enum(BANK_SORTS, { error: '排序字段只能是题号、题目名称或创建时间' }).optional(),
    order: z.enum(['asc', 'desc'], { error: '排序方向只能是升序或降序' }).optional(),
    ...PageQuery.shape,
  })
  .transform(({ tagsList, sourceList, ...q }) => ({
    ...q,
    tags_list: q.tags_list ?? tagsList ?? [],
    source_list: q.source_list ?? sourceList ?? [],
  }));
export type AlgorithmQuery = z.infer<typeof AlgorithmQuery>;
export type AlgorithmQueryInput = z.input<typeof AlgorithmQuery>;

/** One row of the bank. */
export const BankRow = z.object({
  problem_id: z.number().int(),
  chinese_name: z.string(),
  english_name: z.string(),
  difficulty: z.number().int(),
  tags_list: z.array(z.number().int()),
  source_name: z.enum(PROBLEM_SOURCES),
  submit_num: z.number().int(),
  accept_num: z.number().int(),
  pass_rate: z.number(),
  my_status: MyStatus,
  visible: z.boolean(),
  /** ISO-8601 UTC (the management list's 创建时间). */
  create_time: z.string(),
});
export type BankRow = z.infer<typeof BankRow>;
export const BankPage = pageOf(BankRow);
export type BankPage = z.infer<typeof BankPage>;

/** `search/difficulty/sum?difficulty=` (no difficulty: all visible problems). */
export const DifficultySumQuery = z.object({
  difficulty: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: '难度必须是 0–3 的整数' })
      .int()
      .min(0, '难度必须是 0–3 的整数')
      .max(3, '难度必须是 0–3 的整数')
      .optional(),
  ),
});
/** Visible problems of that difficulty, and how many of them the caller solved (0 for anonymous). */
export const DifficultySum = z.object({
  difficulty: z.number().int().nullable(),
  total: z.number().int(),
  solved: z.number().int(),
});
export type DifficultySum = z.infer<typeof DifficultySum>;

// ---------------------------------------------------------------- daily problem, last problem, practice

/** `get/daily`: today's problem (Asia/Shanghai date), null when none is set and the bank is empty. */
export const DailyProblem = z.object({
  /** YYYY-MM-DD in Asia/Shanghai. */
  date: z.string(),
  problem: BankRow,
  /** True when an admin chose it; false when picked automatically for the day. */
  chosen: z.boolean(),
});
export type DailyProblem = z.infer<typeof DailyProblem>;
export const DailyProblemData = DailyProblem.nullable();

/** `set/daily?problem_id=&date=` (date defaults to today, Asia/Shanghai). */
export const SetDailyQuery = ProblemIdQuery.extend({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '日期必须是 YYYY-MM-DD')
    .optional(),
});

/** Body of `set/problemLast`: the problem the user last opened (and the language it had chosen). */
export const ProblemLastInput = z.object({
  problem_id: z
    .number({ error: '题目编号必须是整数' })
    .int('题目编号必须是整数')
    .min(1, '题目编号必须是正整数'),
  language: z.enum(LANGUAGES, { error: `语言必须是 ${LANGUAGES.join('、')} 之一` }).optional(),
});
export type ProblemLastInput = z.infer<typeof ProblemLastInput>;

/** `search/problemLast`: null when the user never opened a problem (or it was deleted). */
export const ProblemLast = z
  .object({
    problem_id: z.number().int(),
    chinese_name: z.string(),
    language: z.enum(LANGUAGES).nullable(),
    update_time: z.string(),
  })
  .nullable();
export type ProblemLast = z.infer<typeof ProblemLast>;

/** `search/user/daily?uuid=&year=`: default the caller, the current year (Asia/Shanghai). */
export const UserDailyQuery = z.object({
  uuid: z.coerce
    .number({ error: '用户编号必须是整数' })
    .int('用户编号必须是整数')
    .min(1, '用户编号必须是正整数')
    .optional(),
  year: z.coerce
    .number({ error: '年份必须是整数' })
    .int('年份必须是整数')
    .min(2000, '年份无效')
    .max(2100, '年份无效')
    .optional(),
});
/** Submissions per day (Asia/Shanghai date), days without any left out, oldest first. */
export const DailyCount = z.object({ date: z.string(), num: z.number().int() });
export const DailyCounts = z.array(DailyCount);
export type DailyCount = z.infer<typeof DailyCount>;

/** One side of `search/neighbours`: a problem's id and title. */
export const ProblemLink = z.object({ problem_id: z.number().int(), chinese_name: z.string() });
export type ProblemLink = z.infer<typeof ProblemLink>;

/**
 * `search/neighbours?problem_id=`: the previous and next problem in bank order (by id), skipping
 * those the viewer may not see (hidden, deleted); null at either end.
 */
export const ProblemNeighbours = z.object({ prev: ProblemLink.nullable(), next: ProblemLink.nullable() });
export type ProblemNeighbours = z.infer<typeof ProblemNeighbours>;
