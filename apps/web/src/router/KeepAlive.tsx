import { createContext, useContext, useRef, type ReactElement } from 'react';
import { useLocation, useOutlet } from 'react-router';

/** How many kept pages stay mounted; the least recently shown one beyond this is unmounted. */
export const KEEP_ALIVE_LIMIT = 3;

/**
 * Routes whose page stays mounted (hidden) when the user navigates elsewhere, keyed so that each
 * problem has its own instance: SPEC §2 keeps the solving page alive.
 */
const KEPT: RegExp[] = [/^\/problems\/algorithm\/(\d+)\/?$/];

export function keepAliveKey(pathname: string): string | null {
  for (const re of KEPT) {
    const m = re.exec(pathname);
    if (m) return m[0].replace(/\/$/, '');
  }
  return null;
}

/** Least recently shown first; `key` moves to the end. Answers the keys to drop. */
export function touchKept<T>(
  cache: Map<string, T>,
  key: string,
  value: T,
  limit = KEEP_ALIVE_LIMIT,
): string[] {
  cache.delete(key);
  cache.set(key, value);
  const evicted: string[] = [];
  for (const k of cache.keys()) {
    if (cache.size - evicted.length <= limit) break;
    evicted.push(k);
  }
  for (const k of evicted) cache.delete(k);
  return evicted;
}

const ActiveContext = createContext(true);

/**
 * Whether the page is the one on screen. A kept page that is hidden gets false: it must not set
 * the title, listen to the window, hold streams or take the focus until it is shown again.
 */
export const usePageActive = () => useContext(ActiveContext);

/**
 * The root layout's outlet: ordinary pages render as before (remounted, cross-faded, per path);
 * kept pages render in their own slot that is hidden (display: none, inert) instead of unmounted
 * while another route is shown. The hidden slots keep the route element they were last shown
 * with, so their params stay theirs.
 */
export default function KeepAliveOutlet() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const cache = useRef(new Map<string, ReactElement | null>()).current;
  const activeKey = keepAliveKey(pathname);
  if (activeKey) touchKept(cache, activeKey, outlet);
  // Sorted by key, not by recency: a slot must not move in the tree, or React would remount it.
  const slots = [...cache.keys()].sort();
  return (
    <>
      {slots.map((key) => {
        const active = key === activeKey;
        return (
          <div key={key} hidden={!active} inert={!active} data-keep-alive={key}>
            <ActiveContext.Provider value={active}>{active ? outlet : cache.get(key)}</ActiveContext.Provider>
          </div>
        );
      })}
      {!activeKey && (
        <div key={pathname} className="oj-page-fade">
          {outlet}
        </div>
      )}
    </>
  );
}
