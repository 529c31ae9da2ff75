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

/** Set after each refresh: whether this browser was signed in last time (read before the first answer). */
const SIGNED_IN_HINT = 'oj-signed-in';
let lastRefresh: Promise<CurrentUser> | null = null;
let refreshedOnce = false;

/**
 * A guess of the current user before this navigation's refresh answers: the store once a refresh has
 * answered, else the hint the last visit left. Good enough to decide whether to start downloading a
 * page that only signed-in users see; the guard itself waits for the real answer.
 */
export function likelySignedIn(): boolean {
  if (refreshedOnce) return isLoggedIn(useUserStore.getState().user);
  try {
    return localStorage.getItem(SIGNED_IN_HINT) === '1';
  } catch {
    return false; // storage blocked: assume a visitor, the page then waits for the answer
  }
}

/** The user as the latest refresh answers it (the one a navigation's guard decides by). */
export function settledCurrentUser(): Promise<CurrentUser> {
  return lastRefresh ?? refreshCurrentUser();
}

/** SPEC §4: refreshed from the server before every navigation; any failure means "not logged in". */
export function refreshCurrentUser(): Promise<CurrentUser> {
  lastRefresh = fetchAndStoreCurrentUser();
  return lastRefresh;
}

async function fetchAndStoreCurrentUser(): Promise<CurrentUser> {
  let user: CurrentUser;
  try {
    user = (await fetchCurrentUser()) ?? ANONYMOUS_USER;
  } catch {
    user = ANONYMOUS_USER;
  }
  const state = useUserStore.getState();
  // Keep the same object when nothing changed, so a navigation does not re-render every subscriber.
  if (JSON.stringify(state.user) !== JSON.stringify(user)) state.setUser(user);
  refreshedOnce = true;
  try {
    if (isLoggedIn(user)) localStorage.setItem(SIGNED_IN_HINT, '1');
    else localStorage.removeItem(SIGNED_IN_HINT);
  } catch {
    // storage blocked: the hint is only a guess
  }
  return useUserStore.getState().user;
}
