import { Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { CurrentUser } from '../lib/contract';
import { likelySignedIn, settledCurrentUser } from '../stores/user';
import { combineMeta, guardRedirect, type RouteMeta } from './guard';
import { lazyScoped } from '../lib/antdScope';

type LoadComponent = () => Promise<ComponentType>;

/**
 * The router asks for a route's page chunk at the same time as it runs the loaders, and waits for
 * both before it follows a loader's redirect: a visitor who opened /class downloaded the class page
 * (~170 KB) only to be sent to the login page. For a page a visitor may not see, the chunk is asked
 * for at once only when the user is likely signed in (see likelySignedIn); otherwise the
 * navigation's own answer about the user is awaited first, and a barred user gets a stand-in that
 * loads the page only if it is ever drawn (after signing in without a reload, say). The router keeps
 * whatever the lazy `Component` answers for the rest of the visit, hence the stand-in and not nothing.
 */
export function holdWhileBarred(load: LoadComponent, barred: (user: CurrentUser) => boolean): LoadComponent {
  return async () => {
    if (likelySignedIn()) return load();
    // The loaders of this navigation start after this function (same task): let the guard's loader
    // start its refresh of the user, then wait for its answer instead of asking twice.
    await new Promise((resolve) => setTimeout(resolve, 0));
    return barred(await settledCurrentUser()) ? drawnOnDemand(load) : load();
  };
}

/**
 * Applies holdWhileBarred to the routes (and their children) for which `barred` answers a rule;
 * the user site's: every route whose access rule (SPEC §6) sends someone elsewhere.
 */
export function holdBarredPages(
  routes: RouteObject[],
  barred: (route: RouteObject) => ((user: CurrentUser) => boolean) | null = byAccessRule,
): RouteObject[] {
  for (const route of routes) {
    if (route.children) holdBarredPages(route.children, barred);
    const load =
      typeof route.lazy === 'object' ? (route.lazy.Component as LoadComponent | undefined) : undefined;
    const rule = load ? barred(route) : null;
    if (load && rule) (route.lazy as { Component: LoadComponent }).Component = holdWhileBarred(load, rule);
  }
  return routes;
}

function byAccessRule(route: RouteObject) {
  const required = combineMeta([route.handle as RouteMeta | undefined]);
  if (required.access === 0 && required.role === undefined) return null;
  return (user: CurrentUser) => guardRedirect(required, user, '') !== null;
}

/** A component that downloads the page when first drawn. */
function drawnOnDemand(load: LoadComponent): ComponentType {
  const Page = lazyScoped(async () => ({ default: await load() }));
  return function PageOnDemand() {
    return (
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    );
  };
}
