import { useEffect } from 'react';
import { Alert } from 'antd';
import Result from '../../components/plain/Result';
import Button from '../../components/plain/Button';
import { useNavigate, useSearchParams } from 'react-router';
import { clearBanned, wasBanned } from '../../lib/bannedNotice';
import { isLoggedIn, useUserStore } from '../../stores/user';

/** /404: unknown paths, banned users, and pages whose code could not be loaded (`?from=`). */
export default function NotFoundPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const from = params.get('from');
  // Only same-site paths may be offered back (the parameter comes from the address bar).
  const safeFrom = from && from.startsWith('/') && !from.startsWith('//') ? from : null;
  const loggedIn = isLoggedIn(useUserStore((s) => s.user));
  // The server ended this tab's session because the account was banned (api/http.ts): say so.
  const banned = !loggedIn && wasBanned();
  useEffect(() => {
    if (loggedIn) clearBanned();
  }, [loggedIn]);
  return (
    <div className="oj-container-narrow oj-panel">
      {banned && (
        <Alert
          type="error"
          showIcon
          message="你的账号已被封禁"
          description="封禁期间不能登陆和使用本站的功能。如有疑问，请联系管理员。"
          style={{ marginBottom: 16 }}
          data-testid="banned-notice"
        />
      )}
      <Result
        status="404"
        title="404"
        subTitle={
          safeFrom
            ? `页面 ${safeFrom} 的资源加载失败，可能是网站刚刚更新，请重新加载。`
            : '抱歉，你访问的页面不存在，或者你没有权限访问它。'
        }
        extra={[
          safeFrom && (
            <Button key="retry" onClick={() => window.location.assign(safeFrom)}>
              重新加载
            </Button>
          ),
          <Button type="primary" key="home" onClick={() => navigate('/home')}>
            返回首页
          </Button>,
        ]}
      />
    </div>
  );
}
