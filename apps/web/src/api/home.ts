import type {
  AnnouncementInputRaw,
  AnnouncementPage,
  AnnouncementView,
  HomeOverview,
  IpLocation,
  JudgeInfo,
} from '../lib/contract';
import { get, post } from './http';

/** The home page, site announcements, the judge's table and 当前位置 (server: modules/home, modules/announcements). */

export const homeOverview = () => get<HomeOverview>('/api/home/overview');
export const judgeInfo = () => get<JudgeInfo>('/api/judge/languages');
/** Silent: SPEC §8 says IP lookup failures are ignored. */
export const ipLocation = () => get<IpLocation>('/api/ip/location', { silent: true });

const A = '/api/announcement';
/** Silent: the bar is decoration; a failure must not toast on every page. */
export const announcementBar = () => get<AnnouncementView | null>(`${A}/bar`, { silent: true });
export const listAnnouncements = (pageNum: number, pageSize = 10) =>
  get<AnnouncementPage>(`${A}/list`, { query: { pageNum, pageSize } });
export const adminAnnouncements = (pageNum: number) =>
  post<AnnouncementPage>(`${A}/admin/list`, { query: { pageNum, pageSize: 20 } });
export const addAnnouncement = (body: AnnouncementInputRaw) =>
  post<{ announcement_id: number }>(`${A}/admin/add`, { json: body });
export const modifyAnnouncement = (body: AnnouncementInputRaw & { announcement_id: number }) =>
  post<null>(`${A}/admin/modify`, { json: body });
export const pinAnnouncement = (announcement_id: number, pinned: boolean) =>
  post<null>(`${A}/admin/pin`, { query: { announcement_id, pinned: pinned ? 1 : 0 } });
export const deleteAnnouncement = (announcement_id: number) =>
  post<null>(`${A}/admin/delete`, { query: { announcement_id } });
