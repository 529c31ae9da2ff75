import type { Generated, Selectable } from 'kysely';
import { tableSet } from '../../db/scoped';

/** A class (033_classes): made by a teacher, joined by invite code. Times are UTC ISO-8601 text. */
export interface ClassesTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  school: Generated<string>;
  term: Generated<string>;
  /** Who created it; also a member with the role 'teacher'. */
  teacher_id: number;
  /** 'code' | 'approval' (CLASS_JOIN_MODES). */
  join_mode: string;
  /** Upper-case letters and digits, unique. */
  invite_code: string;
  archived: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** One member of a class: 'student' | 'ta' | 'teacher' (CLASS_ROLES). */
export interface ClassMembersTable {
  class_id: number;
  user_id: number;
  role: string;
  joined_at: string;
}

/** A request to join a class that needs approval: 'pending' | 'approved' | 'rejected'. */
export interface ClassJoinRequestsTable {
  class_id: number;
  user_id: number;
  state: string;
  created_at: string;
  decided_by: number | null;
  decided_at: string | null;
}

/** A short notice the teacher or a TA posts to the class. */
export interface ClassAnnouncementsTable {
  id: Generated<number>;
  class_id: number;
  author_id: number;
  content: string;
  created_at: string;
}

/** A homework (035_homework): assigned to classes, due at `deadline`, late tries until `late_end`. */
export interface HomeworkTable {
  id: Generated<number>;
  title: string;
  description: Generated<string>;
  start_time: string;
  deadline: string;
  late_end: string | null;
  /** Points of a try in the late period are multiplied by this. */
  late_factor: number;
  creator_id: number;
  created_at: string;
  updated_at: string;
}

export interface HomeworkClassesTable {
  homework_id: number;
  class_id: number;
}

export interface HomeworkProblemsTable {
  homework_id: number;
  position: number;
  /** A bank problem's id, or a math / 408 question's (`kind`, 041_homework_questions). */
  problem_id: number;
  kind: Generated<string>;
}

/** A notice sent to one student: 'published' | 'reminder' (each at most once). */
export interface HomeworkNoticesTable {
  homework_id: number;
  user_id: number;
  kind: string;
}

/** A class problem (036_class_problems): a hidden bank problem private to this class. */
export interface ClassProblemsTable {
  problem_id: number;
  class_id: number;
}

export type HomeworkRow = Selectable<HomeworkTable>;
export type ClassRow = Selectable<ClassesTable>;
export type ClassMemberRow = Selectable<ClassMembersTable>;

/** The tables of this module: only it reads or writes them (db/scoped.ts, docs/architecture.md). */
export interface ClassesTables {
  classes: ClassesTable;
  class_members: ClassMembersTable;
  class_join_requests: ClassJoinRequestsTable;
  class_announcements: ClassAnnouncementsTable;
  homework: HomeworkTable;
  homework_classes: HomeworkClassesTable;
  homework_problems: HomeworkProblemsTable;
  homework_notices: HomeworkNoticesTable;
  class_problems: ClassProblemsTable;
}
export const CLASSES_TABLES = tableSet<ClassesTables>()([
  'classes',
  'class_members',
  'class_join_requests',
  'class_announcements',
  'homework',
  'homework_classes',
  'homework_problems',
  'homework_notices',
  'class_problems',
]);
