import { useEffect } from 'react';
import { message } from 'antd';
import { markToastsOnScreen, setNotifier, type Notifier } from '../lib/notify';

/** SPEC §8: notification titles, as written there. */
const TITLES: Record<keyof Notifier, string> = { success: 'Success', error: 'Error', warning: 'Warning' };
/** SPEC §9: 3000 ms through the helper. */
const TOAST_SECONDS = 3;

export type PendingToast = [kind: keyof Notifier, text: string];

/**
 * The one toast API of both sites (`notify` from lib/notify): antd's context-aware message hook,
 * handed to code outside React too. Loaded after the first render (see Providers); toasts asked
 * for before that wait in `pending` and show once it is here.
 */
export default function ToastBridge({ pending }: { pending: PendingToast[] }) {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    const show = (type: keyof Notifier, text: string) =>
      void api.open({
        type,
        duration: TOAST_SECONDS,
        content: (
          <span className="oj-toast">
            <strong className="oj-toast-title">{TITLES[type]}</strong>
            <span className="oj-toast-text">{text}</span>
          </span>
        ),
      });
    const notifier: Notifier = {
      success: (t) => show('success', t),
      error: (t) => show('error', t),
      warning: (t) => show('warning', t),
    };
    setNotifier(notifier);
    for (const [kind, text] of pending.splice(0)) notifier[kind](text);
    markToastsOnScreen();
  }, [api, pending]);
  return holder;
}
