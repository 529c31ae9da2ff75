import { useState } from 'react';
import { Table, Typography } from 'antd';
import { Link } from 'react-router';
import type { RecordRow } from '../../../lib/contract';
import { useMyRecords } from '../../../api/problems';
import VerdictTag from '../../../components/VerdictTag';
import { formatMemory, formatTime } from '../../../components/verdicts';
import { useUserStore } from '../../../stores/user';

/** 我的提交: the caller's submissions of this problem (`records/user/page?problem_id=`). */
export default function MySubmissions({ problemId }: { problemId: number }) {
  const loggedIn = useUserStore((s) => s.user.uuid !== -1);
  const [page, setPage] = useState(1);
  const { data, isFetching } = useMyRecords(problemId, page, loggedIn);
  if (!loggedIn) return <Typography.Text type="secondary">登陆后可查看自己的提交。</Typography.Text>;
  return (
    <Table<RecordRow>
      data-testid="my-submissions"
      rowKey="submission_id"
      size="small"
      loading={isFetching}
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
        { title: '结果', dataIndex: 'status', render: (s: string) => <VerdictTag status={s} /> },
        { title: '语言', dataIndex: 'language' },
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
