import { useState } from 'react';
import Alert from '../components/plain/Alert';
import CredentialsForm from '../components/CredentialsForm';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorCode, Role } from '../lib/contract';
import { ApiError } from '../api/errors';
import { PRODUCT_NAME } from '../config';
import { adminLogin } from '../api/users';
import { useUserStore } from '../stores/user';
import { notify } from '../lib/notify';
import { isTeacherPath } from './routes';

const ADMIN_ACCOUNT_RULES = [{ required: true, message: '请输入管理员账号' }];

/**
 * The management site's own login: administrators, and teachers for their class problems (the server
 * refuses others too).
 */
export default function AdminLoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setUser = useUserStore((s) => s.setUser);
  const [refused, setRefused] = useState(params.get('denied') === '1');
  const redirectTo = params.get('redirect');
  const target =
    redirectTo &&
    redirectTo.startsWith('/') &&
    !redirectTo.startsWith('//') &&
    !redirectTo.startsWith('/login')
      ? redirectTo
      : '/users';

  const submit = async (account: string, password: string) => {
    setRefused(false);
    try {
      const user = await adminLogin(account, password);
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
        <CredentialsForm
          id="admin-login"
          accountLabel="管理员账号"
          accountRules={ADMIN_ACCOUNT_RULES}
          submitText="登陆管理中心"
          submit={submit}
        />
        <a className="adm-login-home" href="/">
          返回网站首页
        </a>
      </section>
    </div>
  );
}
