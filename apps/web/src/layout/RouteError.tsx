import Result from '../components/plain/Result';
import Button from '../components/plain/Button';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a page throws while loading or rendering: a plain Chinese explanation and a way back. */
export default function RouteError() {
  const err = useRouteError();
  const detail = isRouteErrorResponse(err)
    ? `${err.status} ${err.statusText}`
    : err instanceof Error
      ? err.message
      : '';
  return (
    <Result
      status="error"
      title="页面出错了"
      subTitle={`很抱歉，页面加载时发生了错误，请刷新重试。${detail ? `（${detail}）` : ''}`}
      extra={
        <Button type="primary" onClick={() => window.location.assign('/home')}>
          返回首页
        </Button>
      }
    />
  );
}
