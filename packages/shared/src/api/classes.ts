import { z } from 'zod';
import { nameText } from './common';
import { CLASS_JOIN_MODES, CLASS_LIMITS, CLASS_ROLES } from './classes-rules';

/**
 * Classes for teachers (班级, issue 27 part 1; docs/classes.md). A teacher (marked 教师 by an
 * administrator, or an administrator) creates classes; members join by invite code (or link), at
 * once or through a request the teacher or a TA (助教) approves. A class's members, announcements
 * and settings are read by its members and managers only (and administrators).
 */

export * from './classes-rules';

const classId = z.coerce
  .number({ error: '班级编号必须是整数' })
  .int('班级编号必须是整数')
  .min(1, '班级编号必须是正整数');
const userId = z.coerce
  .number({ error: '用户编号必须是整数' })
  .int('用户编号必须是整数')
  .min(1, '用户编号必须是正整数');
const text = (label: string, max: number) =>
  z
    .string({ error: `${label}必须是文字` })
    .trim()
    .max(max, `${label}不能超过 ${max} 个字符`);

export const ClassIdQuery = z.object({ class_id: classId });
export type ClassIdQuery = z.infer<typeof ClassIdQuery>;

/** `POST /api/class/create`; `POST /api/class/modify` adds `class_id`. */
export const ClassInput = z.object({
  name: nameText('班级名称')
    .trim()
    .min(1, '班级名称不能为空')
    .max(CLASS_LIMITS.nameMax, `班级名称不能超过 ${CLASS_LIMITS.nameMax} 个字符`),
  description: text('班级简介', CLASS_LIMITS.descriptionMax).default(''),
  school: text('学校', CLASS_LIMITS.schoolMax).default(''),
  term: text('学期', CLASS_LIMITS.termMax).default(''),
  join_mode: z.enum(CLASS_JOIN_MODES, { error: '加入方式只能是凭邀请码直接加入或需要审核' }).default('code'),
});
export type ClassInput = z.infer<typeof ClassInput>;
export type ClassInputRaw = z.input<typeof ClassInput>;
export const ClassModifyRequest = ClassInput.extend({ class_id: classId });
export type ClassModifyRequest = z.infer<typeof ClassModifyRequest>;

/** A class as its members see it; `invite_code` only to its managers (teacher, TAs, administrators). */
export const ClassSummary = z.object({
  class_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  school: z.string(),
  term: z.string(),
  join_mode: z.enum(CLASS_JOIN_MODES),
  archived: z.boolean(),
  teacher_id: z.number().int(),
  teacher_name: z.string(),
  member_count: z.number().int(),
  created_at: z.string(),
  /** The caller's role in the class; null for an administrator who is not a member. */
  my_role: z.enum(CLASS_ROLES).nullable(),
  /** The caller may manage the class (teacher, TA, administrator). */
  can_manage: z.boolean(),
  /** The caller is the class's teacher (or an administrator): TAs, archive, delete, bulk accounts. */
  is_owner: z.boolean(),
  invite_code: z.string().nullable(),
});
export type ClassSummary = z.infer<typeof ClassSummary>;
export const ClassList = z.array(ClassSummary);
export type ClassList = z.infer<typeof ClassList>;

/** `POST /api/class/create` → the new class's id. */
export const ClassCreated = z.object({ class_id: z.number().int() });
export type ClassCreated = z.infer<typeof ClassCreated>;

export const ClassMember = z.object({
  user_id: z.number().int(),
  account: z.string(),
  username: z.string(),
  role: z.enum(CLASS_ROLES),
  joined_at: z.string(),
});
export type ClassMember = z.infer<typeof ClassMember>;
export const ClassMemberList = z.array(ClassMember);
export type ClassMemberList = z.infer<typeof ClassMemberList>;

/** `POST /api/class/join`: by invite code; the answer says whether one joined or a request waits. */
export const ClassJoinRequest = z.object({
  code: z
    .string({ error: '邀请码必须是文字' })
    .trim()
    .min(1, '邀请码不能为空')
    .max(16, '邀请码不能超过 16 个字符'),
});
export type ClassJoinRequest = z.infer<typeof ClassJoinRequest>;
export const ClassJoined = z.object({
  class_id: z.number().int(),
  name: z.string(),
  /** 'joined': a member now; 'pending': the request waits for the teacher or a TA. */
  state: z.enum(['joined', 'pending']),
});
export type ClassJoined = z.infer<typeof ClassJoined>;

export const ClassPendingRequest = z.object({
  user_id: z.number().int(),
  account: z.string(),
  username: z.string(),
  created_at: z.string(),
});
export type ClassPendingRequest = z.infer<typeof ClassPendingRequest>;
export const ClassPendingList = z.array(ClassPendingRequest);
export type ClassPendingList = z.infer<typeof ClassPendingList>;

/** `POST /api/class/request/decide`. */
export const ClassDecideRequest = z.object({
  class_id: classId,
  user_id: userId,
  approve: z.boolean({ error: '是否通过必须是 true 或 false' }),
});
export type ClassDecideRequest = z.infer<typeof ClassDecideRequest>;

