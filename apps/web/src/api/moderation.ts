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
