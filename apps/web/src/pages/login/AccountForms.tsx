import { useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { LockOutlined, MailOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import type { CurrentUser } from '../../lib/contract';
import { login, loginByEmail, register, resetPassword, type PlainRegisterForm } from '../../api/users';
import SendCodeButton from './SendCodeButton';
import {
  accountRules,
  checkPasswordRules,
  codeRules,
  emailRules,
  loginAccountRules,
  passwordRules,
} from '../../lib/account';
import { notify } from '../../lib/notify';

/** Runs a submit handler with the button's loading state; failures were already toasted by the client. */
function useSubmit<T>(fn: (values: T) => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const onFinish = async (values: T) => {
    setBusy(true);
    try {
      await fn(values);
    } catch {
      // toasted by the API client
    } finally {
      setBusy(false);
    }
  };
  return { busy, onFinish };
}

export function PasswordLoginForm({ onLoggedIn }: { onLoggedIn(u: CurrentUser): void }) {
  const { busy, onFinish } = useSubmit(async (v: { account: string; password: string }) =>
    onLoggedIn(await login(v.account.trim(), v.password)),
  );
  return (
    <Form layout="vertical" onFinish={onFinish} size="large" name="password-login">
      <Form.Item name="account" label="账号" rules={loginAccountRules}>
        <Input prefix={<UserOutlined />} placeholder="账号或邮箱" autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        登陆
      </Button>
    </Form>
  );
}

export function EmailLoginForm({ onLoggedIn }: { onLoggedIn(u: CurrentUser): void }) {
  const [form] = Form.useForm();
  const { busy, onFinish } = useSubmit(async (v: { email: string; code: string }) =>
    onLoggedIn(await loginByEmail({ email: v.email.trim(), code: v.code })),
  );
  return (
    <Form form={form} layout="vertical" onFinish={onFinish} size="large" name="email-login">
      <Form.Item name="email" label="邮箱" rules={emailRules}>
        <Input prefix={<MailOutlined />} placeholder="注册时填写的邮箱" autoComplete="email" />
      </Form.Item>
      <Form.Item label="验证码" required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" rules={codeRules} noStyle>
            <Input prefix={<SafetyOutlined />} placeholder="6 位验证码" maxLength={6} />
          </Form.Item>
          <SendCodeButton form={form} />
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        登陆
      </Button>
    </Form>
  );
}

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
  const [form] = Form.useForm();
  const { busy, onFinish } = useSubmit(async (v: PlainRegisterForm) => {
    const values = { ...v, account: v.account.trim(), email: v.email.trim() };
    if (mode === 'register') onRegistered(await register(values));
    else {
      await resetPassword(values);
      notify.success('密码已重置，请使用新密码登陆');
      form.resetFields();
      onReset();
    }
  });
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={onFinish}
      size="large"
      name={mode === 'register' ? 'register' : 'reset-password'}
    >
      <Form.Item name="account" label="账号" rules={accountRules}>
        <Input prefix={<UserOutlined />} placeholder="4 到 20 位字母、数字或下划线" autoComplete="username" />
      </Form.Item>
      <Form.Item name="email" label="邮箱" rules={emailRules}>
        <Input
          prefix={<MailOutlined />}
          placeholder={mode === 'register' ? '用于接收验证码和找回密码' : '账号绑定的邮箱'}
          autoComplete="email"
        />
      </Form.Item>
      <Form.Item label="验证码" required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" rules={codeRules} noStyle>
            <Input prefix={<SafetyOutlined />} placeholder="6 位验证码" maxLength={6} />
          </Form.Item>
          <SendCodeButton form={form} />
        </Space.Compact>
      </Form.Item>
      <Form.Item name="password" label={mode === 'register' ? '密码' : '新密码'} rules={passwordRules}>
        <Input.Password prefix={<LockOutlined />} placeholder="至少 6 位" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="check_password"
        label="确认密码"
        dependencies={['password']}
        rules={checkPasswordRules}
      >
        <Input.Password prefix={<LockOutlined />} placeholder="再输入一次密码" autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        {mode === 'register' ? '注册' : '重置密码'}
      </Button>
    </Form>
  );
}
