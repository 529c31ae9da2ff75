import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { likelySignedIn, settledCurrentUser } from '../stores/user';
import { combineMeta, guardRedirect, type RouteMeta } from './guard';

type LoadComponent = () => Promise<ComponentType>;

/**
 * The router asks for a route's page chunk at the same time as it runs the loaders, and waits for
 * both before it follows the root loader's redirect: a visitor who opens /class downloaded the class
 * page (~170 KB) only to be sent to the login page. For a route that needs sign-in, the chunk is
 * asked for at once only when the user is likely signed in (see likelySignedIn); otherwise the
 * navigation's own answer about the user is awaited first, and a barred user gets a stand-in that
 * loads the page only if it is ever drawn (after signing in without a reload, say). The router keeps
 * whatever the lazy `Component` answers for the rest of the visit, hence the stand-in and not nothing.
 */
export function holdBarredPages(routes: RouteObject[]): RouteObject[] {
  for (const route of routes) {
    const required = combineMeta([route.handle as RouteMeta | undefined]);
    const load =
      typeof route.lazy === 'object' ? (route.lazy.Component as LoadComponent | undefined) : undefined;
    if (!load || (required.access === 0 && required.role === undefined)) continue;
    (route.lazy as { Component: LoadComponent }).Component = async () => {
      if (likelySignedIn()) return load();
      // The loaders of this navigation start after this function (same task): let the root loader
      // start its refresh of the user, then wait for its answer instead of asking twice.
      await new Promise((resolve) => setTimeout(resolve, 0));
      const user = await settledCurrentUser();
      return guardRedirect(required, user, '') === null ? load() : drawnOnDemand(load);
    };
  }
  return routes;
}

/** A component that downloads the page when first drawn. */
function drawnOnDemand(load: LoadComponent): ComponentType {
  const Page = lazy(async () => ({ default: await load() }));
  return function PageOnDemand() {
    return (
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    );
  };
}
