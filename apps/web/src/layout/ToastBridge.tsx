import { useEffect } from 'react';
import { message } from 'antd';
import { setNotifier, type Notifier } from '../lib/notify';

export type PendingToast = [kind: keyof Notifier, text: string];

/**
 * The one toast API of both sites (`notify` from lib/notify): antd's context-aware message hook,
 * handed to code outside React too. Loaded after the first render (see Providers); toasts asked
 * for before that wait in `pending` and show once it is here.
 */
export default function ToastBridge({ pending }: { pending: PendingToast[] }) {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    const notifier: Notifier = {
      success: (t) => void api.success(t),
      error: (t) => void api.error(t),
      warning: (t) => void api.warning(t),
    };
    setNotifier(notifier);
    for (const [kind, text] of pending.splice(0)) notifier[kind](text);
  }, [api, pending]);
  return holder;
}
