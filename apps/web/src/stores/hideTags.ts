import { create } from 'zustand';
import { saveUserSettings } from '../api/users';
import { STORAGE_KEYS } from '../config';
import { isLoggedIn, useUserStore } from './user';

/**
 * 隐藏算法标签 (issue 29): tags spoil the method, so a user may hide the algorithm tags on the bank and
 * the problem page. Off by default. A signed-in user's choice is stored with the account (it follows
 * them to another browser); an anonymous visitor's in this browser's localStorage.
 */
function readLocal(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.hideTags) === 'true';
  } catch {
    return false;
  }
}

const useLocalHideTags = create<{ hidden: boolean; set(hidden: boolean): void }>((set) => ({
  hidden: readLocal(),
  set: (hidden) => {
    try {
      localStorage.setItem(STORAGE_KEYS.hideTags, String(hidden));
    } catch {
      // private mode: the choice lasts for this page only
    }
    set({ hidden });
  },
}));

/** Whether the algorithm tags are hidden, and how to change it. */
export function useHideTags(): [boolean, (hidden: boolean) => Promise<void>] {
  const user = useUserStore((s) => s.user);
  const local = useLocalHideTags();
  const signedIn = isLoggedIn(user);
  const change = async (hidden: boolean) => {
    if (!signedIn) return local.set(hidden);
    useUserStore.getState().setUser({ ...user, hide_tags: hidden }); // at once; the server confirms
    try {
      useUserStore.getState().setUser(await saveUserSettings({ hide_tags: hidden }));
    } catch {
      useUserStore.getState().setUser({ ...user, hide_tags: !hidden });
    }
  };
  return [signedIn ? user.hide_tags : local.hidden, change];
}
