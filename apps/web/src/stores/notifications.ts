import { useEffect } from 'react';
import { create } from 'zustand';
import { watchUnread } from '../api/notifications';

/** The signed-in user's unread notifications, kept live by the avatar menu's stream. */
interface UnreadState {
  count: number;
  setCount(count: number): void;
}

export const useUnreadStore = create<UnreadState>((set) => ({
  count: 0,
  setCount: (count) => set({ count }),
}));

/** Follows the unread count while `uuid` is signed in (one stream per tab); 0 otherwise. */
export function useUnreadFeed(uuid: number | null): void {
  const setCount = useUnreadStore((s) => s.setCount);
  useEffect(() => {
    setCount(0);
    if (uuid === null) return;
    return watchUnread(setCount);
  }, [uuid, setCount]);
}
