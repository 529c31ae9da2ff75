/**
 * Navigation from outside React (API client, chunk-load failures). The router registers its
 * navigate function; before that, and for full reloads, the browser location is used.
 */
let routerNavigate: ((to: string) => void) | null = null;

export function setRouterNavigate(fn: ((to: string) => void) | null) {
  routerNavigate = fn;
}

export function goTo(to: string) {
  if (routerNavigate) routerNavigate(to);
  else window.location.assign(to);
}

export function currentFullPath(): string {
  return window.location.pathname + window.location.search + window.location.hash;
}
