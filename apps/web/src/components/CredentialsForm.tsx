import { LockOutlined, UserOutlined } from '@ant-design/icons';
import Button from './plain/Button';
import { TextField } from './plain/Form';
import type { FieldRule } from './plain/formRules';
import { useForm, useFormSubmit } from './plain/useForm';
import { loginAccountRules } from '../lib/account';

/**
 * An account and a password with one submit button: the user site's 密码登陆, and the management
 * site's login (its own labels, and what it does with a login the server accepts).
 */
export default function CredentialsForm({
  id,
  accountLabel = '账号',
  accountRules = loginAccountRules,
  submitText = '登陆',
  submit,
}: {
  id: string;
  accountLabel?: string;
  accountRules?: FieldRule[];
  submitText?: string;
  submit(account: string, password: string): Promise<void>;
}) {
  const form = useForm(id, ['account', 'password'], {
    account: accountRules,
    password: [{ required: true, message: '请输入密码' }],
  });
  const { busy, onSubmit } = useFormSubmit(form, (v) => submit(v.account.trim(), v.password));
  return (
    <form id={form.id} className="oj-form" noValidate onSubmit={onSubmit}>
      <TextField
        form={form}
        name="account"
        label={accountLabel}
        size="large"
        prefix={<UserOutlined />}
        placeholder="账号或邮箱"
        autoComplete="username"
      />
      <TextField
        form={form}
        name="password"
        label="密码"
        type="password"
        size="large"
        prefix={<LockOutlined />}
        placeholder="密码"
        autoComplete="current-password"
      />
      <Button type="primary" htmlType="submit" size="large" block loading={busy}>
        {submitText}
      </Button>
    </form>
  );
}
