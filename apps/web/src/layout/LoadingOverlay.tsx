import { useEffect, useState } from 'react';
import { create } from 'zustand';
import { OVERLAY_CLOSE_DELAY_MS, OVERLAY_PROGRESS_CAP, OVERLAY_TICK_MS } from '../config';
import { requestQueue } from '../api/http';

/** Set once the first page has rendered; the overlay waits for it and for the requests it made. */
export const useBootStore = create<{ pageShown: boolean; markPageShown(): void }>((set) => ({
  pageShown: false,
  markPageShown: () => set({ pageShown: true }),
}));

/**
 * SPEC §2/§4: full-screen overlay on first load only. While requests are outstanding the bar
 * advances by a random step every 500 ms, never past 90 %; 300 ms after they finish it closes.
 */
export default function LoadingOverlay() {
  const pageShown = useBootStore((s) => s.pageShown);
  const [outstanding, setOutstanding] = useState(requestQueue.outstanding);
  const [percent, setPercent] = useState(0);
  const [closed, setClosed] = useState(false);
  const done = pageShown && outstanding === 0;

  useEffect(() => requestQueue.subscribe(setOutstanding), []);

  useEffect(() => {
    if (done || closed) return;
    const timer = setInterval(() => {
      setPercent((p) => Math.min(OVERLAY_PROGRESS_CAP, p + Math.round(5 + Math.random() * 20)));
    }, OVERLAY_TICK_MS);
    return () => clearInterval(timer);
  }, [done, closed]);

  useEffect(() => {
    if (!done || closed) return;
    setPercent(100);
    const timer = setTimeout(() => setClosed(true), OVERLAY_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, closed]);

  if (closed) return null;
  return (
    <div className="oj-loading-overlay" role="progressbar" aria-valuenow={percent} aria-label="页面加载进度">
      <div className="oj-loading-box">
        <div className="oj-loading-text">加载中，请稍候...</div>
        <div className="oj-loading-track">
          <div className="oj-loading-bar" style={{ width: `${percent}%` }} />
        </div>
      </div>
    </div>
  );
}
