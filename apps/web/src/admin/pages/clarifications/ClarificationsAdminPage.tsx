import { Badge, Button, Card, Empty, InputNumber, List, Space, Table, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import {
  useClarifications,
  useOpenClarificationContests,
  useRefreshClarifications,
  useRefreshOpenClarificationContests,
} from '../../../api/clarifications';
import type { Clarification } from '../../../lib/contract';
import AnswerForm from '../../../components/contest/AnswerForm';
import Announcements from '../../../components/contest/Announcements';
import { formatDateTime } from '../../../lib/contestTime';

/** 答疑管理: contests with questions (open ones first); per contest, answer and post announcements, live. */
export default function ClarificationsAdminPage() {
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('competition_id')) || 0;
  const contests = useOpenClarificationContests();
  const choose = (id: number | null) => setParams(id ? { competition_id: String(id) } : {});
  return (
    <div data-testid="admin-clarifications" className="adm-clarify">
      <Space wrap style={{ marginBottom: 12 }}>
        <span>比赛编号</span>
        <InputNumber min={1} value={selected || null} onChange={(v) => choose(typeof v === 'number' ? v : null)} placeholder="输入比赛编号" />
      </Space>
      <Table
        rowKey="competition_id"
        size="small"
        loading={contests.isLoading}
        dataSource={contests.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description="还没有比赛收到提问" /> }}
        onRow={(r) => ({ onClick: () => choose(r.competition_id), style: { cursor: 'pointer' } })}
        rowClassName={(r) => (r.competition_id === selected ? 'ant-table-row-selected' : '')}
        columns={[
          { title: '编号', dataIndex: 'competition_id', width: 80 },
          { title: '比赛', dataIndex: 'name' },
          {
            title: '待回复',
            dataIndex: 'open',
            width: 90,
            render: (n: number) => (n > 0 ? <Badge count={n} /> : <Typography.Text type="secondary">0</Typography.Text>),
          },
          { title: '全部', dataIndex: 'total', width: 80 },
        ]}
      />
      {selected > 0 && <ContestClarifications key={selected} competitionId={selected} />}
    </div>
  );
}

function ContestClarifications({ competitionId }: { competitionId: number }) {
  const refreshBoard = useRefreshClarifications();
  const refreshContests = useRefreshOpenClarificationContests();
  const { board } = useClarifications(competitionId, true);
  const refresh = () => {
    void refreshBoard(competitionId);
    void refreshContests();
  };
  const list = [...(board?.clarifications ?? [])].sort(
    (a, b) => Number(a.answer !== null) - Number(b.answer !== null) || b.id - a.id,
  );
  return (
    <Card style={{ marginTop: 16 }} title={`比赛 ${competitionId} 的答疑`} data-testid="admin-clarification-board">
      <Announcements competitionId={competitionId} board={board} />
      <List
        style={{ marginTop: 12 }}
        dataSource={list}
        locale={{ emptyText: <Empty description="暂无提问" /> }}
        renderItem={(c: Clarification) => (
          <List.Item key={c.id}>
            <div style={{ width: '100%', minWidth: 0 }} data-testid="admin-clarification">
              <Space wrap size={4}>
                {c.answer === null ? <Tag color="orange">待回复</Tag> : <Tag color="green">已回复{c.public ? '（公开）' : '（私下）'}</Tag>}
                <Tag color="blue">{c.problem_name ? `题目 ${c.problem_name}` : '整场比赛'}</Tag>
                <Typography.Text>{c.asker?.username ?? ''}</Typography.Text>
                <Typography.Text type="secondary">{formatDateTime(c.create_time)}</Typography.Text>
              </Space>
              <div className="oj-clarify-text">问：{c.question}</div>
              <AnswerForm c={c} onAnswered={refresh} />
            </div>
          </List.Item>
        )}
      />
      <Button style={{ marginTop: 8 }} onClick={refresh}>
        刷新
      </Button>
    </Card>
  );
}
