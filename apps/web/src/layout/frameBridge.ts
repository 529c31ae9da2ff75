import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Message a framed page posts to its parent when its route changes (SPEC §2 embedded frames). */
export interface RouteChangeMessage {
  type: 'oj:route-change';
  path: string;
}

export const isRouteChangeMessage = (data: unknown): data is RouteChangeMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as RouteChangeMessage).type === 'oj:route-change' &&
  typeof (data as RouteChangeMessage).path === 'string' &&
  (data as RouteChangeMessage).path.startsWith('/') &&
  !(data as RouteChangeMessage).path.startsWith('//');

/**
 * SPEC §2: inside a frame, navigation is posted to the parent; a parent page updates its address from
 * its frames' messages. Same origin only: another site framing us learns nothing, and no other site
 * can move our address bar.
 */
export function useFrameBridge() {
  const location = useLocation();
  const path = location.pathname + location.search + location.hash;

  useEffect(() => {
    if (window.parent === window) return;
    const message: RouteChangeMessage = { type: 'oj:route-change', path };
    window.parent.postMessage(message, window.location.origin);
  }, [path]);

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || e.source === window || !isRouteChangeMessage(e.data)) return;
      // Only the address changes: the parent keeps showing the page that holds the frame.
      window.history.replaceState(window.history.state, '', e.data.path);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
}
