import type { Rule } from 'antd/es/form';
import type { FieldRule } from '../components/plain/formRules';
import { ACCOUNT_PATTERN, PASSWORD_RULE } from './contract';

// Accounts on both sites: the form rules (login page, management site) and the login page's address
// with its reasons (every page that sends an anonymous visitor there).

/**
 * Form rules in Chinese, the same limits the server checks (packages/shared users contract). The
 * login page's plain forms and the management site's antd forms read the same lists.
 */
export const accountRules: FieldRule[] = [
  { required: true, message: '请输入账号' },
  { pattern: ACCOUNT_PATTERN, message: '账号只能由 4 到 20 位字母、数字或下划线组成' },
];
export const loginAccountRules: FieldRule[] = [{ required: true, message: '请输入账号或邮箱' }];
export const passwordRules: FieldRule[] = [
  { required: true, message: '请输入密码' },
  { min: PASSWORD_RULE.min, message: `密码至少 ${PASSWORD_RULE.min} 位` },
  { max: PASSWORD_RULE.max, message: `密码最多 ${PASSWORD_RULE.max} 位` },
];
export const emailRules: FieldRule[] = [
  { required: true, message: '请输入邮箱' },
  { type: 'email', message: '邮箱格式不正确' },
];
export const codeRules: FieldRule[] = [
  { required: true, message: '请输入验证码' },
  { pattern: /^\d{6}$/, message: '验证码是 6 位数字' },
];
const PASSWORDS_DIFFER = '两次输入的密码不一致';
/** The confirmation of a field named `password`. */
export const confirmPasswordRules: FieldRule[] = [
  { required: true, message: '请再次输入密码' },
  { sameAs: 'password', message: PASSWORDS_DIFFER },
];
/** The same for an antd Form, which knows no `sameAs` (the management site). */
export const checkPasswordRules: Rule[] = [
  confirmPasswordRules[0],
  ({ getFieldValue }) => ({
    validator: (_, value) =>
      !value || getFieldValue('password') === value
        ? Promise.resolve()
        : Promise.reject(new Error(PASSWORDS_DIFFER)),
  }),
];

/** Only same-site paths are followed after login (the parameter comes from the address bar). */
export function safeRedirect(target: string | null): string {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/user/login')
    ? target
    : '/home';
}

/**
 * Why a page sent the visitor here (`?reason=`), said on the login page (issue 16: an anonymous
 * click on 提交评测 used to land here without a word). Unknown reasons say nothing.
 */
export const LOGIN_REASONS: Record<string, string> = {
  submit: '登录后才能提交评测。你写的代码已保存在本机，登录后会回到这道题。',
  'custom-test': '登录后才能运行自测。你写的代码已保存在本机，登录后会回到这道题。',
  answer: '登录后才能作答，登录后会回到这道题。',
  'join-plan': '登录后才能加入学习计划或课程，登录后会回到刚才的页面。',
  'join-contest': '登录后才能报名比赛，登录后会回到比赛页面。',
  report: '登录后才能举报，登录后会回到刚才的页面。',
  background: '登录后才能设置背景图片。',
};

/** What the page says when another page sent the visitor here without a known reason (a guarded page). */
export const LOGIN_NEEDED = '该页面需要登录后才能访问，登录后会回到刚才的页面。';

/**
 * The message for `?reason=` (a known one) or, when only `?redirect=` came (the route guard of
 * SPEC §6), the general one; null for a plain visit.
 */
export function loginReason(reason: string | null, redirect: string | null = null): string | null {
  if (reason && Object.hasOwn(LOGIN_REASONS, reason)) return LOGIN_REASONS[reason];
  return redirect && safeRedirect(redirect) !== '/home' ? LOGIN_NEEDED : null;
}

/** The login page for a reason, coming back to `back` (a same-site path) afterwards. */
export const loginPath = (reason: keyof typeof LOGIN_REASONS & string, back: string): string =>
  `/user/login?reason=${reason}&redirect=${encodeURIComponent(back)}`;
