import { Suspense, useState } from 'react';
import Result from '../../components/plain/Result';
import { Typography } from '../../components/plain/Typography';
import Button from '../../components/plain/Button';
import Empty from '../../components/plain/Empty';
import Skeleton from '../../components/plain/Skeleton';
import { Tag } from '../../components/plain/Tag';
import Switch from '../../components/plain/Switch';
import Pager from '../../components/Pager';
import { PlayCircleOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ReplayRow } from '../../lib/contract';
import { shareReplay, useMyReplays, useRefreshReplays } from '../../api/replays';
import { notify } from '../../lib/notify';
import { isLoggedIn, useUserStore } from '../../stores/user';
import { formatClock } from './format';
import './replay.css';
import { lazyScoped } from '../../lib/antdScope';

// The player (scrubber, editor) loads only for `?submissionId=`, not with the list.
const ReplayPlayer = lazyScoped(() => import('./ReplayPlayer'));

/**
 * /code-replay: my replays (problem, time, language, length, shared), newest first. With
 * `?submissionId=` (a record's link) it plays that submission's replay instead.
 */
export default function ReplayListPage() {
  const [params] = useSearchParams();
  const submissionId = Number(params.get('submissionId'));
  if (Number.isInteger(submissionId) && submissionId > 0)
    return (
      <div className="oj-container oj-panel">
        <Suspense fallback={<Skeleton active paragraph={{ rows: 10 }} />}>
          <ReplayPlayer submissionId={submissionId} />
        </Suspense>
      </div>
    );
  return <MyReplays />;
}

function MyReplays() {
  const user = useUserStore((s) => s.user);
  const navigate = useNavigate();
  const [pageNum, setPageNum] = useState(1);
  const loggedIn = isLoggedIn(user);
  const page = useMyReplays(pageNum, loggedIn);
  const rows = page.data?.records ?? [];
  const total = page.data?.total ?? 0;
  const pageSize = page.data?.pageSize ?? 10;
  if (!loggedIn)
    return (
      <div className="oj-container-narrow oj-panel">
        <Result
          title="代码回放"
          subTitle="在题目页写代码时，编辑过程会随提交一起保存，之后可以像看视频一样回放。登陆后查看你的回放。"
          extra={
            <Button type="primary" onClick={() => navigate('/user/login?redirect=%2Fcode-replay')}>
              登陆/注册
            </Button>
          }
        />
      </div>
    );
  return (
    <div className="oj-container-narrow oj-panel" data-testid="replay-list-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        我的代码回放
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        在题目页编辑代码的过程会随每次提交保存（自测与提交会在时间轴上标出）。回放默认只有你和管理员能看；打开「分享」后，别人也能通过链接观看——比赛进行中的题目除外。
      </Typography.Paragraph>
      {page.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : rows.length === 0 ? (
        <Empty description="还没有代码回放：去题库做一道题，提交后这里就会出现">
          <Button onClick={() => navigate('/problems')}>去题库</Button>
        </Empty>
      ) : (
        <ul className="oj-simple-list">
          {rows.map((r) => (
            <ReplayItem key={r.id} row={r} />
          ))}
        </ul>
      )}
      {total > pageSize && (
        <div className="oj-replay-pager">
          <Pager
            current={pageNum}
            pageSize={pageSize}
            total={total}
            onChange={setPageNum}
            unit="条"
            data-testid="replay-pager"
          />
        </div>
      )}
    </div>
  );
}

function ReplayItem({ row }: { row: ReplayRow }) {
  const refreshReplays = useRefreshReplays();
  const [shared, setShared] = useState(row.shared);
  const toggle = async (v: boolean) => {
    try {
      await shareReplay(row.id, v);
      setShared(v);
      notify.success(v ? '已分享：别人打开链接即可观看' : '已取消分享');
      void refreshReplays();
    } catch {
      // toasted by the client
    }
  };
  return (
    <li className="oj-replay-list-item" data-testid="replay-row">
      <div className="oj-replay-list-meta">
        <Link to={`/code-replay/${row.id}`} className="oj-replay-list-title">
          {row.problem_id}. {row.problem_name}
        </Link>
        <span className="oj-replay-list-description">
          <Tag>{row.language}</Tag>
          时长 {formatClock(row.duration_ms)} · 编辑 {row.edit_count} 次
          {row.run_count > 0 ? ` · 自测 ${row.run_count} 次` : ''} ·{' '}
          {new Date(row.create_time).toLocaleString('zh-CN')}
        </span>
      </div>
      <div className="oj-replay-list-actions">
        <span>
          分享{' '}
          <Switch
            size="small"
            checked={shared}
            onChange={(v) => void toggle(v)}
            aria-label="分享回放"
            data-testid="replay-row-share"
          />
        </span>
        <Link to={`/code-replay/${row.id}`} data-testid="replay-row-play">
          <PlayCircleOutlined /> 回放
        </Link>
      </div>
    </li>
  );
}
