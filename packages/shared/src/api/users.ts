import { z } from 'zod';
import { nameText } from './common';
import { fieldLabel } from '../field-labels';
import { pageOf, pageQuery } from '../paging';

/**
 * Contract of the users / accounts calls (SPEC §3, §6, §7 Users). Field names are the snake_case
 * names of SPEC §3. Passwords are sent as base64 RSA-OAEP (SHA-256) ciphertext made with the key of
 * `/api/getPublicKey` (see `encryptPassword` in the sites); the server decrypts and checks the rules
 * below (`PASSWORD_RULE`) on the plain text.
 */

import { ACCOUNT_PATTERN, GENDERS, USERNAME_MAX } from './users-rules';

export * from './users-rules';

const account = z
  .string({ error: '账号必须是字符串' })
  .regex(ACCOUNT_PATTERN, '账号只能由 4 到 20 位字母、数字或下划线组成');
const email = z.email({ error: '邮箱格式不正确' }).max(100, '邮箱不能超过 100 个字符');
const code = z.string({ error: '验证码必须是字符串' }).regex(/^\d{6}$/, '验证码必须是 6 位数字');
/** Encrypted password (base64). Empty or absurdly long strings are refused before decryption. */
const cipher = (field: string) =>
  z
    .string({ error: `${fieldLabel([field])}必须是字符串` })
    .min(1, `${fieldLabel([field])}不能为空`)
    .max(2048, `${fieldLabel([field])}过长`);

// ---------------------------------------------------------------- users as sent by the server

