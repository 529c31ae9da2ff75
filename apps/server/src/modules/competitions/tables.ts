import type { Generated, Selectable } from 'kysely';
import { tableSet } from '../../db/scoped';

export interface CompetitionsTable {
  id: Generated<number>;
  name: string;
  description: string;
  type: number; // 1 programming, 2 math, 3 408
  start_time: string;
  end_time: string;
  password_hash: string | null;
  rated: number;
  freeze_minutes: number;
  unfrozen: number;
  rating_applied: number;
  finalized: number;
  owner_id: number | null;
  /** Migration 022: made by an admin; while running it locks its problems' solutions site-wide. */
  official: Generated<number>;
  /** Migration 029: exam mode (exam.ts); `exam_ips` a JSON array of CIDR ranges, '[]' = anywhere. */
  exam_mode: Generated<number>;
  exam_ips: Generated<string>;
  /** Migration 029: medals of the final board (awards.ts), 0 = none of that colour. */
  medal_gold: Generated<number>;
  medal_silver: Generated<number>;
  medal_bronze: Generated<number>;
  /** Migration 028: the rule (packages/shared ranking.ts ContestRule); 'icpc' for older contests. */
  rule: Generated<string>;
  /** Migration 031: each participant's window in minutes from pressing 开始 (0 = none), cut at the end. */
  window_minutes: Generated<number>;
  /** Migration 032: a team contest's most members per team (0 = an individual contest; teams.ts). */
  team_size: Generated<number>;
  is_delete: number;
  create_time: string;
  update_time: string;
}

export interface CompetitionProblemsTable {
  competition_id: number;
  idx: number;
  problem_id: number;
  display_name: string;
  /** Migration 019: the display title in the contest; null = the problem's own title. */
  title: Generated<string | null>;
}

export interface CompetitionParticipantsTable {
  competition_id: number;
  user_id: number;
  join_time: string;
  solved: number;
  penalty: number;
  submitted: number;
  rank: number | null;
  rating_before: number | null;
  rating_after: number | null;
  rating_change: number | null;
  /** Migration 029: 打星, ranked but left out of medals and rating. */
  unofficial: Generated<number>;
  /** Migration 031: when the participant pressed 开始 in a window contest; null before (and elsewhere). */
  started_at: Generated<string | null>;
}

/** Migration 031: a user's virtual run of an ended contest (virtual.ts), one per user and contest. */
export interface CompetitionVirtualRunsTable {
  competition_id: number;
  user_id: number;
  started_at: string;
}

/** Migration 029: a balloon the staff delivered (balloons.ts). */
export interface CompetitionBalloonsTable {
  competition_id: number;
  user_id: number;
  problem_idx: number;
  delivered_by: number;
  delivered_at: string;
}

/** Migration 032: a team of a team contest (teams.ts); the board ranks teams there. */
export interface CompetitionTeamsTable {
  id: Generated<number>;
  competition_id: number;
  name: string;
  affiliation: string;
  captain_id: number;
  invite_code: string;
  /** 打星: ranked, but left out of medals and awards. */
  unofficial: Generated<number>;
  created_at: string;
}

/** Migration 032: a member of a team; a user is in at most one team per contest. */
export interface CompetitionTeamMembersTable {
  team_id: number;
  competition_id: number;
  user_id: number;
  joined_at: string;
}

/** Migration 037: a class a contest is restricted to (班级比赛, class-rule.ts). */
export interface CompetitionClassesTable {
  competition_id: number;
  class_id: number;
}

export type TeamRow = Selectable<CompetitionTeamsTable>;

export type CompetitionRow = Selectable<CompetitionsTable>;

export type CompetitionProblemRow = Selectable<CompetitionProblemsTable>;

export type ParticipantRow = Selectable<CompetitionParticipantsTable>;

export type VirtualRunRow = Selectable<CompetitionVirtualRunsTable>;

/** The tables of this module: only it reads or writes them (db/scoped.ts, docs/architecture.md). */
export interface CompetitionsTables {
  competitions: CompetitionsTable;
  competition_problems: CompetitionProblemsTable;
  competition_participants: CompetitionParticipantsTable;
  competition_balloons: CompetitionBalloonsTable;
  competition_virtual_runs: CompetitionVirtualRunsTable;
  competition_teams: CompetitionTeamsTable;
  competition_team_members: CompetitionTeamMembersTable;
  competition_classes: CompetitionClassesTable;
}
export const COMPETITIONS_TABLES = tableSet<CompetitionsTables>()([
  'competitions',
  'competition_problems',
  'competition_participants',
  'competition_balloons',
  'competition_virtual_runs',
  'competition_teams',
  'competition_team_members',
  'competition_classes',
]);
