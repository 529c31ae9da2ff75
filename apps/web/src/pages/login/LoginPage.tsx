import { useEffect, useState } from 'react';
import { Alert, Card, Tabs, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import type { CurrentUser } from '../../lib/contract';
import { PRODUCT_NAME } from '../../config';
import { isLoggedIn, useUserStore } from '../../stores/user';
import { EmailLoginForm, PasswordLoginForm, RegisterForm } from './AccountForms';
import { loginReason, safeRedirect } from '../../lib/account';
import OAuthLogin from './OAuthLogin';
import { notify } from '../../lib/notify';

/** /user/login (登陆/注册): password login, email-code login, registration, password reset. */
export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const user = useUserStore((s) => s.user);
  const setUser = useUserStore((s) => s.setUser);
  const [tab, setTab] = useState(params.get('tab') ?? 'password');
  const target = safeRedirect(params.get('redirect'));
  const reason = loginReason(params.get('reason'), params.get('redirect'));

  // Someone already logged in has nothing to do here. Keyed on the boolean, not the user object:
  // the navigation refreshes the user, and a new object must not start another navigation.
  const loggedIn = isLoggedIn(user);
  useEffect(() => {
    if (loggedIn) navigate(target, { replace: true });
  }, [loggedIn, target, navigate]);

  const onLoggedIn = (u: CurrentUser, text = '登陆成功') => {
    notify.success(text);
    setUser(u);
  };

  return (
    <div className="oj-login-wrap">
      <Card>
        <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
          {PRODUCT_NAME}
        </Typography.Title>
        {reason && <Alert type="info" showIcon message={reason} style={{ marginBottom: 12 }} data-testid="login-reason" />}
        <Tabs
          activeKey={tab}
          onChange={setTab}
          centered
          items={[
            {
              key: 'password',
              label: '密码登陆',
              children: <PasswordLoginForm onLoggedIn={(u) => onLoggedIn(u)} />,
            },
            {
              key: 'email',
              label: '邮箱登陆',
              children: <EmailLoginForm onLoggedIn={(u) => onLoggedIn(u)} />,
            },
            {
              key: 'register',
              label: '注册',
              children: (
                <RegisterForm
                  mode="register"
                  onRegistered={(u) => onLoggedIn(u, '注册成功，欢迎加入！')}
                  onReset={() => setTab('password')}
                />
              ),
            },
            {
              key: 'reset',
              label: '找回密码',
              children: (
                <RegisterForm
                  mode="reset"
                  onRegistered={(u) => onLoggedIn(u)}
                  onReset={() => setTab('password')}
                />
              ),
            },
          ]}
        />
        <OAuthLogin error={params.get('oauth_error')} />
      </Card>
    </div>
  );
}
