import { useEffect, useState } from 'react';
import { Space, Table } from 'antd';
import { Typography } from '../../../components/plain/Typography';
import { Link } from 'react-router';
import type { RecordRow, Verdict } from '../../../lib/contract';
import { useMyRecords, useRefreshMyRecords, watchMyRecords } from '../../../api/problems';
import VerdictTag from '../../../components/VerdictTag';
import RecordScore from '../../../components/solve/RecordScore';
import { languageText } from '../../../components/solve/score';
import { formatMemory, formatTime } from '../../../components/verdicts';
import { usePageActive } from '../../../router/KeepAlive';
import { useUserStore } from '../../../stores/user';
import { applyEvent, progressText, startProgress, type Progress } from '../../../components/solve/progress';

/** What the stream said of a row since the list was fetched: its status and, while judged, progress. */
interface Live {
  status: Verdict;
  progress?: Progress;
}

/**
 * 我的提交: the caller's submissions of this problem (`records/user/page?problem_id=`). While the
 * page is on screen, `records/user/stream` tells which rows were queued (a submit, an admin's
 * rejudge) or judged: the row flips at once, shows its progress, and the page is fetched again.
 */
export default function MySubmissions({ problemId }: { problemId: number }) {
  const loggedIn = useUserStore((s) => s.user.uuid !== -1);
  const active = usePageActive();
  const refreshMyRecords = useRefreshMyRecords();
  const [page, setPage] = useState(1);
  const [live, setLive] = useState<ReadonlyMap<number, Live>>(new Map());
  const { data, isFetching } = useMyRecords(problemId, page, loggedIn);

  useEffect(() => {
    if (!loggedIn || !active) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let connected = false;
    // Several rows change at once on a problem rejudge: one refetch for the burst.
    const refetch = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void refreshMyRecords(problemId), 200);
    };
    const update = (id: number, fn: (old: Live | undefined) => Live) =>
      setLive((m) => new Map(m).set(id, fn(m.get(id))));
    const stop = watchMyRecords(problemId, (e) => {
      if (e.kind === 'ready') {
        // A reconnect (or coming back to the page): what the stream said before may be stale.
        setLive(new Map());
        if (connected) refetch();
        connected = true;
      } else if (e.kind === 'changed') {
        const { submission_id: id, status } = e.data;
        update(id, () => ({ status, progress: status === 'PD' ? startProgress(id) : undefined }));
        refetch();
      } else {
        const id = e.data.submission_id;
        update(id, (old) => ({
          status: 'PD',
          progress: applyEvent(old?.progress ?? startProgress(id), e.data),
        }));
      }
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [loggedIn, active, problemId, refreshMyRecords]);

  if (!loggedIn) return <Typography.Text type="secondary">登陆后可查看自己的提交。</Typography.Text>;
  return (
    <Table<RecordRow>
      data-testid="my-submissions"
      rowKey="submission_id"
      size="small"
      loading={isFetching && !data}
      dataSource={data?.records ?? []}
      locale={{ emptyText: '还没有提交过这道题' }}
      pagination={{
        current: page,
        pageSize: 10,
        total: data?.total ?? 0,
        onChange: setPage,
        showSizeChanger: false,
      }}
      columns={[
        {
          title: '编号',
          dataIndex: 'submission_id',
          render: (id: number) => <Link to={`/problems/${problemId}/records/${id}`}>#{id}</Link>,
        },
        {
          title: '结果',
          dataIndex: 'status',
          render: (s: Verdict, row) => {
            const now = live.get(row.submission_id);
            const status = now?.status ?? s;
            return (
              <Space size={4} data-testid="my-status" data-verdict={status}>
                <VerdictTag status={status} />
                {status === s && <RecordScore row={row} />}
                {status === 'PD' && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {now?.progress ? progressText(now.progress) : '评测中'}
                  </Typography.Text>
                )}
              </Space>
            );
          },
        },
        { title: '语言', dataIndex: 'language', render: (l: RecordRow['language']) => languageText(l, null) },
        { title: '用时', dataIndex: 'time_used', render: formatTime },
        { title: '内存', dataIndex: 'memory_used', render: formatMemory },
        {
          title: '提交时间',
          dataIndex: 'create_time',
          render: (t: string) => new Date(t).toLocaleString('zh-CN'),
        },
      ]}
    />
  );
}
