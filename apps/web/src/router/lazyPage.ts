import type { ComponentType } from 'react';
import { currentFullPath } from '../lib/navigate';
import { withAntdScope } from '../lib/antdScope';

/** Browsers word a failed dynamic import differently; all of them mean "the chunk is gone" (e.g. after a deploy). */
export function isChunkLoadError(err: unknown): boolean {
  const text = err instanceof Error ? `${err.name} ${err.message}` : String(err);
  return /failed to fetch dynamically imported module|error loading dynamically imported module|importing a module script failed|ChunkLoadError/i.test(
    text,
  );
}

/** SPEC §8: a page chunk that cannot be loaded sends the browser to /404?from=<current path>. */
export function goToChunkErrorPage() {
  window.location.assign(`/404?from=${encodeURIComponent(currentFullPath())}`);
}

/**
 * A route `lazy` definition for a page module whose default export is the page component. The object
 * form (only `Component` is lazy) lets the router run the loaders of the navigation — the current
 * user's refresh, a page's data preload (router/preload.ts) — while the page chunk downloads; with a
 * `lazy` function it waits for every chunk first (on a slow link, seconds).
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return {
    Component: async (): Promise<ComponentType> => {
      try {
        return withAntdScope((await load()).default); // antd's provider if the page uses antd
      } catch (err) {
        if (isChunkLoadError(err)) {
          goToChunkErrorPage();
          return new Promise<never>(() => {}); // the page is being replaced; render nothing meanwhile
        }
        throw err;
      }
    },
  };
}
