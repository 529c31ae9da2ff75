import { z } from 'zod';
import { pageOf } from '../paging';
import { Problem } from './problems';

/**
 * Contract of the competitions (SPEC §3, §7 Competitions, issue 6). Query parameters keep SPEC's
 * names (`competition_id`, `PageNum` — `pageNum` is accepted too); bodies are snake_case. Times are
 * ISO-8601 strings (UTC). Every message names its field.
 */

const intQuery = (field: string, min = 1) =>
  z.coerce
    .number({ error: `${field} 必须是整数` })
    .int(`${field} 必须是整数`)
    .min(min, `${field} 必须大于等于 ${min}`);

export const COMPETITION_TYPES = { programming: 1, math: 2, exam408: 3 } as const;
export const CompetitionType = z.union([z.literal(1), z.literal(2), z.literal(3)], {
  error: 'type 必须是 1（程序设计）、2（数学）或 3（408）',
});
export type CompetitionType = z.infer<typeof CompetitionType>;

export const COMPETITION_LIMITS = {
  nameMax: 100,
  descriptionMax: 100_000,
  passwordMax: 64,
  problemsMax: 26,
  displayNameMax: 50,
  /** Longest contest: 30 days. */
  durationMaxMs: 30 * 24 * 3600_000,
  /** Ranking page size (default and maximum). */
  rankPageSize: 50,
  rankPageSizeMax: 200,
  listPageSize: 10,
  joinsPageSize: 5,
} as const;

const isoTime = (field: string) =>
  z
    .string({ error: `${field} 必须是时间字符串` })
    .refine((s) => !Number.isNaN(Date.parse(s)), `${field} 不是有效的时间`)
    .transform((s) => new Date(s).toISOString());

export const CompetitionProblemInput = z.object({
  problem_id: z
    .number({ error: 'problems.problem_id 必须是整数' })
    .int('problems.problem_id 必须是整数')
    .min(1, 'problems.problem_id 必须是正整数'),
  /** Defaults to A, B, … by position. */
  display_name: z
    .string()
    .trim()
    .max(
      COMPETITION_LIMITS.displayNameMax,
      `problems.display_name 不能超过 ${COMPETITION_LIMITS.displayNameMax} 个字符`,
    )
    .optional(),
});

/** Body of `user/add`, `admin/algorithm/add` and `admin/modify` (competitionAddRequest). */
export const CompetitionAddRequest = z
  .object({
    name: z
      .string({ error: 'name 不能为空' })
      .trim()
      .min(1, 'name 不能为空')
      .max(COMPETITION_LIMITS.nameMax, `name 不能超过 ${COMPETITION_LIMITS.nameMax} 个字符`),
    description: z.string().max(COMPETITION_LIMITS.descriptionMax, 'description 过长').default(''),
    type: CompetitionType,
    start_time: isoTime('start_time'),
    end_time: isoTime('end_time'),
    /** '' or absent = open to everyone. On modify, absent keeps the current password. */
    password: z
      .string()
      .max(COMPETITION_LIMITS.passwordMax, `password 不能超过 ${COMPETITION_LIMITS.passwordMax} 个字符`)
      .optional(),
    /** Admins only; users' contests are unrated unless an admin marks them. */
    rated: z.boolean().optional(),
    freeze_minutes: z.number().int('freeze_minutes 必须是整数').min(0, 'freeze_minutes 不能为负').default(0),
    problems: z
      .array(CompetitionProblemInput, { error: 'problems 必须是数组' })
      .min(1, 'problems 至少需要一道题')
      .max(COMPETITION_LIMITS.problemsMax, `problems 最多 ${COMPETITION_LIMITS.problemsMax} 道题`),
  })
  .refine((c) => Date.parse(c.end_time) > Date.parse(c.start_time), {
    message: 'end_time 必须晚于 start_time',
    path: ['end_time'],
  })
  .refine((c) => Date.parse(c.end_time) - Date.parse(c.start_time) <= COMPETITION_LIMITS.durationMaxMs, {
    message: 'end_time 比赛时长不能超过 30 天',
    path: ['end_time'],
  })
  .refine((c) => c.freeze_minutes * 60_000 <= Date.parse(c.end_time) - Date.parse(c.start_time), {
    message: 'freeze_minutes 不能超过比赛时长',
    path: ['freeze_minutes'],
  })
  .refine((c) => new Set(c.problems.map((p) => p.problem_id)).size === c.problems.length, {
    message: 'problems 中有重复的题目',
    path: ['problems'],
  });
