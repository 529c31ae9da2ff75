/**
 * The key factory and query hooks of home.ts, in a file of their own: home.ts is in the first load
 * of the user site (the announcement bar), and a hook there would bring TanStack's query observer
 * (~2.8 KB gzip) into it for pages that never read the server through a query.
 */
import { useQuery } from '@tanstack/react-query';
import { adminAnnouncements, homeOverview, ipLocation, judgeInfo } from './home';
import { useInvalidate } from './query';

export const homeKeys = {
  all: ['home'] as const,
  /** Per user: what the page shows depends on who is signed in. */
  overview: (uuid: number) => ['home', 'overview', uuid] as const,
  ipLocation: ['home', 'ip-location'] as const,
  judgeInfo: ['home', 'judge-info'] as const,
  adminAnnouncements: ['home', 'announcements', 'admin'] as const,
  adminAnnouncementPage: (page: number) => ['home', 'announcements', 'admin', page] as const,
};

export const useHomeOverview = (uuid: number) =>
  useQuery({ queryKey: homeKeys.overview(uuid), queryFn: homeOverview });
/** Once a page load: the place does not change while the page is open. */
export const useIpLocation = () =>
  useQuery({ queryKey: homeKeys.ipLocation, queryFn: ipLocation, staleTime: Infinity, retry: false });
export const useJudgeInfo = () =>
  useQuery({ queryKey: homeKeys.judgeInfo, queryFn: judgeInfo, staleTime: 10 * 60_000 });

export const useAdminAnnouncements = (page: number) =>
  useQuery({ queryKey: homeKeys.adminAnnouncementPage(page), queryFn: () => adminAnnouncements(page) });
export const useRefreshAdminAnnouncements = () => useInvalidate(homeKeys.adminAnnouncements);
