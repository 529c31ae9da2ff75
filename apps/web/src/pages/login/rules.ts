import type { Rule } from 'antd/es/form';
import { ACCOUNT_PATTERN, PASSWORD_RULE } from '../../lib/contract';

/** Form rules in Chinese, the same limits the server checks (packages/shared users contract). */
export const accountRules: Rule[] = [
  { required: true, message: '请输入账号' },
  { pattern: ACCOUNT_PATTERN, message: '账号只能由 4 到 20 位字母、数字或下划线组成' },
];
export const loginAccountRules: Rule[] = [{ required: true, message: '请输入账号或邮箱' }];
export const passwordRules: Rule[] = [
  { required: true, message: '请输入密码' },
  { min: PASSWORD_RULE.min, message: `密码至少 ${PASSWORD_RULE.min} 位` },
  { max: PASSWORD_RULE.max, message: `密码最多 ${PASSWORD_RULE.max} 位` },
];
export const emailRules: Rule[] = [
  { required: true, message: '请输入邮箱' },
  { type: 'email', message: '邮箱格式不正确' },
];
export const codeRules: Rule[] = [
  { required: true, message: '请输入验证码' },
  { pattern: /^\d{6}$/, message: '验证码是 6 位数字' },
];
export const checkPasswordRules: Rule[] = [
  { required: true, message: '请再次输入密码' },
  ({ getFieldValue }) => ({
    validator: (_, value) =>
      !value || getFieldValue('password') === value
        ? Promise.resolve()
        : Promise.reject(new Error('两次输入的密码不一致')),
  }),
];

/** Only same-site paths are followed after login (the parameter comes from the address bar). */
export function safeRedirect(target: string | null): string {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/user/login')
    ? target
    : '/home';
}