/** `POST /api/class/member/role`: the teacher makes a member a TA (助教) or a student again. */
export const ClassMemberRoleRequest = z.object({
  class_id: classId,
  user_id: userId,
  role: z.enum(['student', 'ta'], { error: '角色只能是学生或助教' }),
});
export type ClassMemberRoleRequest = z.infer<typeof ClassMemberRoleRequest>;

/** `POST /api/class/member/remove`. */
export const ClassMemberRequest = z.object({ class_id: classId, user_id: userId });
export type ClassMemberRequest = z.infer<typeof ClassMemberRequest>;

/** `POST /api/class/archive`. */
export const ClassArchiveRequest = z.object({
  class_id: classId,
  archived: z.boolean({ error: '是否归档必须是 true 或 false' }),
});
export type ClassArchiveRequest = z.infer<typeof ClassArchiveRequest>;

/** `POST /api/class/invite/regenerate` → the new code. */
export const ClassInviteCode = z.object({ invite_code: z.string() });
export type ClassInviteCode = z.infer<typeof ClassInviteCode>;

export const ClassAnnouncementInput = z.object({
  class_id: classId,
  content: z
    .string({ error: '公告内容必须是文字' })
    .trim()
    .min(1, '公告内容不能为空')
    .max(CLASS_LIMITS.announcementMax, `公告内容不能超过 ${CLASS_LIMITS.announcementMax} 个字符`),
});
export type ClassAnnouncementInput = z.infer<typeof ClassAnnouncementInput>;
export const ClassAnnouncement = z.object({
  announcement_id: z.number().int(),
  author_id: z.number().int(),
  author_name: z.string(),
  content: z.string(),
  created_at: z.string(),
});
export type ClassAnnouncement = z.infer<typeof ClassAnnouncement>;
export const ClassAnnouncementList = z.array(ClassAnnouncement);
export type ClassAnnouncementList = z.infer<typeof ClassAnnouncementList>;
export const ClassAnnouncementIdRequest = z.object({
  class_id: classId,
  announcement_id: z.coerce
    .number({ error: '公告编号必须是整数' })
    .int('公告编号必须是整数')
    .min(1, '公告编号必须是正整数'),
});
export type ClassAnnouncementIdRequest = z.infer<typeof ClassAnnouncementIdRequest>;

/** The management site's list: every class with its teacher and member count. */
export const AdminClassRow = z.object({
  class_id: z.number().int(),
  name: z.string(),
  school: z.string(),
  term: z.string(),
  archived: z.boolean(),
  teacher_id: z.number().int(),
  teacher_name: z.string(),
  member_count: z.number().int(),
  created_at: z.string(),
});
export type AdminClassRow = z.infer<typeof AdminClassRow>;
export const AdminClassList = z.array(AdminClassRow);
export type AdminClassList = z.infer<typeof AdminClassList>;

// ---------------------------------------------------------------- bulk student accounts

/**
 * `POST /api/class/accounts/bulk`: rows of 姓名 and 学号, pasted or read from a sheet. The rows are
 * taken as text here and checked one by one (`studentRowProblem`), so a bad row refuses the whole
 * batch with its row number and the reason.
 */
export const ClassBulkRequest = z.object({
  class_id: classId,
  rows: z
    .array(
      z.object({
        name: z.string({ error: '姓名必须是文字' }),
        student_no: z.string({ error: '学号必须是文字' }),
      }),
      { error: '名单必须是行的列表' },
    )
    .min(1, '名单不能为空')
    .max(CLASS_LIMITS.bulkMax, `一次最多创建 ${CLASS_LIMITS.bulkMax} 个账号`),
});
export type ClassBulkRequest = z.infer<typeof ClassBulkRequest>;
/** `POST /api/class/accounts/sheet?class_id=` (an .xlsx upload): the rows read, to check and send. */
export const ClassSheetRows = z.array(z.object({ name: z.string(), student_no: z.string() }));
export type ClassSheetRows = z.infer<typeof ClassSheetRows>;

// ---------------------------------------------------------------- accounts

/** `POST /api/user/admin/teacher`: an administrator marks a user 教师 or takes the mark away. */
export const TeacherSetRequest = z.object({
  uuid: userId,
  teacher: z.boolean({ error: '是否教师必须是 true 或 false' }),
});
export type TeacherSetRequest = z.infer<typeof TeacherSetRequest>;

const cipher = (label: string) =>
  z
    .string({ error: `${label}必须是文字` })
    .min(1, `${label}不能为空`)
    .max(2048, `${label}过长`);

/**
 * `POST /api/user/password/change`: the signed-in user's own change (encrypted like every password
 * field); the one call besides the current user and logout a bulk account may make before it.
 */
export const PasswordChangeRequest = z.object({
  old_password: cipher('当前密码'),
  password: cipher('新密码'),
  check_password: cipher('确认密码'),
});
export type PasswordChangeRequest = z.infer<typeof PasswordChangeRequest>;
