import { useSyncExternalStore } from 'react';

/** Below antd's `md` breakpoint (768 px): the screens on which pinColumns pins a list's key columns. */
const NARROW = '(max-width: 767.98px)';

const query = () => window.matchMedia(NARROW);
const subscribe = (changed: () => void) => {
  const q = query();
  q.addEventListener('change', changed);
  return () => q.removeEventListener('change', changed);
};

/**
 * Whether the screen is narrower than a tablet, kept up to date. The same answer as
 * `Grid.useBreakpoint().md === false`, without antd's responsive observer in a list's first load.
 */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query().matches,
    () => false,
  );
}
