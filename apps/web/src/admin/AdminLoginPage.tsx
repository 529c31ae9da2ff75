import { useState, type FormEvent } from 'react';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import Alert from '../components/plain/Alert';
import Button from '../components/plain/Button';
import { FormItem, TextInput } from '../components/plain/Form';
import { useForm } from '../components/plain/useForm';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorCode, Role } from '../lib/contract';
import { ApiError } from '../api/errors';
import { PRODUCT_NAME } from '../config';
import { adminLogin } from '../api/users';
import { useUserStore } from '../stores/user';
import { notify } from '../lib/notify';
import { isTeacherPath } from './routes';

/**
 * The management site's own login: administrators, and teachers for their class problems (the server
 * refuses others too).
 */
export default function AdminLoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setUser = useUserStore((s) => s.setUser);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState(params.get('denied') === '1');
  const redirectTo = params.get('redirect');
  const target =
    redirectTo &&
    redirectTo.startsWith('/') &&
    !redirectTo.startsWith('//') &&
    !redirectTo.startsWith('/login')
      ? redirectTo
      : '/users';

  const form = useForm('admin-login', ['account', 'password'], {
    account: [{ required: true, message: '请输入管理员账号' }],
    password: [{ required: true, message: '请输入密码' }],
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const v = form.validate();
    if (!v || busy) return;
    setBusy(true);
    setRefused(false);
    try {
      const user = await adminLogin(v.account.trim(), v.password);
      // Teachers come in for their class problems (issue 27 part 3): 题目管理 only.
      const teacher = user.role === Role.User && user.teacher;
      if (user.role !== Role.Admin && !teacher) {
        setRefused(true);
        return;
      }
      setUser(user);
      notify.success('登陆成功');
      navigate(teacher && !isTeacherPath(target) ? '/problems' : target, { replace: true });
    } catch (err) {
      // The client toasted the server's reason; a valid non-admin login also gets the explanation box.
      if (err instanceof ApiError && err.code === ErrorCode.Forbidden) setRefused(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="adm-login">
      <section className="oj-card adm-login-card">
        <h1 className="adm-login-title">{PRODUCT_NAME} 管理中心</h1>
        {refused && (
          <Alert
            type="error"
            className="adm-login-refused"
            message="没有管理权限"
            description="管理中心只对管理员和教师开放，当前账号两者都不是。请使用管理员或教师账号登陆。"
          />
        )}
        <form id={form.id} className="oj-form" noValidate onSubmit={(e) => void onSubmit(e)}>
          <FormItem label="管理员账号" {...form.item('account')}>
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
            登陆管理中心
          </Button>
        </form>
        <a className="adm-login-home" href="/">
          返回网站首页
        </a>
      </section>
    </div>
  );
}
