import type { ReplayDetail, ReplayLink, ReplayPage } from '../lib/contract';
import { get, post } from './http';

/** Code replay (/code-replay): my replays, one to play, a record's link, the owner's share switch. */
const R = '/api/code-replay';

export const myReplays = (pageNum: number) => post<ReplayPage>(`${R}/mine`, { query: { pageNum } });
export const getReplay = (q: { id?: number; submission_id?: number }) =>
  get<ReplayDetail>(`${R}/get`, { query: q, silent: true });
export const replayLink = (submission_id: number) =>
  post<ReplayLink>(`${R}/link`, { query: { submission_id }, silent: true });
export const shareReplay = (id: number, shared: boolean) =>
  post<null>(`${R}/share`, { json: { id, shared } });
