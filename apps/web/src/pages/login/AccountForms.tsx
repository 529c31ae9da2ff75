import { useState, type FormEvent } from 'react';
import { LockOutlined, MailOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import type { CurrentUser } from '../../lib/contract';
import { login, loginByEmail, register, resetPassword } from '../../api/users';
import SendCodeButton from './SendCodeButton';
import Button from '../../components/plain/Button';
import { FormItem, InputGroup, TextInput } from '../../components/plain/Form';
import { useForm, type PlainForm } from '../../components/plain/useForm';
import {
  accountRules,
  codeRules,
  confirmPasswordRules,
  emailRules,
  loginAccountRules,
  passwordRules,
} from '../../lib/account';
import { notify } from '../../lib/notify';

/**
 * The submit handler of a plain form: checks every field, then runs `fn` with the button's loading
 * state; failures were already toasted by the API client.
 */
function useSubmit<K extends string>(form: PlainForm<K>, fn: (values: Record<K, string>) => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const values = form.validate();
    if (!values || busy) return;
    setBusy(true);
    try {
      await fn(values);
    } catch {
      // toasted by the API client
    } finally {
      setBusy(false);
    }
  };
  return { busy, onSubmit };
}

export function PasswordLoginForm({ onLoggedIn }: { onLoggedIn(u: CurrentUser): void }) {
  const form = useForm('password-login', ['account', 'password'], {
    account: loginAccountRules,
    password: [{ required: true, message: '请输入密码' }],
  });
  const { busy, onSubmit } = useSubmit(form, async (v) =>
    onLoggedIn(await login(v.account.trim(), v.password)),
  );
  return (
    <form id={form.id} className="oj-form" noValidate onSubmit={onSubmit}>
      <FormItem label="账号" {...form.item('account')}>
        <TextInput
          {...form.input('account')}
          size="large"
          prefix={<UserOutlined />}
          placeholder="账号或邮箱"
          autoComplete="username"
        />
      </FormItem>
      <FormItem label="密码" {...form.item('password')}>
        <TextInput
          {...form.input('password')}
          type="password"
          size="large"
          prefix={<LockOutlined />}
          placeholder="密码"
          autoComplete="current-password"
        />
      </FormItem>
      <Button type="primary" htmlType="submit" size="large" block loading={busy}>
        登陆
      </Button>
    </form>
  );
}

/** The email code's item: the code and the button that sends it to the form's email. */
function CodeItem<K extends string>({ form }: { form: PlainForm<K | 'email' | 'code'> }) {
  return (
    <FormItem label="验证码" {...form.item('code')}>
      <InputGroup>
        <TextInput
          {...form.input('code')}
          size="large"
          prefix={<SafetyOutlined />}
          placeholder="6 位验证码"
          maxLength={6}
          inputMode="numeric"
          autoComplete="one-time-code"
        />
        <SendCodeButton email={() => form.validate(['email'])?.email ?? null} />
      </InputGroup>
    </FormItem>
  );
}

export function EmailLoginForm({ onLoggedIn }: { onLoggedIn(u: CurrentUser): void }) {
  const form = useForm('email-login', ['email', 'code'], { email: emailRules, code: codeRules });
  const { busy, onSubmit } = useSubmit(form, async (v) =>
    onLoggedIn(await loginByEmail({ email: v.email.trim(), code: v.code })),
  );
  return (
    <form id={form.id} className="oj-form" noValidate onSubmit={onSubmit}>
      <FormItem label="邮箱" {...form.item('email')}>
        <TextInput
          {...form.input('email')}
          type="email"
          size="large"
          prefix={<MailOutlined />}
          placeholder="注册时填写的邮箱"
          autoComplete="email"
        />
      </FormItem>
      <CodeItem form={form} />
      <Button type="primary" htmlType="submit" size="large" block loading={busy}>
        登陆
      </Button>
    </form>
  );
}

const REGISTER_FIELDS = ['account', 'email', 'code', 'password', 'check_password'] as const;

/** Registration and password reset share one form (SPEC §7: userRegisterRequest for both). */
export function RegisterForm({
  mode,
  onRegistered,
  onReset,
}: {
  mode: 'register' | 'reset';
  onRegistered(u: CurrentUser): void;
  onReset(): void;
}) {
  const form = useForm(mode === 'register' ? 'register' : 'reset-password', REGISTER_FIELDS, {
    account: accountRules,
    email: emailRules,
    code: codeRules,
    password: passwordRules,
    check_password: confirmPasswordRules,
  });
  const { busy, onSubmit } = useSubmit(form, async (v) => {
    const values = { ...v, account: v.account.trim(), email: v.email.trim() };
    if (mode === 'register') onRegistered(await register(values));
    else {
      await resetPassword(values);
      notify.success('密码已重置，请使用新密码登陆');
      form.reset();
      onReset();
    }
  });
  return (
    <form id={form.id} className="oj-form" noValidate onSubmit={onSubmit}>
      <FormItem label="账号" {...form.item('account')}>
        <TextInput
          {...form.input('account')}
          size="large"
          prefix={<UserOutlined />}
          placeholder="4 到 20 位字母、数字或下划线"
          autoComplete="username"
        />
      </FormItem>
      <FormItem label="邮箱" {...form.item('email')}>
        <TextInput
          {...form.input('email')}
          type="email"
          size="large"
          prefix={<MailOutlined />}
          placeholder={mode === 'register' ? '用于接收验证码和找回密码' : '账号绑定的邮箱'}
          autoComplete="email"
        />
      </FormItem>
      <CodeItem form={form} />
      <FormItem label={mode === 'register' ? '密码' : '新密码'} {...form.item('password')}>
        <TextInput
          {...form.input('password')}
          type="password"
          size="large"
          prefix={<LockOutlined />}
          placeholder="至少 6 位"
          autoComplete="new-password"
        />
      </FormItem>
      <FormItem label="确认密码" {...form.item('check_password')}>
        <TextInput
          {...form.input('check_password')}
          type="password"
          size="large"
          prefix={<LockOutlined />}
          placeholder="再输入一次密码"
          autoComplete="new-password"
        />
      </FormItem>
      <Button type="primary" htmlType="submit" size="large" block loading={busy}>
        {mode === 'register' ? '注册' : '重置密码'}
      </Button>
    </form>
  );
}
