// The classes' rules as plain constants and pure helpers (no zod): the server's schemas check them
// and the sites import them by path without pulling zod into their first load.
import { nameTextProblem } from '../text-rules';
import { USERNAME_MAX } from './users-rules';

export const CLASS_LIMITS = {
  nameMax: 40,
  descriptionMax: 500,
  schoolMax: 40,
  termMax: 20,
  announcementMax: 1000,
  /** Rows of one bulk-account batch. */
  bulkMax: 300,
  /** A student number: letters and digits, so the account `c<class>_<number>` stays ≤ 20 characters. */
  studentNoMax: 12,
} as const;

export const CLASS_ROLES = ['student', 'ta', 'teacher'] as const;
export type ClassRole = (typeof CLASS_ROLES)[number];
export const CLASS_ROLE_LABELS: Record<ClassRole, string> = { student: '学生', ta: '助教', teacher: '教师' };

/** 'code': the invite code (or link) joins at once; 'approval': it files a request to approve. */
export const CLASS_JOIN_MODES = ['code', 'approval'] as const;
export type ClassJoinMode = (typeof CLASS_JOIN_MODES)[number];
export const CLASS_JOIN_MODE_LABELS: Record<ClassJoinMode, string> = {
  code: '凭邀请码直接加入',
  approval: '需要审核',
};

/** The account a student number gets in a class: `c<class id>_<student number>` (docs/classes.md). */
export const studentAccount = (classId: number, studentNo: string) =>
  `c${classId}_${studentNo.trim().toLowerCase()}`;

/**
 * What is wrong with a row (1-based `n`), or null: 姓名 1–20 characters, 学号 letters and digits
 * (1–12), no 学号 twice in the batch. The server refuses a batch with the first problem.
 */
export function studentRowProblem(
  row: { name: string; student_no: string },
  n: number,
  seen: Set<string>,
): string | null {
  const name = row.name.trim();
  const no = row.student_no.trim();
  if (!name) return `第 ${n} 行：姓名不能为空`;
  const nameProblem = nameTextProblem(name);
  if (nameProblem) return `第 ${n} 行：姓名${nameProblem}`;
  if (name.length > USERNAME_MAX) return `第 ${n} 行：姓名不能超过 ${USERNAME_MAX} 个字符`;
  if (!no) return `第 ${n} 行：学号不能为空`;
  if (!/^[A-Za-z0-9]+$/.test(no)) return `第 ${n} 行：学号只能包含字母和数字`;
  if (no.length > CLASS_LIMITS.studentNoMax)
    return `第 ${n} 行：学号不能超过 ${CLASS_LIMITS.studentNoMax} 个字符`;
  if (seen.has(no.toLowerCase())) return `第 ${n} 行：学号 ${no} 在名单中重复`;
  seen.add(no.toLowerCase());
  return null;
}
