import Alert from '../../components/plain/Alert';
import Button from '../../components/plain/Button';
import { GithubOutlined, QqOutlined } from '@ant-design/icons';
import { useOAuthProviders } from '../../api/users-queries';

const PROVIDERS = {
  github: { label: 'GitHub 登陆', href: '/api/user/github/login', icon: <GithubOutlined /> },
  qq: { label: 'QQ 登陆', href: '/api/user/QQ/login', icon: <QqOutlined /> },
} as const;

/**
 * Third-party login (only the providers the server has configured), and the reason when a
 * provider sent the user back without a login (`?oauth_error=`, set by the server's callback).
 */
export default function OAuthLogin({ error }: { error: string | null }) {
  const providers = useOAuthProviders();
  const enabled = providers.data ?? [];
  return (
    <>
      {error && (
        <Alert type="error" className="oj-login-oauth-error" message="第三方登陆失败" description={error} />
      )}
      {enabled.length > 0 && (
        <>
          <div className="oj-divider-text">其他登陆方式</div>
          <div className="oj-login-providers">
            {enabled.map((name) => (
              <Button key={name} icon={PROVIDERS[name].icon} href={PROVIDERS[name].href}>
                {PROVIDERS[name].label}
              </Button>
            ))}
          </div>
        </>
      )}
    </>
  );
}
