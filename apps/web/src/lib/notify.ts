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

export const notify: Notifier = {
  success: (t) => current.success(t),
  error: (t) => current.error(t),
  warning: (t) => current.warning(t),
};
