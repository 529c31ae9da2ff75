import { useEffect, useRef, useState } from 'react';
import Skeleton from '../../components/plain/Skeleton';
import Pager from '../../components/Pager';
import { Typography } from '../../components/plain/Typography';
import Button from '../../components/plain/Button';
import Empty from '../../components/plain/Empty';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import type { NotificationView } from '../../lib/contract';
import { markRead } from '../../api/notifications';
import { useNotifications, useRefreshNotifications } from '../../api/notifications-queries';
import { useUnreadStore } from '../../stores/notifications';
import './notifications.css';

const PAGE_SIZE = 20;

/** What happened, in words; the title is shown as text (never as HTML). */
function describe(n: NotificationView): { who: string; what: string } {
  const who = n.actor?.username ?? '有人';
  switch (n.kind) {
    case 'reply_post':
      return { who, what: '回复了你的帖子' };
    case 'reply_comment':
      return { who, what: '回复了你在帖子中的评论' };
    case 'mention':
      return { who, what: n.comment_id === null ? '在帖子中提到了你' : '在评论中提到了你' };
    case 'post_pinned':
      return { who: '管理员', what: '置顶了你的帖子' };
    case 'post_locked':
      return { who: '管理员', what: '锁定了你的帖子，它不能再被评论' };
    case 'post_hidden':
      return { who: '管理员', what: '隐藏了你的帖子' };
    case 'post_deleted':
      return { who: n.actor?.username ?? '管理员', what: '删除了你的帖子' };
    case 'rejudged':
      return { who: n.actor?.username ?? '管理员', what: '重新评测了你的提交，结果有变化' };
    case 'homework':
      return { who: n.actor?.username ?? '教师', what: '作业提醒' };
  }
}

/** Where a notification leads: the post, at the comment when there is one (a deleted post: nowhere). */
function notificationLink(n: NotificationView): string | null {
  if (n.post_id === null || n.kind === 'post_deleted') return null;
  return `/posts/${n.post_id}${n.comment_id === null ? '' : `#comment-${n.comment_id}`}`;
}

/** /notifications: my 站内消息, newest first; opening one marks it read; 全部已读. */
export default function NotificationsPage() {
  const [pageNum, setPageNum] = useState(1);
  const unread = useUnreadStore((s) => s.count);
  const setUnread = useUnreadStore((s) => s.setCount);
  const refresh = useRefreshNotifications();
  const navigate = useNavigate();
  const page = useNotifications(pageNum);

  // The live count changed (a new notification, or read in another tab): show the list as it is now.
  const seen = useRef(unread);
  useEffect(() => {
    if (seen.current === unread) return;
    seen.current = unread;
    void refresh();
  }, [unread, refresh]);

  const read = async (body: { ids: number[] } | { all: true }) => {
    try {
      // The count changes, and with it the list (the effect above).
      setUnread((await markRead(body)).count);
    } catch {
      // toasted by the client
    }
  };

  const open = async (n: NotificationView) => {
    if (!n.read) await read({ ids: [n.id] });
    const link = notificationLink(n);
    if (link) navigate(link);
  };

  const records = page.data?.records ?? [];
  return (
    <div className="oj-container-narrow oj-panel oj-notifications" data-testid="notifications-page">
      <div className="oj-notifications-head">
        <Typography.Title level={3} style={{ margin: 0 }}>
          我的消息
        </Typography.Title>
        <Button onClick={() => void read({ all: true })} disabled={unread === 0} data-testid="read-all">
          全部已读
        </Button>
      </div>
      {page.isLoading ? (
        <Skeleton active />
      ) : records.length === 0 ? (
        <Empty description="暂时没有消息" />
      ) : (
        <ul className="oj-notification-list">
          {records.map((n) => {
            const { who, what } = describe(n);
            return (
              <li key={n.id} className={n.read ? 'is-read' : 'is-unread'} data-testid="notification">
                <button type="button" className="oj-notification" onClick={() => void open(n)}>
                  {!n.read && <span className="oj-notification-dot" aria-label="未读" />}
                  <span className="oj-notification-body">
                    <span className="oj-notification-line">
                      <b>{who}</b> {what}《{n.title}》
                    </span>
                    {n.excerpt && <span className="oj-notification-excerpt">{n.excerpt}</span>}
                  </span>
                  <span className="oj-notification-time">
                    {dayjs(n.create_time).format('YYYY-MM-DD HH:mm')}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {(page.data?.total ?? 0) > PAGE_SIZE && (
        <div className="oj-notifications-pager">
          <Pager
            current={pageNum}
            pageSize={PAGE_SIZE}
            total={page.data?.total ?? 0}
            unit="条"
            onChange={setPageNum}
            data-testid="notifications-pager"
          />
        </div>
      )}
    </div>
  );
}
