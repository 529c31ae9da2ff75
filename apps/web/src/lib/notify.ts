/**
 * Toasts from code that lives outside React (the API client). The root component registers antd's
 * context-aware message API here (App.useApp), so toasts follow the theme and locale.
 */
export interface Notifier {
  success(text: string): void;
  error(text: string): void;
  warning(text: string): void;
}

let current: Notifier = {
  success: (t) => console.info(t),
  error: (t) => console.error(t),
  warning: (t) => console.warn(t),
};

export function setNotifier(n: Notifier) {
  current = n;
}

let markShown: () => void = () => {};
const shown = new Promise<void>((resolve) => (markShown = resolve));

/** Called by the toast bridge once toasts reach the screen (it loads after the first render). */
export function markToastsOnScreen() {
  markShown();
}

/**
 * Resolves when toasts show on screen, or after `capMs` (a failed download of the bridge must not
 * hold the caller). A toast that is followed by a full reload (logging out) waits for this first,
 * or on a slow line the reload would come before the toast.
 */
export function toastsOnScreen(capMs = 3000): Promise<void> {
  return Promise.race([shown, new Promise<void>((resolve) => setTimeout(resolve, capMs))]);
}

/** The same toast asked for again within this time is shown once (SPEC §8: one failure, one toast). */
export const TOAST_DEDUPE_MS = 2000;
const lastShown = new Map<string, number>();

/**
 * True when this toast should show: not the same kind and text as one shown less than
 * TOAST_DEDUPE_MS ago. Two paths reporting one failure (the API client and a page) give one toast.
 */
export function firstWithinWindow(kind: keyof Notifier, text: string, now = Date.now()): boolean {
  const key = `${kind}\u0000${text}`;
  const last = lastShown.get(key);
  if (last !== undefined && now - last < TOAST_DEDUPE_MS) return false;
  lastShown.set(key, now);
  if (lastShown.size > 50)
    for (const [k, t] of lastShown) if (now - t >= TOAST_DEDUPE_MS) lastShown.delete(k);
  return true;
}

export const notify: Notifier = {
  success: (t) => void (firstWithinWindow('success', t) && current.success(t)),
  error: (t) => void (firstWithinWindow('error', t) && current.error(t)),
  warning: (t) => void (firstWithinWindow('warning', t) && current.warning(t)),
};
