import Alert from '../../components/plain/Alert';
import Button from '../../components/plain/Button';
import Panel from '../../components/Panel';
import { TextField } from '../../components/plain/Form';
import { useForm, useFormSubmit } from '../../components/plain/useForm';
import { useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_RULE } from '../../lib/contract';
import { changePassword } from '../../api/classes';
import { notify } from '../../lib/notify';
import { refreshCurrentUser, useUserStore } from '../../stores/user';

const NEW_PASSWORD_LENGTH = `密码长度为 ${PASSWORD_RULE.min} 到 ${PASSWORD_RULE.max} 个字符`;

/**
 * /user/password: change one's password with the current one. A bulk account (classes) is sent
 * here before any other page until it has changed its initial password.
 */
export default function ChangePasswordPage() {
  const forced = useUserStore((s) => s.user.must_change_credential);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const form = useForm('change-password', ['old_password', 'password', 'check_password'], {
    old_password: [{ required: true, message: '请输入当前密码' }],
    password: [
      { required: true, message: '请输入新密码' },
      { min: PASSWORD_RULE.min, max: PASSWORD_RULE.max, message: NEW_PASSWORD_LENGTH },
    ],
    check_password: [
      { required: true, message: '请再次输入新密码' },
      { sameAs: 'password', message: '两次输入的密码不一致' },
    ],
  });

  const { busy, onSubmit } = useFormSubmit(form, async (v) => {
    await changePassword(v);
    notify.success('密码已修改');
    await refreshCurrentUser();
    const next = params.get('redirect');
    navigate(next && next.startsWith('/') && !next.startsWith('//') ? next : '/home', { replace: true });
  });

  return (
    <div className="oj-change-password">
      <Panel title="修改密码">
        {forced && (
          <Alert
            type="warning"
            className="oj-change-password-forced"
            message="这是老师为你创建的账号，请先把初始密码改成只有你知道的新密码"
          />
        )}
        <form id={form.id} className="oj-form" noValidate onSubmit={onSubmit}>
          <TextField
            form={form}
            name="old_password"
            label={forced ? '初始密码' : '当前密码'}
            type="password"
            autoComplete="current-password"
            data-testid="old-password"
          />
          <TextField
            form={form}
            name="password"
            label="新密码"
            type="password"
            autoComplete="new-password"
            data-testid="new-password"
          />
          <TextField
            form={form}
            name="check_password"
            label="确认新密码"
            type="password"
            autoComplete="new-password"
            data-testid="check-password"
          />
          <Button type="primary" htmlType="submit" block loading={busy}>
            修改密码
          </Button>
        </form>
      </Panel>
    </div>
  );
}
