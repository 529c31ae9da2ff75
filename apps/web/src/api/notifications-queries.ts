/**
 * The key factory and query hooks of notifications.ts, in a file of their own: notifications.ts is
 * in the first load of the user site (the live unread count), and a hook there would bring
 * TanStack's query observer (~2.8 KB gzip) into it for pages that never read the server through a
 * query.
 */
import { useQuery } from '@tanstack/react-query';
import { listNotifications } from './notifications';
import { useInvalidate } from './query';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  page: (page: number) => ['notifications', 'list', page] as const,
};

export const useNotifications = (page: number) =>
  useQuery({ queryKey: notificationKeys.page(page), queryFn: () => listNotifications(page) });
/** The live count changed: every page of the list is read again. */
export const useRefreshNotifications = () => useInvalidate(notificationKeys.list);