export type CompetitionAddRequest = z.infer<typeof CompetitionAddRequest>;
export type CompetitionAddRequestRaw = z.input<typeof CompetitionAddRequest>;

/** `admin/algorithm/add`: SPEC's query (status = 1 marks the contest rated; username unused). */
export const CompetitionAdminAddQuery = z.object({
  status: z.string().optional(),
  username: z.string().optional(),
});

export const CompetitionIdQuery = z.object({ competition_id: intQuery('competition_id') });
export type CompetitionIdQuery = z.infer<typeof CompetitionIdQuery>;

export const CompetitionAdded = z.object({ competition_id: z.number().int() });
export type CompetitionAdded = z.infer<typeof CompetitionAdded>;

export const JoinQuery = z.object({
  competition_id: intQuery('competition_id'),
  password: z.string().max(COMPETITION_LIMITS.passwordMax, 'password 过长').optional(),
});
export type JoinQuery = z.infer<typeof JoinQuery>;

/** `?PageNum=` (SPEC) or `?pageNum=`. */
const pageNumField = z.object({
  PageNum: intQuery('PageNum').optional(),
  pageNum: intQuery('pageNum').optional(),
});
export const CompetitionPageQuery = pageNumField;
export type CompetitionPageQuery = z.infer<typeof CompetitionPageQuery>;

export const ContestRecordsQuery = pageNumField.extend({ competition_id: intQuery('competition_id') });
export type ContestRecordsQuery = z.infer<typeof ContestRecordsQuery>;

export const RankQuery = pageNumField.extend({
  competition_id: intQuery('competition_id'),
  pageSize: intQuery('pageSize')
    .max(COMPETITION_LIMITS.rankPageSizeMax, `pageSize 不能超过 ${COMPETITION_LIMITS.rankPageSizeMax}`)
    .optional(),
  /** 1 = the true (unfrozen) standings during a freeze: admins only. */
  status: z.coerce
    .number({ error: 'status 必须是 0 或 1' })
    .int()
    .min(0)
    .max(1, 'status 必须是 0 或 1')
    .optional(),
});
export type RankQuery = z.infer<typeof RankQuery>;

export const ContestProblemQuery = z.object({
  competition_id: intQuery('competition_id'),
  index: intQuery('index', 0),
});
export type ContestProblemQuery = z.infer<typeof ContestProblemQuery>;

export const FreezeQuery = z.object({
  competition_id: intQuery('competition_id'),
  /** Freeze length; absent keeps the contest's own. */
  minutes: intQuery('minutes', 0).optional(),
});
export type FreezeQuery = z.infer<typeof FreezeQuery>;

export const RatedQuery = z.object({
  competition_id: intQuery('competition_id'),
  rated: z.coerce.number({ error: 'rated 必须是 0 或 1' }).int().min(0).max(1, 'rated 必须是 0 或 1'),
});
export type RatedQuery = z.infer<typeof RatedQuery>;

export const CONTEST_STATES = ['upcoming', 'running', 'ended'] as const;
export const ContestState = z.enum(CONTEST_STATES);
export type ContestState = z.infer<typeof ContestState>;

/** A row of the contest list (competition info). */
export const CompetitionInfo = z.object({
  competition_id: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  start_time: z.string(),
  end_time: z.string(),
  state: ContestState,
  has_password: z.boolean(),
  rated: z.boolean(),
  freeze_minutes: z.number().int(),
  /** True while others see the frozen board: from freeze_minutes before the end until unfrozen. */
  frozen: z.boolean(),
  rating_applied: z.boolean(),
  participants: z.number().int(),
  problem_count: z.number().int(),
  owner_uuid: z.number().int().nullable(),
  owner_name: z.string(),
  /** The author's rating and whether they are rated, to show the name in its colour (RankRow's rule). */
  owner_rating: z.number().int(),
  owner_rated: z.boolean(),
  /** Whether the caller has joined. */
  joined: z.boolean(),
  /** Whether the caller may edit it (its author before the start, or an admin). */
  editable: z.boolean(),
});
export type CompetitionInfo = z.infer<typeof CompetitionInfo>;
export const CompetitionInfoPage = pageOf(CompetitionInfo);
export type CompetitionInfoPage = z.infer<typeof CompetitionInfoPage>;

export const CompetitionDetail = CompetitionInfo.extend({ description: z.string() });
export type CompetitionDetail = z.infer<typeof CompetitionDetail>;

