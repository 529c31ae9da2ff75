import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FALLBACK_IMAGE } from '../config';
import { setNotifier } from './notify';
import { lazyScoped } from './antdScope';
import type { PendingToast } from '../layout/ToastBridge';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

// Toasts (antd's message and notification, ~9 KB brotli) are not needed to draw a page, and most
// visits show none: the bridge loads at the first toast asked for, or earlier at the reader's first
// click or key press (so a toast that answers an action is not held up by the download). Toasts
// asked for before it is here wait in `pendingToasts`.
const pendingToasts: PendingToast[] = [];
let toastsWanted = false;
let onToastsWanted: (() => void) | null = null;
function wantToasts() {
  toastsWanted = true;
  onToastsWanted?.();
}
const queueToast = (kind: PendingToast[0]) => (text: string) => {
  pendingToasts.push([kind, text]);
  wantToasts();
};
setNotifier({ success: queueToast('success'), error: queueToast('error'), warning: queueToast('warning') });
// Above the routers, so no error page would catch a failed download: render nothing instead.
const ToastBridge = lazyScoped<ComponentType<{ pending: PendingToast[] }>>(() =>
  import('../layout/ToastBridge').catch(() => ({ default: () => null })),
);

/** Renders the toast bridge once toasts are wanted (see above). */
function LazyToasts() {
  const [wanted, setWanted] = useState(toastsWanted);
  useEffect(() => {
    onToastsWanted = () => setWanted(true);
    if (toastsWanted) setWanted(true);
    const events = ['pointerdown', 'keydown'] as const;
    const onFirstInput = () => {
      for (const e of events) window.removeEventListener(e, onFirstInput, true);
      wantToasts();
    };
    for (const e of events) window.addEventListener(e, onFirstInput, true);
    return () => {
      onToastsWanted = null;
      for (const e of events) window.removeEventListener(e, onFirstInput, true);
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastBridge pending={pendingToasts} />
    </Suspense>
  );
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

/**
 * Everything both sites wrap their pages in: toasts, server-state cache. antd's provider (Chinese
 * locale, theme) wraps only what uses antd (lib/antdScope.tsx).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <>
      <LazyToasts />
      <ImageFallback />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </>
  );
}