/** The logged-in (or anonymous) user as `GET /api/user/current` answers it. Never holds the hash. */
export const CurrentUser = z.object({
  uuid: z.number().int(), // -1 when not logged in
  account: z.string(),
  username: z.string(),
  avatar: z.string(),
  tags: z.string(),
  tag_list: z.array(z.string()),
  hobby: z.string(),
  email: z.string(),
  phone: z.string(),
  gender: z.string(), // 男性 | 女性 | '' (not set)
  school: z.string(),
  profile: z.string(),
  /** The contest rating; NEW_USER_RATING (1400) while `rated` is false. */
  rating: z.number().int(),
  /** Has at least one rated contest applied; false = unrated (shown as 未评级, counted as 1400). */
  rated: z.boolean(),
  role: z.number().int(), // Role: 0 not logged in, 1 user, 2 admin, 3 banned
  is_boss: z.boolean(),
  birth: z.string(), // YYYY-MM-DD or ''
  create_time: z.string(), // ISO-8601 UTC, '' for anonymous
  update_time: z.string(),
  readings: z.number().int(),
  url: z.string(),
  background_picture: z.string(),
  /** Marked 教师 by an administrator (classes, issue 27); administrators are teachers implicitly. */
  teacher: z.boolean(),
  /** An account made in bulk that must change its initial password before anything else. */
  must_change_credential: z.boolean(),
  /** 隐藏算法标签: the bank and the problem page show no algorithm tags (issue 29). */
  hide_tags: z.boolean(),
  /** 在个人主页展示我的班级: the card's 练习情况 names the classes the user is in (issue 29). */
  show_classes: z.boolean(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

/** `POST /api/user/settings`: the signed-in user's site settings (each optional) → CurrentUser. */
export const UserSettingsRequest = z.object({
  hide_tags: z.boolean({ error: '隐藏算法标签必须是是或否' }).optional(),
  show_classes: z.boolean({ error: '在个人主页展示我的班级必须是是或否' }).optional(),
});
export type UserSettingsRequest = z.infer<typeof UserSettingsRequest>;

/** What anyone may see of another user (user card, search): no email, phone, birth. */
export const PublicUser = CurrentUser.pick({
  uuid: true,
  account: true,
  username: true,
  avatar: true,
  tags: true,
  tag_list: true,
  hobby: true,
  gender: true,
  school: true,
  profile: true,
  rating: true,
  rated: true,
  role: true,
  create_time: true,
  readings: true,
  url: true,
  background_picture: true,
});
export type PublicUser = z.infer<typeof PublicUser>;

/** A row of the management site's user lists (admins see email and phone too). */
export const AdminUserRow = CurrentUser.omit({ tag_list: true, hobby: true, birth: true, url: true });
export type AdminUserRow = z.infer<typeof AdminUserRow>;

export const UserPage = pageOf(PublicUser);
export type UserPage = z.infer<typeof UserPage>;
export const AdminUserPage = pageOf(AdminUserRow);
export type AdminUserPage = z.infer<typeof AdminUserPage>;

// ---------------------------------------------------------------- account calls

/** `POST /api/user/email/send?receiveEmail=` → data null. */
export const SendEmailQuery = z.object({ receiveEmail: email });
export type SendEmailQuery = z.infer<typeof SendEmailQuery>;

/** `POST /api/user/register` and `POST /api/user/getBack` (password reset): JSON body → data CurrentUser (logged in). */
export const UserRegisterRequest = z.object({
  account,
  email,
  code,
  password: cipher('password'),
  check_password: cipher('check_password'),
});
export type UserRegisterRequest = z.infer<typeof UserRegisterRequest>;

/** `POST /api/user/getBack`: same shape; `account` must belong to `email`. → data null. */
export const UserGetBackRequest = UserRegisterRequest;
export type UserGetBackRequest = UserRegisterRequest;

/** `POST /api/user/login` and `POST /api/user/admin/login`: account may also be the email. → data CurrentUser. */
export const UserLoginRequest = z.object({
  account: z.string({ error: '账号必须是字符串' }).min(1, '账号不能为空').max(100, '账号过长'),
  password: cipher('password'),
});
export type UserLoginRequest = z.infer<typeof UserLoginRequest>;

/** `POST /api/user/login/email` → data CurrentUser. */
export const UserLoginEmailRequest = z.object({ email, code });
export type UserLoginEmailRequest = z.infer<typeof UserLoginEmailRequest>;

/** `POST /api/user/logout` → data null. `GET /api/user/current` → data CurrentUser (uuid -1 when anonymous). */

/**
 * `POST /api/user/modify` → data CurrentUser. Partial: fields left out are kept. `username` is required.
 * `tags` is the comma-separated string of SPEC §3: the server strips its first and last character
 * and removes spaces (the old site sent `[a,b]`-like text), or pass `tag_list` directly (preferred;
 * it wins when both are given). At most 10 tags, no duplicates. `profile` is cut to 99 characters.
 */
export const UserModifyRequest = z.object({
  username: nameText('昵称')
    .trim()
    .min(1, '昵称不能为空')
    .max(USERNAME_MAX, `昵称不能超过 ${USERNAME_MAX} 个字符`),
  gender: z.enum([...GENDERS, ''], { error: '性别只能是 男性 或 女性' }).optional(),
  birth: z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, '生日必须是 YYYY-MM-DD 格式的日期')
    .optional(),
  school: nameText('学校').max(50, '学校不能超过 50 个字符').optional(),
  phone: z
    .string()
    .regex(/^[0-9+\- ]{0,20}$/, '联系电话格式不正确')
    .optional(),
  email: z.union([z.literal(''), email]).optional(),
  url: z.string().max(200, '个人网站不能超过 200 个字符').optional(),
  hobby: z.string().max(100, '爱好不能超过 100 个字符').optional(),
  profile: z.string().max(2000, '个人简介过长').optional(),
  tags: z.string().max(500, '常用标签过长').optional(),
  tag_list: z
    .array(z.string().trim().min(1, '常用标签不能含空标签').max(20, '常用标签中的标签不能超过 20 个字符'))
    .optional(),
});
export type UserModifyRequest = z.infer<typeof UserModifyRequest>;

// ---------------------------------------------------------------- admin and boss calls

/** `POST /api/user/admin/ban`: JSON array of uuids → data null. Admins and the boss cannot be banned by an admin. */
export const BanRequest = z
  .array(
    z
      .number({ error: '封禁列表只能包含用户编号' })
      .int('封禁列表只能包含用户编号')
      .min(1, '用户编号必须是正整数'),
    {
      error: '请求体必须是用户编号的数组',
    },
  )
  .min(1, '请至少选择一个用户')
  .max(100, '一次最多封禁 100 个用户');
export type BanRequest = z.infer<typeof BanRequest>;

/**
 * `POST /api/user/admin/getPage` → data AdminUserPage. Also accepts the same fields as query parameters.
 * `keyword` matches account, username or email; `role` filters by role.
 */
export const AdminUserPageRequest = z.object({
  ...pageQuery().shape,
  keyword: z.string().max(100, '关键词过长').optional(),
  role: z.coerce.number().int().min(1).max(3).optional(),
});
export type AdminUserPageRequest = z.infer<typeof AdminUserPageRequest>;
/** `POST /api/user/admin/get?pageNum=` → data AdminUserPage (all users, newest first, 10 a page). */
/** `POST /api/user/admin/cancel?uuid=` (unban) → data null. */

/** `POST /api/user/BOSS/add`: creates an admin account (plain admin, not boss). → data AdminUserRow. */
export const AdminRegisterRequest = z.object({
  account,
  email: z.union([z.literal(''), email]).optional(),
  username: nameText('昵称').trim().max(USERNAME_MAX, `昵称不能超过 ${USERNAME_MAX} 个字符`).optional(),
  password: cipher('password'),
  check_password: cipher('check_password'),
});
export type AdminRegisterRequest = z.infer<typeof AdminRegisterRequest>;
/** `POST /api/user/BOSS/set?uuid=` / `BOSS/cancel?uuid=` → data null. `POST /api/user/BOSS/get` → data AdminUserRow[]. */
export const AdminList = z.array(AdminUserRow);
export type AdminList = z.infer<typeof AdminList>;

// ---------------------------------------------------------------- search and user card

/** `POST /api/user/search`: JSON body (or query) → data UserPage. keyword matches account or username. */
export const UserSearchRequest = z.object({
  keyword: z.string().max(100, '关键词过长').default(''),
  ...pageQuery().shape,
});
export type UserSearchRequest = z.infer<typeof UserSearchRequest>;
/** `POST /api/user/search/uuid?uuid=` → data PublicUser (and counts one reading of that user). */

// ---------------------------------------------------------------- files and background pictures

/** `POST /api/user/upload?status=0|1` multipart (one file field, any name) → data: the URL string. 0 avatar (≤ 2 MiB), 1 background (≤ 5 MiB). */
export const UploadQuery = z.object({
  status: z.coerce
    .number({ error: '状态只能是 0（头像）或 1（背景图片）' })
    .int()
    .min(0, '状态只能是 0（头像）或 1（背景图片）')
    .max(1, '状态只能是 0（头像）或 1（背景图片）'),
});
export type UploadQuery = z.infer<typeof UploadQuery>;

/** A background picture; built-in pictures have uuid 0. */
export const BackgroundPicture = z.object({
  id: z.number().int(),
  uuid: z.number().int(),
  picture_address: z.string(),
});
export type BackgroundPicture = z.infer<typeof BackgroundPicture>;
/** `GET /api/user/picture/get` → data BackgroundPicture[] (code 40101 when not logged in). */
export const BackgroundPictureList = z.array(BackgroundPicture);
export type BackgroundPictureList = z.infer<typeof BackgroundPictureList>;
/** `GET /api/user/picture/user/get` → data: the current background picture address (string). */
/** `POST /api/user/picture/user/delete?id=` → data null (owner only). */
export const PictureIdQuery = z.object({
  id: z.coerce.number({ error: '编号必须是整数' }).int('编号必须是整数').min(1, '编号必须是正整数'),
});
export type PictureIdQuery = z.infer<typeof PictureIdQuery>;
/** `POST /api/user/picture/user/set?picture_address=` → data null (only an address of the list). */
export const PictureAddressQuery = z.object({
  picture_address: z
    .string({ error: '图片地址不能为空' })
    .min(1, '图片地址不能为空')
    .max(300, '图片地址过长'),
});
export type PictureAddressQuery = z.infer<typeof PictureAddressQuery>;

/** OAuth providers (`GET /api/user/QQ/login`, `GET /api/user/github/login` redirect; `GET /api/user/oauth/providers` → which are enabled). */
export const OAUTH_PROVIDERS = ['github', 'qq'] as const;
export type OAuthProviderName = (typeof OAUTH_PROVIDERS)[number];
export const OAuthProviderList = z.array(z.enum(OAUTH_PROVIDERS));
export type OAuthProviderList = z.infer<typeof OAuthProviderList>;
