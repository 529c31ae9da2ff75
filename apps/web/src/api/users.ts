import type {
  AdminList,
  AdminRegisterRequest,
  AdminUserPage,
  AdminUserPageRequest,
  AdminUserRow,
  BackgroundPictureList,
  CurrentUser,
  DailyCount,
  OAuthProviderList,
  PublicUser,
  UserLoginEmailRequest,
  UserModifyRequest,
  UserPractice,
  UserSettingsRequest,
  UserRegisterRequest,
} from '../lib/contract';
import { encryptPassword } from './crypto';
import { get, post } from './http';

/** Calls of SPEC §7 Users, typed by the shared contract. Passwords are encrypted here, nowhere else. */

let publicKey: Promise<string> | null = null;

/** The server's RSA key; fetched once a page load (and again after a failure). */
export function getPublicKey(): Promise<string> {
  if (!publicKey) {
    publicKey = get<string>('/api/getPublicKey');
    publicKey.catch(() => (publicKey = null));
  }
  return publicKey;
}

const encrypt = async (password: string) => encryptPassword(await getPublicKey(), password);

export const fetchCurrentUser = () => get<CurrentUser>('/api/user/current', { silent: true });

export const sendEmailCode = (receiveEmail: string) =>
  post<null>('/api/user/email/send', { query: { receiveEmail } });

export interface PlainRegisterForm {
  account: string;
  email: string;
  code: string;
  password: string;
  check_password: string;
}

async function encryptRegisterForm(form: PlainRegisterForm): Promise<UserRegisterRequest> {
  const [password, check_password] = await Promise.all([
    encrypt(form.password),
    encrypt(form.check_password),
  ]);
  return { account: form.account, email: form.email, code: form.code, password, check_password };
}

export const register = async (form: PlainRegisterForm) =>
  post<CurrentUser>('/api/user/register', { json: await encryptRegisterForm(form) });

export const resetPassword = async (form: PlainRegisterForm) =>
  post<null>('/api/user/getBack', { json: await encryptRegisterForm(form) });

export const login = async (account: string, password: string) =>
  post<CurrentUser>('/api/user/login', { json: { account, password: await encrypt(password) } });

export const adminLogin = async (account: string, password: string) =>
  post<CurrentUser>('/api/user/admin/login', { json: { account, password: await encrypt(password) } });

export const loginByEmail = (body: UserLoginEmailRequest) =>
  post<CurrentUser>('/api/user/login/email', { json: body });

/** Third-party logins the server has configured (buttons appear only for these). */
export const listOAuthProviders = () => get<OAuthProviderList>('/api/user/oauth/providers', { silent: true });

export const logout = () => post<null>('/api/user/logout');

export const modifyUser = (body: UserModifyRequest) => post<CurrentUser>('/api/user/modify', { json: body });
/** The signed-in user's site settings (隐藏算法标签). */
export const saveUserSettings = (body: UserSettingsRequest) =>
  post<CurrentUser>('/api/user/settings', { json: body });

/** status 0: avatar, 1: background picture. Answers the stored file's URL. */
export function uploadImage(file: File, status: 0 | 1) {
  const form = new FormData();
  form.append('file', file);
  return post<string>('/api/user/upload', { query: { status }, form });
}

export const listBackgroundPictures = () =>
  get<BackgroundPictureList>('/api/user/picture/get', { notLoggedInTo404: true });
export const currentBackgroundPicture = () => get<string>('/api/user/picture/user/get', { silent: true });
export const setBackgroundPicture = (picture_address: string) =>
  post<null>('/api/user/picture/user/set', { query: { picture_address } });
export const deleteBackgroundPicture = (id: number) =>
  post<null>('/api/user/picture/user/delete', { query: { id } });

export const userCard = (uuid: number) => post<PublicUser>('/api/user/search/uuid', { query: { uuid } });
/** A user card's 练习情况 (issue 29): solved problems, counts, public lists, classes when allowed. */
export const userPractice = (uuid: number) => get<UserPractice>('/api/user/practice', { query: { uuid } });

// ---------------------------------------------------------------- management site

export const adminUserPage = (q: Partial<AdminUserPageRequest>) =>
  post<AdminUserPage>('/api/user/admin/getPage', { json: q });
export const banUsers = (uuids: number[]) => post<null>('/api/user/admin/ban', { json: uuids });
export const unbanUser = (uuid: number) => post<null>('/api/user/admin/cancel', { query: { uuid } });

export const listAdmins = () => post<AdminList>('/api/user/BOSS/get');
export const grantAdmin = (uuid: number) => post<null>('/api/user/BOSS/set', { query: { uuid } });
export const revokeAdmin = (uuid: number) => post<null>('/api/user/BOSS/cancel', { query: { uuid } });

export interface PlainAdminForm {
  account: string;
  email?: string;
  username?: string;
  password: string;
  check_password: string;
}

export async function addAdmin(form: PlainAdminForm) {
  const body: AdminRegisterRequest = {
    account: form.account,
    email: form.email ?? '',
    username: form.username,
    password: await encrypt(form.password),
    check_password: await encrypt(form.check_password),
  };
  return post<AdminUserRow>('/api/user/BOSS/add', { json: body });
}

/** Daily practice counts of a year (heatmap). SPEC §8: 40101 here sends the user to /404. */
export const dailyPracticeCounts = (year: number) =>
  post<DailyCount[]>('/api/problem/algorithm/search/user/daily', { query: { year }, notLoggedInTo404: true });

/** 教师 on or off (classes, issue 27): administrators only. */
export const setTeacher = (uuid: number, teacher: boolean) =>
  post<null>('/api/user/admin/teacher', { json: { uuid, teacher } });
