import { useState } from 'react';
import { Space, Table } from 'antd';
import Card from '../../../components/plain/Card';
import { Typography } from '../../../components/plain/Typography';
import Button from '../../../components/plain/Button';
import Empty from '../../../components/plain/Empty';
import { useNavigate } from 'react-router';
import type { JoinRecord } from '../../../lib/contract';
import { useMyJoins } from '../../../api/competitions';
import { formatDateTime } from '../../../lib/contestTime';
import { signed } from './ratingChart';

const PAGE_SIZE = 5;

/** 比赛记录: 5 per page, newest first, 第 x 页 / 共 y 页; a row opens the contest. Load failures stay silent (SPEC §8). */
export default function JoinRecordCard() {
  const [page, setPage] = useState(1);
  const navigate = useNavigate();
  const { data, isFetching } = useMyJoins(page);
  const records = data ?? [];
  const pages = Math.max(1, Math.ceil((records[0]?.total ?? 0) / PAGE_SIZE));

  return (
    <Card title="比赛记录" data-testid="join-record-card">
      {!records.length && !isFetching ? (
        <Empty description="暂无比赛记录">
          <Button type="primary" onClick={() => navigate('/competition')}>
            查看所有比赛
          </Button>
        </Empty>
      ) : (
        <>
          <Table<JoinRecord>
            rowKey="competition_id"
            size="small"
            loading={isFetching}
            dataSource={records}
            pagination={false}
            rowClassName={() => 'oj-join-card-row'}
            onRow={(r) => ({ onClick: () => navigate(`/competition/${r.competition_id}`) })}
            columns={[
              { title: '排名', dataIndex: 'rank', width: 70, render: (r: number | null) => r ?? '—' },
              { title: '比赛', dataIndex: 'competition_name' },
              {
                title: 'Rating',
                key: 'rating',
                width: 130,
                render: (_: unknown, r: JoinRecord) =>
                  r.rating_after === null ? (
                    <Typography.Text type="secondary">不计分</Typography.Text>
                  ) : (
                    <span>
                      {r.rating_after}{' '}
                      <Typography.Text type={(r.rating_change ?? 0) >= 0 ? 'success' : 'danger'}>
                        ({signed(r.rating_change ?? 0)})
                      </Typography.Text>
                    </span>
                  ),
              },
              { title: '开始时间', dataIndex: 'start_time', width: 150, render: formatDateTime },
              {
                title: '题目',
                key: 'solved',
                width: 80,
                render: (_: unknown, r: JoinRecord) => `${r.ac_num} / ${r.total_num}`,
              },
              { title: '参赛人数', dataIndex: 'joins', width: 90 },
            ]}
          />
          <Space style={{ marginTop: 12, justifyContent: 'flex-end', width: '100%' }}>
            <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              上一页
            </Button>
            <span data-testid="join-pages">
              第 {page} 页 / 共 {pages} 页
            </span>
            <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              下一页
            </Button>
          </Space>
        </>
      )}
    </Card>
  );
}
