import { useQuery } from '@tanstack/react-query';
import type {
  HandleReportRequest,
  MutePage,
  MuteRequest,
  MuteResult,
  ReportCreated,
  ReportPage,
  ReportRequest,
  ReportStatus,
} from '../lib/contract';
import { post } from './http';
import { useInvalidate } from './query';

/** Reports (any signed-in user) and the management of reports and mutes (admins). */
const M = '/api/moderation';

export const reportContent = (body: ReportRequest) => post<ReportCreated>(`${M}/report`, { json: body });

export const listReports = (pageNum: number, status?: ReportStatus) =>
  post<ReportPage>(`${M}/admin/reports`, { query: { pageNum, status } });
export const handleReport = (body: HandleReportRequest) =>
  post<null>(`${M}/admin/report/handle`, { json: body });
export const muteUser = (body: MuteRequest) => post<MuteResult>(`${M}/admin/mute`, { json: body });
export const unmuteUser = (uuid: number) => post<null>(`${M}/admin/unmute`, { query: { uuid } });
export const listMutes = (pageNum: number) => post<MutePage>(`${M}/admin/mutes`, { query: { pageNum } });

// ---------------------------------------------------------------- query hooks

export const moderationKeys = {
  all: ['moderation'] as const,
  reports: ['moderation', 'reports'] as const,
  reportPage: (status: ReportStatus | 'all', page: number) => ['moderation', 'reports', status, page] as const,
  mutes: ['moderation', 'mutes'] as const,
  mutePage: (page: number) => ['moderation', 'mutes', page] as const,
};

export const useReports = (status: ReportStatus | 'all', page: number) =>
  useQuery({
    queryKey: moderationKeys.reportPage(status, page),
    queryFn: () => listReports(page, status === 'all' ? undefined : status),
  });
export const useRefreshReports = () => useInvalidate(moderationKeys.reports);
export const useMutes = (page: number) =>
  useQuery({ queryKey: moderationKeys.mutePage(page), queryFn: () => listMutes(page) });
export const useRefreshMutes = () => useInvalidate(moderationKeys.mutes);
