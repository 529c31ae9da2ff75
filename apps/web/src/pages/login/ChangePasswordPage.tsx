import { useState } from 'react';
import { Alert, Card, Form, Input } from 'antd';
import Button from '../../components/plain/Button';
import { useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_RULE } from '../../lib/contract';
import { changePassword } from '../../api/classes';
import { notify } from '../../lib/notify';
import { refreshCurrentUser, useUserStore } from '../../stores/user';

interface Values {
  old_password: string;
  password: string;
  check_password: string;
}

/**
 * /user/password: change one's password with the current one. A bulk account (classes) is sent
 * here before any other page until it has changed its initial password.
 */
export default function ChangePasswordPage() {
  const forced = useUserStore((s) => s.user.must_change_credential);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      await changePassword(v);
      notify.success('密码已修改');
      await refreshCurrentUser();
      const next = params.get('redirect');
      navigate(next && next.startsWith('/') && !next.startsWith('//') ? next : '/home', { replace: true });
    } catch {
      // The server's message was shown.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div style={{ maxWidth: 420, margin: '24px auto', padding: '0 12px' }}>
      <Card title="修改密码">
        {forced && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message="这是老师为你创建的账号，请先把初始密码改成只有你知道的新密码"
          />
        )}
        <Form<Values> layout="vertical" onFinish={(v) => void submit(v)}>
          <Form.Item
            name="old_password"
            label={forced ? '初始密码' : '当前密码'}
            rules={[{ required: true, message: '请输入当前密码' }]}
          >
            <Input.Password autoComplete="current-password" data-testid="old-password" />
          </Form.Item>
          <Form.Item
            name="password"
            label="新密码"
            rules={[
              { required: true, message: '请输入新密码' },
              {
                min: PASSWORD_RULE.min,
                max: PASSWORD_RULE.max,
                message: `密码长度为 ${PASSWORD_RULE.min} 到 ${PASSWORD_RULE.max} 个字符`,
              },
            ]}
          >
            <Input.Password autoComplete="new-password" data-testid="new-password" />
          </Form.Item>
          <Form.Item
            name="check_password"
            label="确认新密码"
            dependencies={['password']}
            rules={[
              { required: true, message: '请再次输入新密码' },
              ({ getFieldValue }) => ({
                validator: (_, value) =>
                  !value || getFieldValue('password') === value
                    ? Promise.resolve()
                    : Promise.reject(new Error('两次输入的密码不一致')),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" data-testid="check-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            修改密码
          </Button>
        </Form>
      </Card>
    </div>
  );
}
