import { z } from 'zod';
import { nameText } from './common';
import { fieldLabel } from '../field-labels';
import { pageOf } from '../paging';
import { CONTEST_RULES } from '../ranking';
import { Problem } from './problems';
import { ExamIpRanges } from './exam-rules';
import { ContestRecordFilter, WINDOW_MINUTES_MAX } from './contest-runs';
import { RankTeam, TeamSizeSchema } from './contest-teams';

/**
 * Contract of the competitions (SPEC §3, §7 Competitions, issue 6). Query parameters keep SPEC's
 * names (`competition_id`, `PageNum` — `pageNum` is accepted too); bodies are snake_case. Times are
 * ISO-8601 strings (UTC). Every message names its field.
 */

const intQuery = (field: string, min = 1) =>
  z.coerce
    .number({ error: `${fieldLabel([field])}必须是整数` })
    .int(`${fieldLabel([field])}必须是整数`)
    .min(min, `${fieldLabel([field])}必须大于等于 ${min}`);

export const COMPETITION_TYPES = { programming: 1, math: 2, exam408: 3 } as const;
export const CompetitionType = z.union([z.literal(1), z.literal(2), z.literal(3)], {
  error: '比赛类型必须是 1（程序设计）、2（数学）或 3（408）',
});
export type CompetitionType = z.infer<typeof CompetitionType>;

/** A contest's rule (issue 26; the ranking of each in ranking.ts). */
export const ContestRuleSchema = z.enum(CONTEST_RULES, {
  error: `${fieldLabel(['rule'])}必须是 icpc、oi、ioi 或 ioi-subtask`,
});

export { CONTEST_RULE_INFO } from './contest-rule-names';

export const COMPETITION_LIMITS = {
  nameMax: 100,
  descriptionMax: 100_000,
  passwordMax: 64,
  problemsMax: 26,
  displayNameMax: 50,
  /** A problem's display title in the contest (issue 16). */
  problemTitleMax: 100,
  /** Longest contest: 30 days. */
  durationMaxMs: 30 * 24 * 3600_000,
  /** Ranking page size (default and maximum). */
  rankPageSize: 50,
  rankPageSizeMax: 200,
  listPageSize: 10,
  joinsPageSize: 5,
  /** Classes of one class contest (限定班级). */
  classesMax: 20,
} as const;

const isoTime = (field: string) =>
  z
    .string({ error: `${fieldLabel([field])}必须是时间字符串` })
    .refine((s) => !Number.isNaN(Date.parse(s)), `${fieldLabel([field])}不是有效的时间`)
    .transform((s) => new Date(s).toISOString());

export const CompetitionProblemInput = z.object({
  problem_id: z
    .number({ error: '题目编号必须是整数' })
    .int('题目编号必须是整数')
    .min(1, '题目编号必须是正整数'),
  /** Defaults to A, B, … by position. */
  display_name: nameText('题目显示名')
    .trim()
    .max(COMPETITION_LIMITS.displayNameMax, `题目显示名不能超过 ${COMPETITION_LIMITS.displayNameMax} 个字符`)
    .optional(),
  /** The title shown in the contest; absent or empty = the problem's own title. */
  title: nameText('题目标题')
    .trim()
    .max(COMPETITION_LIMITS.problemTitleMax, `题目标题不能超过 ${COMPETITION_LIMITS.problemTitleMax} 个字符`)
    .optional(),
});

