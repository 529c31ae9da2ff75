import { useEffect, type ReactNode } from 'react';
import { ConfigProvider, message } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FALLBACK_IMAGE } from '../config';
import { setNotifier } from './notify';

dayjs.locale('zh-cn');

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/**
 * The one toast API of both sites (`notify` from lib/notify): antd's context-aware message hook,
 * handed to code outside React too. (antd's App component would also pull Modal and notification
 * into every first load.)
 */
function NotifierBridge() {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    setNotifier({
      success: (t) => void api.success(t),
      error: (t) => void api.error(t),
      warning: (t) => void api.warning(t),
    });
  }, [api]);
  return holder;
}

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
      <NotifierBridge />
      <ImageFallback />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
