import { Suspense } from 'react';
import { lazyScoped } from '../lib/antdScope';

// The error page (antd Result with its illustrations) is rarely needed: keep it out of the first load.
const RouteError = lazyScoped(() => import('./RouteError'));

export default function LazyRouteError() {
  return (
    <Suspense
      fallback={<div style={{ padding: 48, textAlign: 'center' }}>页面出错了，正在加载错误信息…</div>}
    >
      <RouteError />
    </Suspense>
  );
}
