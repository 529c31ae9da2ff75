import type { Generated, Selectable } from 'kysely';
import { tableSet } from '../../db/scoped';

export interface StudyPlansTable {
  id: Generated<number>;
  kind: string; // 'plan' | 'course'
  title: string;
  description: string;
  cover: string | null;
  price_fen: number;
  searchable: number;
  is_delete: Generated<number>;
  create_time: string;
  update_time: string;
}

export interface StudySectionsTable {
  plan_id: number;
  idx: number;
  title: string;
  description: string;
  requires: string; // JSON number[]
}

export interface StudyLessonsTable {
  id: Generated<number>;
  plan_id: number;
  section_idx: number;
  idx: number;
  title: string;
  content: string;
  video: string | null;
  poster: string | null;
}

export interface StudyProblemsTable {
  plan_id: number;
  section_idx: number;
  idx: number;
  kind: string; // 'algorithm' | 'math408'
  problem_id: number;
}

export interface StudyMembersTable {
  plan_id: number;
  user_id: number;
  join_time: string;
  via: string;
}

export interface ProblemVideosTable {
  problem_id: number;
  video: string | null;
  poster: string | null;
  aliyun_video_id: string | null;
  update_time: string;
}

export type StudyPlanRow = Selectable<StudyPlansTable>;

export type StudyLessonRow = Selectable<StudyLessonsTable>;

export type ProblemVideoRow = Selectable<ProblemVideosTable>;

/** The tables of this module: only it reads or writes them (db/scoped.ts, docs/architecture.md). */
export interface CoursesTables {
  study_plans: StudyPlansTable;
  study_sections: StudySectionsTable;
  study_lessons: StudyLessonsTable;
  study_problems: StudyProblemsTable;
  study_members: StudyMembersTable;
  problem_videos: ProblemVideosTable;
}
export const COURSES_TABLES = tableSet<CoursesTables>()([
  'study_plans',
  'study_sections',
  'study_lessons',
  'study_problems',
  'study_members',
  'problem_videos',
]);
