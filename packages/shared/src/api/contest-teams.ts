import { z } from 'zod';
import { nameText } from './common';

/**
 * Issue 26 part 3: team contests (docs/competitions.md, "Team contests"). A contest with
 * `team_size` > 0 ranks teams: one member creates the team and is its captain, the others join
 * with the captain's invite code (or the captain adds them by account); any member submits for it.
 */
export const TEAM_LIMITS = {
  sizeMin: 1,
  sizeMax: 10,
  sizeDefault: 3,
  nameMax: 64,
  affiliationMax: 100,
  inviteCodeMax: 32,
} as const;

const id = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是正整数` })
    .int(`${label}必须是正整数`)
    .min(1, `${label}必须是正整数`);

const teamName = nameText('队伍名称')
  .trim()
  .min(1, '队伍名称不能为空')
  .max(TEAM_LIMITS.nameMax, `队伍名称不能超过 ${TEAM_LIMITS.nameMax} 个字符`);
const affiliation = z
  .string({ error: '学校/单位必须是文字' })
  .trim()
  .max(TEAM_LIMITS.affiliationMax, `学校/单位不能超过 ${TEAM_LIMITS.affiliationMax} 个字符`);

/** 每队人数 of a contest's create / edit: 0 = individual, else 1–10 members per team. */
export const TeamSizeSchema = z
  .number({ error: '每队人数必须是整数' })
  .int('每队人数必须是整数')
  .min(0, '每队人数不能为负')
  .max(TEAM_LIMITS.sizeMax, `每队人数不能超过 ${TEAM_LIMITS.sizeMax}`);

/** `team/create`: the caller creates a team and becomes its captain. */
export const TeamCreateRequest = z.object({
  competition_id: id('比赛编号'),
  name: teamName,
  affiliation: affiliation.default(''),
  /** The contest's password, when it has one. */
  password: z.string().max(100, '密码过长').optional(),
});
export type TeamCreateRequest = z.infer<typeof TeamCreateRequest>;

/** `team/join`: the caller joins the team of an invite code. */
export const TeamJoinRequest = z.object({
  competition_id: id('比赛编号'),
  invite_code: z
    .string({ error: '邀请码必须是文字' })
    .trim()
    .min(1, '邀请码不能为空')
    .max(TEAM_LIMITS.inviteCodeMax, '邀请码无效'),
});
export type TeamJoinRequest = z.infer<typeof TeamJoinRequest>;

/** `team/leave`, `team/dissolve`, `team/mine`: the caller's team in a contest. */
export const TeamContestRequest = z.object({ competition_id: id('比赛编号') });
export type TeamContestRequest = z.infer<typeof TeamContestRequest>;

/** `team/add-member` (by account) and `team/remove-member` (by user id), the captain's. */
export const TeamAddMemberRequest = z.object({
  competition_id: id('比赛编号'),
  account: z.string({ error: '账号必须是文字' }).trim().min(1, '账号不能为空').max(100, '账号过长'),
});
export type TeamAddMemberRequest = z.infer<typeof TeamAddMemberRequest>;
export const TeamRemoveMemberRequest = z.object({
  competition_id: id('比赛编号'),
  uuid: id('用户编号'),
});
export type TeamRemoveMemberRequest = z.infer<typeof TeamRemoveMemberRequest>;

/** Admin: `admin/team/save` creates (no team_id) or edits a team; members by account. */
export const AdminTeamSave = z.object({
  competition_id: id('比赛编号'),
  team_id: id('队伍编号').optional(),
  name: teamName,
  affiliation: affiliation.default(''),
  unofficial: z.boolean({ error: '打星必须是布尔值' }).default(false),
  /** Accounts of the members, the first one the captain; absent on edit = unchanged. */
  members: z
    .array(z.string().trim().min(1, '成员账号不能为空').max(100, '成员账号过长'), {
      error: '成员必须是账号列表',
    })
    .max(TEAM_LIMITS.sizeMax, `成员不能超过 ${TEAM_LIMITS.sizeMax} 人`)
    .optional(),
});
export type AdminTeamSave = z.infer<typeof AdminTeamSave>;
export type AdminTeamSaveRaw = z.input<typeof AdminTeamSave>;

/** Admin: `admin/team/delete`, `admin/team/unofficial`. */
export const AdminTeamQuery = z.object({ competition_id: id('比赛编号'), team_id: id('队伍编号') });
export type AdminTeamQuery = z.infer<typeof AdminTeamQuery>;
export const AdminTeamUnofficial = AdminTeamQuery.extend({
  unofficial: z.coerce.number({ error: '打星必须是 0 或 1' }).int().min(0).max(1, '打星必须是 0 或 1'),
});
export type AdminTeamUnofficial = z.infer<typeof AdminTeamUnofficial>;

export const TeamMember = z.object({
  uuid: z.number().int(),
  username: z.string(),
  captain: z.boolean(),
});
export type TeamMember = z.infer<typeof TeamMember>;

/** A team as a list shows it (members by name); the invite code to its members and admins only. */
export const TeamView = z.object({
  team_id: z.number().int(),
  name: z.string(),
  affiliation: z.string(),
  unofficial: z.boolean(),
  captain_uuid: z.number().int(),
  members: z.array(TeamMember),
  /** '' unless the caller is a member or an admin. */
  invite_code: z.string(),
});
export type TeamView = z.infer<typeof TeamView>;

/** `team/mine`: the contest's team size, the caller's team (or null) and whether it may change. */
export const MyTeam = z.object({
  team_size: z.number().int(),
  team: TeamView.nullable(),
  /** The contest has not started: teams may be created, joined, left and dissolved. */
  editable: z.boolean(),
});
export type MyTeam = z.infer<typeof MyTeam>;

export const TeamList = z.array(TeamView);
export type TeamList = z.infer<typeof TeamList>;

/** A board row's team (team contests): its name, affiliation and members. */
export const RankTeam = z.object({
  team_id: z.number().int(),
  name: z.string(),
  affiliation: z.string(),
  members: z.array(z.object({ uuid: z.number().int(), username: z.string() })),
});
export type RankTeam = z.infer<typeof RankTeam>;