/** `/api/competition/get`: the stored contest as the editor needs it (no password). */
export const CompetitionEdit = CompetitionDetail.extend({
  problems: z.array(z.object({ problem_id: z.number().int(), display_name: z.string(), name: z.string() })),
});
export type CompetitionEdit = z.infer<typeof CompetitionEdit>;

export const ContestProblemItem = z.object({
  index: z.number().int(),
  display_name: z.string(),
  problem_id: z.number().int(),
  name: z.string(),
  /** Participants who solved it (true standings, or the frozen board for others during a freeze). */
  solved_count: z.number().int(),
  my_status: z.enum(['solved', 'tried', 'none']),
});
export type ContestProblemItem = z.infer<typeof ContestProblemItem>;
export const ContestProblemList = z.array(ContestProblemItem);

/** `search/problem`: algorithm problems come whole; math / 408 questions by id (math/408 calls). */
export const ContestProblem = z.object({
  competition_id: z.number().int(),
  index: z.number().int(),
  display_name: z.string(),
  kind: z.enum(['algorithm', 'math408']),
  problem: Problem.nullable(),
  question_id: z.number().int().nullable(),
});
export type ContestProblem = z.infer<typeof ContestProblem>;

export const CELL_STATES = ['first', 'accepted', 'rejected', 'pending', 'none'] as const;
export const RankCell = z.object({
  state: z.enum(CELL_STATES),
  /** Rejected tries (before the AC when solved). */
  rejected: z.number().int(),
  pending: z.number().int(),
  /** Minutes from the start to the first AC. */
  minute: z.number().int().nullable(),
  label: z.string(),
});
export type RankCell = z.infer<typeof RankCell>;

export const RankRow = z.object({
  rank: z.number().int(),
  uuid: z.number().int(),
  username: z.string(),
  /** Current contest rating; `rated` false = unrated (shown as 未评级, counted as 1400). */
  rating: z.number().int(),
  rated: z.boolean(),
  solved: z.number().int(),
  penalty: z.number().int(),
  cells: z.array(RankCell),
});
export type RankRow = z.infer<typeof RankRow>;

export const RankPage = pageOf(RankRow).extend({
  problems: z.array(z.object({ index: z.number().int(), display_name: z.string() })),
  /** This page shows the frozen board. */
  frozen: z.boolean(),
  /** The caller's own row (rank included), when a participant. */
  mine: RankRow.nullable(),
  /** Changes with every update: the live stream sends it. */
  version: z.number().int(),
});
export type RankPage = z.infer<typeof RankPage>;

export const TopUser = z.object({
  uuid: z.number().int(),
  username: z.string(),
  avatar: z.string(),
  rating: z.number().int(),
  /** Always true: these lists hold rated users only (kept so every name comes with the same pair). */
  rated: z.boolean(),
  /** Rated contests taken. */
  contests: z.number().int(),
});
export const TopUsers = z.array(TopUser);
export const TopUserPage = pageOf(TopUser);
export type TopUserPage = z.infer<typeof TopUserPage>;
export type TopUser = z.infer<typeof TopUser>;

/** Body of `user/joins/get`: pageNum 0 = all (the chart), 1-based pages of 5 (the card). */
export const JoinsQuery = z.object({
  pageNum: z.coerce
    .number({ error: 'pageNum 必须是整数' })
    .int('pageNum 必须是整数')
    .min(0, 'pageNum 不能为负')
    .default(0),
  /** Someone else's history (the user card); default the caller. */
  uuid: z.coerce.number().int().min(1, 'uuid 必须是正整数').optional(),
});
export type JoinsQuery = z.infer<typeof JoinsQuery>;

/** Competition participation record (SPEC §3). Rating fields are null until a rated contest is applied. */
export const JoinRecord = z.object({
  competition_id: z.number().int(),
  competition_name: z.string(),
  start_time: z.string(),
  rank: z.number().int().nullable(),
  rating_after: z.number().int().nullable(),
  rating_change: z.number().int().nullable(),
  ac_num: z.number().int(),
  total_num: z.number().int(),
  /** Participants of that contest. */
  joins: z.number().int(),
  /** All records of this user (the page count source: pages = ceil(total / 5)). */
  total: z.number().int(),
});
export type JoinRecord = z.infer<typeof JoinRecord>;
export const JoinRecords = z.array(JoinRecord);

export const RatingRecomputed = z.object({ participants: z.number().int() });
export type RatingRecomputed = z.infer<typeof RatingRecomputed>;

/** Event of the live scoreboard stream (`search/rank/stream`). */
export const RankEvent = z.object({ competition_id: z.number().int(), version: z.number().int() });
export type RankEvent = z.infer<typeof RankEvent>;
