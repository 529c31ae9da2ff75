import { create } from 'zustand';
import { ANONYMOUS_USER, Role, type CurrentUser } from '../lib/contract';
import { fetchCurrentUser } from '../api/users';

/** SPEC §7: when the current user cannot be had, the site works with the blank ANONYMOUS_USER. */
interface UserState {
  user: CurrentUser;
  setUser(user: CurrentUser): void;
  clear(): void;
}

export const useUserStore = create<UserState>((set) => ({
  user: ANONYMOUS_USER,
  setUser: (user) => set({ user }),
  clear: () => set({ user: ANONYMOUS_USER }),
}));

export const isLoggedIn = (u: CurrentUser) => u.uuid !== -1 && u.role !== Role.NotLogin;

/** SPEC §4: refreshed from the server before every navigation; any failure means "not logged in". */
export async function refreshCurrentUser(): Promise<CurrentUser> {
  let user: CurrentUser;
  try {
    user = (await fetchCurrentUser()) ?? ANONYMOUS_USER;
  } catch {
    user = ANONYMOUS_USER;
  }
  const state = useUserStore.getState();
  // Keep the same object when nothing changed, so a navigation does not re-render every subscriber.
  if (JSON.stringify(state.user) !== JSON.stringify(user)) state.setUser(user);
  return useUserStore.getState().user;
}
