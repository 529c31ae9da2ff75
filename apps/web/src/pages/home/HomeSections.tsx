import { Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import type { AnnouncementView, CompetitionInfo, HomeOverview, PostRow, TopUser } from '../../lib/contract';
import { POST_CATEGORY_LABELS } from '../../lib/contract';
import DifficultyTag from '../../components/DifficultyTag';
import RatingName from '../../components/rating/RatingName';
import { formatCountdown, phaseAt } from '../../lib/contestTime';
import { useNow } from '../../components/useNow';
import { lazyScoped } from '../../lib/antdScope';

// markdown-it, KaTeX and highlight.js load with the first announcement, never with the page.
const MarkdownBody = lazyScoped(() => import('../../components/MarkdownBody'));

const day = (iso: string) => iso.slice(0, 10);

export function Section({
  title,
  more,
  children,
  testId,
  order,
}: {
  /** Place in the one column of a phone (announcements, daily problem and progress first). */
  order: number;
  title: string;
  more?: { to: string; label: string };
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <section className="oj-home-card oj-home-section oj-links" data-testid={testId} style={{ order }}>
      <div className="oj-home-section-head">
        <h2 className="oj-home-section-title">{title}</h2>
        {more && <Link to={more.to}>{more.label} →</Link>}
      </div>
      {children}
    </section>
  );
}

const Empty = ({ text }: { text: string }) => <p className="oj-home-secondary oj-home-empty">{text}</p>;

/** Announcements, pinned first; each opens in place (the markdown loads only when opened). */
export function Announcements({ items }: { items: AnnouncementView[] }) {
  // The bar links to /home#announcement-<id>: that one opens (the newest opens anyway).
  const { hash } = useLocation();
  if (!items.length) return <Empty text="暂无公告" />;
  return (
    <div className="oj-home-announcements">
      {items.map((a, i) => (
        <details
          key={a.announcement_id}
          open={i === 0 || hash === `#announcement-${a.announcement_id}`}
          data-testid={`announcement-${a.announcement_id}`}
          id={`announcement-${a.announcement_id}`}
        >
          <summary>
            {a.pinned && <span className="oj-home-badge oj-home-badge-red">置顶</span>}
            <span className="oj-home-ann-title">{a.title}</span>
            <span className="oj-home-secondary oj-home-date">{day(a.create_time)}</span>
          </summary>
          <Suspense fallback={<p className="oj-home-secondary">加载中…</p>}>
            <MarkdownBody text={a.content} className="oj-home-ann-body" />
          </Suspense>
        </details>
      ))}
    </div>
  );
}

/** 距开始 / 距结束, ticking every second (plain text: antd's Tag would weigh on the home page's first load). */
function Countdown({ start, end, skew }: { start: string; end: string; skew: number }) {
  const now = useNow() + skew;
  const phase = phaseAt(start, end, now);
  const text =
    phase === 'upcoming'
      ? `距开始 ${formatCountdown(Date.parse(start) - now)}`
      : phase === 'running'
        ? `进行中 · 距结束 ${formatCountdown(Date.parse(end) - now)}`
        : '已结束';
  return (
    <span className={`oj-home-countdown oj-home-countdown-${phase}`} data-testid="countdown">
      {text}
    </span>
  );
}

function ContestRow({ c, skew }: { c: CompetitionInfo; skew: number }) {
  return (
    <li className="oj-home-row" data-testid={`home-contest-${c.competition_id}`}>
      <Link to={`/competition/${c.competition_id}`} className="oj-home-row-main">
        {c.name}
      </Link>
      <span className="oj-home-row-side">
        {c.joined && <span className="oj-home-badge">已报名</span>}
        <Countdown start={c.start_time} end={c.end_time} skew={skew} />
      </span>
    </li>
  );
}

/** `skew`: server time minus this device's time, so a wrong clock on the device does not move the countdowns. */
export function Contests({ data, skew }: { data: Pick<HomeOverview, 'running' | 'upcoming'>; skew: number }) {
  if (!data.running.length && !data.upcoming.length)
    return <Empty text="近期没有比赛，去比赛列表看看往期比赛吧" />;
  return (
    <ul className="oj-home-list">
      {data.running.map((c) => (
        <ContestRow key={c.competition_id} c={c} skew={skew} />
      ))}
      {data.upcoming.map((c) => (
        <ContestRow key={c.competition_id} c={c} skew={skew} />
      ))}
    </ul>
  );
}

export function Posts({ items, empty }: { items: PostRow[]; empty: string }) {
  if (!items.length) return <Empty text={empty} />;
  return (
    <ul className="oj-home-list">
      {items.map((p) => (
        <li key={p.post_id} className="oj-home-row">
          <Link to={`/posts/${p.post_id}`} className="oj-home-row-main" title={p.title}>
            <span className="oj-home-badge">{POST_CATEGORY_LABELS[p.category]}</span>
            {p.title}
          </Link>
          <span className="oj-home-row-side oj-home-secondary">
            <RatingName name={p.author.username} rating={p.author.rating} rated={p.author.rated} /> ·{' '}
            {p.thumbs} 赞
          </span>
        </li>
      ))}
    </ul>
  );
}

export function Daily({ daily }: { daily: HomeOverview['daily'] }) {
  if (!daily) return <Empty text="今天还没有每日一题" />;
  const p = daily.problem;
  return (
    <div className="oj-home-daily" data-testid="home-daily">
      <Link to={`/problems/algorithm/${p.problem_id}`} className="oj-home-daily-name">
        {p.problem_id} · {p.chinese_name}
      </Link>
      <div className="oj-home-secondary">
        <DifficultyTag difficulty={p.difficulty} /> · 通过率 {Math.round(p.pass_rate * 100)}% ·{' '}
        {p.my_status === 'solved' ? '已通过 ✓' : p.my_status === 'tried' ? '尝试过' : '未尝试'}
      </div>
    </div>
  );
}

const DIFFICULTY_NAMES = ['简单', '中等', '困难', '未知'];

export function Progress({ me }: { me: NonNullable<HomeOverview['me']> }) {
  const { progress, last } = me;
  const pct = (a: number, b: number) => (b ? Math.round((a / b) * 100) : 0);
  return (
    <div data-testid="home-progress">
      <p className="oj-home-progress-total">
        已通过 <b>{progress.solved}</b> / {progress.total} 题
      </p>
      {progress.by_difficulty
        .filter((d) => d.total > 0)
        .map((d) => (
          <div key={d.difficulty} className="oj-home-bar-row">
            <span className="oj-home-bar-label">{DIFFICULTY_NAMES[d.difficulty] ?? '未知'}</span>
            <span className="oj-home-bar" role="progressbar" aria-valuenow={pct(d.solved, d.total)}>
              <span style={{ width: `${pct(d.solved, d.total)}%` }} />
            </span>
            <span className="oj-home-secondary">
              {d.solved}/{d.total}
            </span>
          </div>
        ))}
      <p className="oj-home-last">
        {last ? (
          <>
            上次做到：
            <Link to={`/problems/algorithm/${last.problem_id}`}>
              {last.problem_id} · {last.chinese_name}
            </Link>
          </>
        ) : (
          <span className="oj-home-secondary">还没有打开过题目，去题库挑一道吧</span>
        )}
      </p>
    </div>
  );
}

export function Top({ users }: { users: TopUser[] }) {
  if (!users.length) return <Empty text="还没有计分比赛的成绩" />;
  return (
    <ol className="oj-home-top" data-testid="home-top">
      {users.map((u, i) => (
        <li key={u.uuid}>
          <span className="oj-home-top-rank">{i + 1}</span>
          <RatingName name={u.username} rating={u.rating} rated={u.rated} uuid={u.uuid} />
          <span className="oj-home-secondary oj-home-top-rating">{u.rating}</span>
        </li>
      ))}
    </ol>
  );
}
