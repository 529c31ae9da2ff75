import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
// The ES module of the locale: `antd/locale/zh_CN` is CommonJS, with interop code (0.4 KB gzip more).
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FALLBACK_IMAGE } from '../config';
import { setNotifier } from './notify';
import type { PendingToast } from '../layout/ToastBridge';

dayjs.locale('zh-cn');

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

// Toasts (antd's message and notification, ~8 KB gzip) are not needed to draw the first page: the
// bridge loads right after the first render, and toasts asked for before that wait for it.
const pendingToasts: PendingToast[] = [];
setNotifier({
  success: (t) => void pendingToasts.push(['success', t]),
  error: (t) => void pendingToasts.push(['error', t]),
  warning: (t) => void pendingToasts.push(['warning', t]),
});
// Above the routers, so no error page would catch a failed download: render nothing instead.
const ToastBridge = lazy<ComponentType<{ pending: PendingToast[] }>>(() =>
  import('../layout/ToastBridge').catch(() => ({ default: () => null })),
);

/** SPEC §9: an image that fails to load shows the fallback picture (one listener for every <img>). */
function ImageFallback() {
  useEffect(() => {
    const onError = (e: Event) => {
      const img = e.target;
      if (img instanceof HTMLImageElement && img.src !== FALLBACK_IMAGE) img.src = FALLBACK_IMAGE;
    };
    document.addEventListener('error', onError, true); // error events do not bubble: capture them
    return () => document.removeEventListener('error', onError, true);
  }, []);
  return null;
}

/** Everything both sites wrap their pages in: Chinese locale, theme, toasts, server-state cache. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider
      locale={zhCN}
      button={{ autoInsertSpace: false }}
      theme={{ token: { colorPrimary: '#1677ff', borderRadius: 8 } }}
    >
      <Suspense fallback={null}>
        <ToastBridge pending={pendingToasts} />
      </Suspense>
      <ImageFallback />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
