import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { CurrentUser } from '../../lib/contract';
import { PRODUCT_NAME } from '../../config';
import { isLoggedIn, useUserStore } from '../../stores/user';
import { EmailLoginForm, PasswordLoginForm, RegisterForm } from './AccountForms';
import { loginReason, safeRedirect } from '../../lib/account';
import OAuthLogin from './OAuthLogin';
import { notify } from '../../lib/notify';
import Alert from '../../components/plain/Alert';
import TabBar from '../../components/plain/TabBar';

const TABS = [
  { key: 'password', label: '密码登陆' },
  { key: 'email', label: '邮箱登陆' },
  { key: 'register', label: '注册' },
  { key: 'reset', label: '找回密码' },
];

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

  const panes: Record<string, ReactNode> = {
    password: <PasswordLoginForm onLoggedIn={(u) => onLoggedIn(u)} />,
    email: <EmailLoginForm onLoggedIn={(u) => onLoggedIn(u)} />,
    register: (
      <RegisterForm
        mode="register"
        onRegistered={(u) => onLoggedIn(u, '注册成功，欢迎加入！')}
        onReset={() => setTab('password')}
      />
    ),
    reset: (
      <RegisterForm mode="reset" onRegistered={(u) => onLoggedIn(u)} onReset={() => setTab('password')} />
    ),
  };
  const active = panes[tab] ? tab : 'password';
  // A pane stays mounted once opened (hidden when another is shown), so what was typed survives a
  // look at another tab, as with antd's Tabs.
  const [opened, setOpened] = useState(() => new Set([active]));
  if (!opened.has(active)) setOpened(new Set([...opened, active]));

  return (
    <div className="oj-login-wrap">
      <section className="oj-card oj-login-card">
        <h1 className="oj-login-title">{PRODUCT_NAME}</h1>
        {reason && <Alert message={reason} className="oj-login-reason" data-testid="login-reason" />}
        <TabBar
          items={TABS}
          activeKey={active}
          onChange={setTab}
          className="oj-login-tabs"
          aria-label="登陆方式"
        />
        {TABS.filter((t) => opened.has(t.key)).map((t) => (
          <div key={t.key} role="tabpanel" aria-label={t.label} hidden={t.key !== active}>
            {panes[t.key]}
          </div>
        ))}
        <OAuthLogin error={params.get('oauth_error')} />
      </section>
    </div>
  );
}
