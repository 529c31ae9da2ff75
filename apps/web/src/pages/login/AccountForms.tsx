import { LockOutlined, MailOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import type { CurrentUser } from '../../lib/contract';
import { login, loginByEmail, register, resetPassword } from '../../api/users';
import SendCodeButton from './SendCodeButton';
import Button from '../../components/plain/Button';
import CredentialsForm from '../../components/CredentialsForm';
import { FormItem, InputGroup, TextField, TextInput } from '../../components/plain/Form';
import { useForm, useFormSubmit, type PlainForm } from '../../components/plain/useForm';
import { accountRules, codeRules, confirmPasswordRules, emailRules, passwordRules } from '../../lib/account';
import { notify } from '../../lib/notify';

export function PasswordLoginForm({ onLoggedIn }: { onLoggedIn(u: CurrentUser): void }) {
  return (
    <CredentialsForm
      id="password-login"
      submit={async (account, password) => onLoggedIn(await login(account, password))}
    />
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
  const { busy, onSubmit } = useFormSubmit(form, async (v) =>
    onLoggedIn(await loginByEmail({ email: v.email.trim(), code: v.code })),
  );
  return (
    <form id={form.id} className="oj-form" noValidate onSubmit={onSubmit}>
      <TextField
        form={form}
        name="email"
        label="邮箱"
        type="email"
        size="large"
        prefix={<MailOutlined />}
        placeholder="注册时填写的邮箱"
        autoComplete="email"
      />
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
  const { busy, onSubmit } = useFormSubmit(form, async (v) => {
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
      <TextField
        form={form}
        name="account"
        label="账号"
        size="large"
        prefix={<UserOutlined />}
        placeholder="4 到 20 位字母、数字或下划线"
        autoComplete="username"
      />
      <TextField
        form={form}
        name="email"
        label="邮箱"
        type="email"
        size="large"
        prefix={<MailOutlined />}
        placeholder={mode === 'register' ? '用于接收验证码和找回密码' : '账号绑定的邮箱'}
        autoComplete="email"
      />
      <CodeItem form={form} />
      <TextField
        form={form}
        name="password"
        label={mode === 'register' ? '密码' : '新密码'}
        type="password"
        size="large"
        prefix={<LockOutlined />}
        placeholder="至少 6 位"
        autoComplete="new-password"
      />
      <TextField
        form={form}
        name="check_password"
        label="确认密码"
        type="password"
        size="large"
        prefix={<LockOutlined />}
        placeholder="再输入一次密码"
        autoComplete="new-password"
      />
      <Button type="primary" htmlType="submit" size="large" block loading={busy}>
        {mode === 'register' ? '注册' : '重置密码'}
      </Button>
    </form>
  );
}
