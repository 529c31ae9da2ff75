import type { MarkReadRequest, MarkReadResult, NotificationPage, UnreadCount } from '../lib/contract';
import { buildUrl, post } from './http';

/** 站内消息 (the caller's own): list, unread count, mark read, and the live unread count. */
const N = '/api/notifications';

export const listNotifications = (pageNum: number) =>
  post<NotificationPage>(`${N}/list`, { query: { pageNum } });
export const unreadCount = () => post<UnreadCount>(`${N}/unread`, { silent: true });
export const markRead = (body: MarkReadRequest) => post<MarkReadResult>(`${N}/read`, { json: body });

/**
 * The unread count, live (SSE `unread` events: at once, then whenever it changes). EventSource
 * reconnects by itself when the server ends the stream. Answers a function that closes it.
 */
export function watchUnread(onCount: (count: number) => void): () => void {
  const source = new EventSource(buildUrl(`${N}/stream`), { withCredentials: true });
  source.addEventListener('unread', (msg) => {
    try {
      onCount((JSON.parse((msg as MessageEvent<string>).data) as UnreadCount).count);
    } catch {
      // not an event of ours
    }
  });
  return () => source.close();
}
