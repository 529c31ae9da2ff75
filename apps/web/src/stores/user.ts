import { create } from 'zustand';
import { Role, type CurrentUser } from '../lib/contract';
import { fetchCurrentUser } from '../api/users';

/** SPEC §7: when the current user cannot be had, the site works with this blank anonymous user. */
export const ANONYMOUS_USER: CurrentUser = {
  uuid: -1,
  account: '',
  username: '',
  avatar: '',
  tags: '',
  tag_list: [],
  hobby: '',
  email: '',
  phone: '',
  gender: '',
  school: '',
  profile: '',
  rating: 0,
  role: Role.NotLogin,
  is_boss: false,
  birth: '',
  create_time: '',
  update_time: '',
  readings: 0,
  url: '',
  background_picture: '',
};

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
