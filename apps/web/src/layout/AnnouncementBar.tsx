import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { announcementBar } from '../api/home';
import type { AnnouncementView } from '../lib/contract';

const KEY = 'oj-dismissed-announcements';
/** Only the newest ids are kept: older announcements are no longer the bar anyway. */
const KEEP = 50;

export function dismissedIds(): number[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
  } catch {
    return [];
  }
}

export function dismiss(id: number): void {
  try {
    localStorage.setItem(KEY, JSON.stringify([id, ...dismissedIds().filter((x) => x !== id)].slice(0, KEEP)));
  } catch {
    // private mode: dismissed for this page only
  }
}

/**
 * The newest pinned announcement as a bar under the top navigation. Closing it remembers that
 * announcement's id in localStorage, so a newer pinned one shows again. Asked once per page load.
 */
export default function AnnouncementBar() {
  const [item, setItem] = useState<AnnouncementView | null>(null);
  useEffect(() => {
    let alive = true;
    announcementBar().then(
      (a) => {
        if (alive && a && !dismissedIds().includes(a.announcement_id)) setItem(a);
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, []);
  if (!item) return null;
  return (
    <div className="oj-announcement-bar" role="status" data-testid="announcement-bar">
      <span className="oj-announcement-bar-label">公告</span>
      <Link to={`/home#announcement-${item.announcement_id}`} className="oj-announcement-bar-title">
        {item.title}
      </Link>
      <button
        type="button"
        className="oj-announcement-bar-close"
        aria-label="关闭公告"
        data-testid="announcement-bar-close"
        onClick={() => {
          dismiss(item.announcement_id);
          setItem(null);
        }}
      >
        ×
      </button>
    </div>
  );
}