/** Body of `user/add`, `admin/algorithm/add` and `admin/modify` (competitionAddRequest). */
export const CompetitionAddRequest = z
  .object({
    name: nameText('比赛名称')
      .trim()
      .min(1, '比赛名称不能为空')
      .max(COMPETITION_LIMITS.nameMax, `比赛名称不能超过 ${COMPETITION_LIMITS.nameMax} 个字符`),
    description: z.string().max(COMPETITION_LIMITS.descriptionMax, '描述过长').default(''),
    type: CompetitionType,
    start_time: isoTime('start_time'),
    end_time: isoTime('end_time'),
    /** '' or absent = open to everyone. On modify, absent keeps the current password. */
    password: z
      .string()
      .max(COMPETITION_LIMITS.passwordMax, `密码不能超过 ${COMPETITION_LIMITS.passwordMax} 个字符`)
      .optional(),
    /** Admins only; users' contests are unrated unless an admin marks them. */
    rated: z.boolean().optional(),
    freeze_minutes: z.number().int('封榜时长必须是整数').min(0, '封榜时长不能为负').default(0),
    /** Absent: ICPC on create; on modify keeps the current rule (which changes only before the start). */
    rule: ContestRuleSchema.optional(),
    /** Issue 26: 考试模式, its participants reach only its pages while it runs. Absent = unchanged on modify. */
    exam_mode: z.boolean({ error: '考试模式必须是布尔值' }).optional(),
    /** CIDR ranges participants must come from while it runs ([] = anywhere); admins only. */
    exam_ips: ExamIpRanges.optional(),
    /** Issue 26 part 2: each participant's window in minutes from pressing 开始 (0 = none). Absent = 0 on create, unchanged on modify. */
    window_minutes: z
      .number({ error: `${fieldLabel(['window_minutes'])}必须是整数` })
      .int(`${fieldLabel(['window_minutes'])}必须是整数`)
      .min(0, `${fieldLabel(['window_minutes'])}不能为负`)
      .max(WINDOW_MINUTES_MAX, `${fieldLabel(['window_minutes'])}不能超过 30 天`)
      .optional(),
    /** Issue 26 part 3: members per team (0 = individual). Absent = 0 on create, unchanged on modify. */
    team_size: TeamSizeSchema.optional(),
    /**
     * Issue 27 part 3: 限定班级, the classes a 班级比赛 is restricted to (the author must teach or
     * assist each; admins any). Absent = none on create, unchanged on modify; [] = none.
     */
    class_ids: z
      .array(
        z
          .number({ error: `${fieldLabel(['class_ids'])}必须是班级编号` })
          .int(`${fieldLabel(['class_ids'])}必须是班级编号`)
          .min(1, `${fieldLabel(['class_ids'])}必须是班级编号`),
        { error: `${fieldLabel(['class_ids'])}必须是班级编号的列表` },
      )
      .max(
        COMPETITION_LIMITS.classesMax,
        `${fieldLabel(['class_ids'])}最多 ${COMPETITION_LIMITS.classesMax} 个`,
      )
      .optional(),
    problems: z
      .array(CompetitionProblemInput, { error: '题目列表必须是数组' })
      .min(1, '题目列表至少需要一道题')
      .max(COMPETITION_LIMITS.problemsMax, `题目列表最多 ${COMPETITION_LIMITS.problemsMax} 道题`),
  })
  .refine((c) => Date.parse(c.end_time) > Date.parse(c.start_time), {
    message: '结束时间必须晚于开始时间',
    path: ['end_time'],
  })
  .refine((c) => Date.parse(c.end_time) - Date.parse(c.start_time) <= COMPETITION_LIMITS.durationMaxMs, {
    message: '比赛时长不能超过 30 天',
    path: ['end_time'],
  })
  .refine((c) => c.freeze_minutes * 60_000 <= Date.parse(c.end_time) - Date.parse(c.start_time), {
    message: '封榜时长不能超过比赛时长',
    path: ['freeze_minutes'],
  })
  .refine((c) => (c.window_minutes ?? 0) * 60_000 <= Date.parse(c.end_time) - Date.parse(c.start_time), {
    message: `${fieldLabel(['window_minutes'])}不能超过比赛时长`,
    path: ['window_minutes'],
  })
  // Board times of a window contest are relative to each participant's own start: a freeze (from a
  // moment of the contest's clock) has no common meaning there.
  .refine((c) => !c.window_minutes || !c.freeze_minutes, {
    message: `每人限时的比赛不能设置${fieldLabel(['freeze_minutes'])}`,
    path: ['freeze_minutes'],
  })
  // Scores come from the judge's partial scoring: math / 408 answers are right or wrong.
  .refine((c) => !c.rule || c.rule === 'icpc' || c.type === COMPETITION_TYPES.programming, {
    message: `数学和 408 比赛只能使用 ICPC 赛制（${fieldLabel(['rule'])}）`,
    path: ['rule'],
  })
  // Team contests: a window per team has no single 开始 to count from; they are refused together.
  .refine((c) => !c.team_size || !c.window_minutes, {
    message: `团队赛不能设置${fieldLabel(['window_minutes'])}`,
    path: ['window_minutes'],
  })
  // Team contests are not rated (docs/competitions.md, "Team contests").
  .refine((c) => !c.team_size || !c.rated, {
    message: '团队赛不计入积分',
    path: ['rated'],
  })
  .refine((c) => new Set(c.problems.map((p) => p.problem_id)).size === c.problems.length, {
    message: '题目列表中有重复的题目',
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
  password: z.string().max(COMPETITION_LIMITS.passwordMax, '密码过长').optional(),
});
export type JoinQuery = z.infer<typeof JoinQuery>;

/** `?PageNum=` (SPEC) or `?pageNum=`. */
const pageNumField = z.object({
  PageNum: intQuery('PageNum').optional(),
  pageNum: intQuery('pageNum').optional(),
});
export const CompetitionPageQuery = pageNumField;
export type CompetitionPageQuery = z.infer<typeof CompetitionPageQuery>;

export const ContestRecordsQuery = pageNumField.extend({
  competition_id: intQuery('competition_id'),
  /** Issue 26 part 2: which of the caller's submissions (absent = all). */
  mode: ContestRecordFilter.optional(),
});
export type ContestRecordsQuery = z.infer<typeof ContestRecordsQuery>;

