import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
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

  const onFinish = async (v: { account: string; password: string }) => {
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
      <Card style={{ width: 400 }}>
        <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
          {PRODUCT_NAME} 管理中心
        </Typography.Title>
        {refused && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            message="没有管理权限"
            description="管理中心只对管理员和教师开放，当前账号两者都不是。请使用管理员或教师账号登陆。"
          />
        )}
        <Form layout="vertical" size="large" onFinish={onFinish} name="admin-login">
          <Form.Item
            name="account"
            label="管理员账号"
            rules={[{ required: true, message: '请输入管理员账号' }]}
          >
            <Input prefix={<UserOutlined />} placeholder="账号或邮箱" autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            登陆管理中心
          </Button>
        </Form>
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          <Typography.Link href="/">返回网站首页</Typography.Link>
        </div>
      </Card>
    </div>
  );
}
