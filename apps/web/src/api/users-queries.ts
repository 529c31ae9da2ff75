/**
 * The key factory and query hooks of users.ts, in a file of their own: users.ts is in the first
 * load of both sites (the session, 退出), and a hook there would bring TanStack's query observer
 * (~2.8 KB gzip) into it for pages that never read the server through a query.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminUserPageRequest } from '../lib/contract';
import {
  adminUserPage,
  dailyPracticeCounts,
  listAdmins,
  listBackgroundPictures,
  listOAuthProviders,
  userCard,
  userPractice,
} from './users';
import { useInvalidate } from './query';

export const userKeys = {
  all: ['users'] as const,
  card: (uuid: number) => ['users', 'card', uuid] as const,
  practice: (uuid: number) => ['users', 'practice', uuid] as const,
  oauthProviders: ['users', 'oauth-providers'] as const,
  backgroundPictures: ['users', 'background-pictures'] as const,
  dailyPractice: (year: number) => ['users', 'daily-practice', year] as const,
  adminPages: ['users', 'admin', 'page'] as const,
  adminPage: (q: Partial<AdminUserPageRequest>) => ['users', 'admin', 'page', q] as const,
  picker: (keyword: string, role?: number) => ['users', 'admin', 'picker', keyword, role] as const,
  admins: ['users', 'admin', 'admins'] as const,
};

export const useUserCard = (uuid: number, enabled: boolean) =>
  useQuery({ queryKey: userKeys.card(uuid), queryFn: () => userCard(uuid), enabled });
export const useUserPractice = (uuid: number, enabled: boolean) =>
  useQuery({ queryKey: userKeys.practice(uuid), queryFn: () => userPractice(uuid), enabled });
export const useOAuthProviders = () =>
  useQuery({ queryKey: userKeys.oauthProviders, queryFn: listOAuthProviders });
export const useBackgroundPictures = (enabled: boolean) =>
  useQuery({ queryKey: userKeys.backgroundPictures, queryFn: listBackgroundPictures, enabled });
/** After an upload or a delete. */
export const useRefreshBackgroundPictures = () => useInvalidate(userKeys.backgroundPictures);
export const useDailyPractice = (year: number) =>
  useQuery({ queryKey: userKeys.dailyPractice(year), queryFn: () => dailyPracticeCounts(year) });

export const useAdminUsers = (q: Partial<AdminUserPageRequest>) =>
  useQuery({
    queryKey: userKeys.adminPage(q),
    queryFn: () => adminUserPage(q),
    placeholderData: keepPreviousData,
  });
/** After a ban or an unban: every page of the list (not the pickers). */
export const useRefreshAdminUsers = () => useInvalidate(userKeys.adminPages);
/** The user search of a picker: asks nothing until there is a keyword. */
export const useUserPicker = (keyword: string, role?: number) =>
  useQuery({
    queryKey: userKeys.picker(keyword, role),
    queryFn: () => adminUserPage({ keyword, role, pageNum: 1, pageSize: 10 }),
    enabled: keyword.length > 0,
    retry: false,
  });
export const useAdmins = () => useQuery({ queryKey: userKeys.admins, queryFn: listAdmins });
export const useRefreshAdmins = () => useInvalidate(userKeys.admins);