export const RankQuery = pageNumField.extend({
  competition_id: intQuery('competition_id'),
  pageSize: intQuery('pageSize')
    .max(COMPETITION_LIMITS.rankPageSizeMax, `每页条数不能超过 ${COMPETITION_LIMITS.rankPageSizeMax}`)
    .optional(),
  /** 1 = the true (unfrozen) standings during a freeze: admins only. */
  status: z.coerce.number({ error: '状态必须是 0 或 1' }).int().min(0).max(1, '状态必须是 0 或 1').optional(),
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
  rated: z.coerce.number({ error: '是否计分必须是 0 或 1' }).int().min(0).max(1, '是否计分必须是 0 或 1'),
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
  rule: ContestRuleSchema,
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
  /** 考试模式: while it runs its participants reach only its pages. */
  exam_mode: z.boolean(),
  /** Each participant's window in minutes from pressing 开始 (0 = none; issue 26 part 2). */
  window_minutes: z.number().int(),
  /** Members per team (0 = an individual contest; issue 26 part 3). */
  team_size: z.number().int(),
  /** A 班级比赛: restricted to the members of some classes (issue 27 part 3). */
  class_contest: z.boolean().optional(),
});
export type CompetitionInfo = z.infer<typeof CompetitionInfo>;
/** `class/list?class_id=`: a class's contests (the class page's 比赛 tab), latest start first. */
export const ClassContestList = z.array(CompetitionInfo);
export type ClassContestList = z.infer<typeof ClassContestList>;
export const CompetitionInfoPage = pageOf(CompetitionInfo);
export type CompetitionInfoPage = z.infer<typeof CompetitionInfoPage>;

export const CompetitionDetail = CompetitionInfo.extend({
  description: z.string(),
  /** A class contest's classes, to those who may see it (its classes' members, participants, admins, the author). */
  classes: z.array(z.object({ class_id: z.number().int(), name: z.string() })).optional(),
});
export type CompetitionDetail = z.infer<typeof CompetitionDetail>;

/** `/api/competition/get`: the stored contest as the editor needs it (no password). */
export const CompetitionEdit = CompetitionDetail.extend({
  /** The exam's allowed IP ranges ([] = anywhere). */
  exam_ips: z.array(z.string()),
  problems: z.array(
    z.object({
      problem_id: z.number().int(),
      display_name: z.string(),
      /** The problem's own title in its bank. */
      name: z.string(),
      /** The display title set for the contest; '' = the problem's own title. */
      title: z.string(),
    }),
  ),
});
export type CompetitionEdit = z.infer<typeof CompetitionEdit>;

export const ContestProblemItem = z.object({
  index: z.number().int(),
  display_name: z.string(),
  problem_id: z.number().int(),
  /** The display title in the contest (the problem's own title unless the author set another). */
  name: z.string(),
  /** Participants who solved it (true standings, or the frozen board for others during a freeze). */
  solved_count: z.number().int(),
  /** Participants who tried it (solved, rejected or pending in the same view). */
  tried_count: z.number().int(),
  my_status: z.enum(['solved', 'tried', 'none']),
});
export type ContestProblemItem = z.infer<typeof ContestProblemItem>;
export const ContestProblemList = z.array(ContestProblemItem);

/** `search/problem`: algorithm problems come whole; math / 408 questions by id (math/408 calls). */
export const ContestProblem = z.object({
  competition_id: z.number().int(),
  index: z.number().int(),
  display_name: z.string(),
  /** The display title in the contest (the problem's own title unless the author set another). */
  title: z.string(),
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
  /** Scored rules: the points of the cell and the problem's full points (null: nothing judged yet). */
  score: z.number().nullable().optional(),
  full_score: z.number().nullable().optional(),
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
  /** Scored rules: the total points; absent under ICPC. */
  score: z.number().optional(),
  /** The final board's medal (issue 26): official participants only, after the end and the reveal. */
  medal: z.enum(['gold', 'silver', 'bronze']).optional(),
  /** 打星: ranked, but left out of medals and rating. */
  unofficial: z.boolean().optional(),
  /** The caller's own virtual run on its virtual board (issue 26 part 2), shown as 虚拟. */
  virtual: z.boolean().optional(),
  /** Team contests (issue 26 part 3): the row's team; `username` is its name, `uuid` its board key. */
  team: RankTeam.optional(),
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
  /** The contest's rule: which columns the board has. */
  rule: ContestRuleSchema.optional(),
  /** An OI contest's board before its end, for participants: no rows, no scores (only the rule). */
  hidden: z.boolean().optional(),
  /**
   * The caller's virtual run (issue 26 part 2): this board is the real one as it stood `elapsed_ms`
   * after the start, with the caller's virtual row among it.
   */
  virtual: z.object({ started_at: z.string(), end_at: z.string(), elapsed_ms: z.number() }).optional(),
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
    .number({ error: '页码必须是整数' })
    .int('页码必须是整数')
    .min(0, '页码不能为负')
    .default(0),
  /** Someone else's history (the user card); default the caller. */
  uuid: z.coerce.number().int().min(1, '用户编号必须是正整数').optional(),
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
