import { Alert, Descriptions, Table } from 'antd';
import Progress from '../plain/Progress';
import Popconfirm from '../plain/Popconfirm';
import { Typography } from '../plain/Typography';
import Button from '../plain/Button';
import Empty from '../plain/Empty';
import Skeleton from '../plain/Skeleton';
import { Tag } from '../plain/Tag';
import dayjs from 'dayjs';
import { useState } from 'react';
import { applyRejudgeSet, cancelRejudgeSet, useRefreshRejudge, useRejudgeSet } from '../../api/rejudge';
import type { RejudgeBoardRow, RejudgeRunView, RejudgeSetSummary } from '../../lib/contract';
import { notify } from '../../lib/notify';
import VerdictTag from '../VerdictTag';
import './rejudge.css';

export const STATE_LABEL: Record<RejudgeSetSummary['state'], { text: string; color: string }> = {
  judging: { text: '评测中', color: 'processing' },
  ready: { text: '待应用', color: 'gold' },
  applied: { text: '已应用', color: 'green' },
  cancelled: { text: '已取消', color: 'default' },
};

export function scopeText(s: Pick<RejudgeSetSummary, 'scope' | 'problem' | 'submission_id'>): string {
  if (s.scope === 'submission') return `提交 ${s.submission_id}`;
  if (s.scope === 'problem') return `${s.problem} 题`;
  return '整场比赛';
}

const points = (x: number | null) => (x === null ? '' : ` ${Math.round(x * 100) / 100}`);
const arrow = (a: number | null, b: number | null) => (a === b ? `${a ?? '—'}` : `${a ?? '—'} → ${b ?? '—'}`);

/** One set: progress, old against new (changed rows highlighted), the board's changes, 应用 / 取消. */
export default function RejudgeSetView({ setId }: { setId: number }) {
  const { data: set, isLoading } = useRejudgeSet(setId);
  const refresh = useRefreshRejudge();
  const [busy, setBusy] = useState(false);
  if (isLoading || !set) return <Skeleton active />;
  const act = async (what: 'apply' | 'cancel') => {
    setBusy(true);
    try {
      if (what === 'apply') {
        const r = await applyRejudgeSet(setId);
        notify.success(`已应用：${r.changed} 个提交的结果有变化`);
      } else {
        await cancelRejudgeSet(setId);
        notify.success('重测集已取消，原结果不变');
      }
      await refresh();
    } catch {
      // toasted by the client
    } finally {
      setBusy(false);
    }
  };
  const open = set.state === 'judging' || set.state === 'ready';
  const scored = set.runs.some((r) => r.old_score !== null || r.new_score !== null);
  return (
    <div data-testid="rejudge-set">
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} bordered>
        <Descriptions.Item label="重测集">编号 {set.set_id}</Descriptions.Item>
        <Descriptions.Item label="范围">{scopeText(set)}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={STATE_LABEL[set.state].color} data-testid="rejudge-state">
            {STATE_LABEL[set.state].text}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label="创建">
          {set.created_by?.username ?? '—'} · {dayjs(set.created_at).format('YYYY-MM-DD HH:mm')}
        </Descriptions.Item>
        <Descriptions.Item label="结果有变化">{set.changed} 个提交</Descriptions.Item>
        {set.reason && <Descriptions.Item label="原因">{set.reason}</Descriptions.Item>}
      </Descriptions>
      <div style={{ margin: '12px 0' }}>
        <Typography.Text>
          已评测 {set.judged} / {set.total}
        </Typography.Text>
        <Progress percent={set.total ? Math.round((set.judged / set.total) * 100) : 100} size="small" />
      </div>
      {open && (
        <div className="oj-rejudge-actions">
          <Popconfirm
            title="应用后，新结果将写入提交记录，榜单、积分随之更新，结果有变化的用户会收到通知。"
            okText="应用"
            cancelText="再想想"
            disabled={set.state !== 'ready'}
            onConfirm={() => void act('apply')}
          >
            <Button
              type="primary"
              disabled={set.state !== 'ready'}
              loading={busy}
              data-testid="rejudge-apply"
            >
              应用
            </Button>
          </Popconfirm>
          <Popconfirm
            title="取消后丢弃这次重测的结果，原结果不变。"
            okText="取消重测"
            cancelText="返回"
            onConfirm={() => void act('cancel')}
          >
            <Button danger loading={busy} data-testid="rejudge-cancel">
              取消
            </Button>
          </Popconfirm>
          {set.state === 'judging' && (
            <Typography.Text type="secondary">全部评测完成后才能应用</Typography.Text>
          )}
        </div>
      )}
      {set.state === 'applied' && (
        <Alert
          type="success"
          showIcon
          message={`已于 ${dayjs(set.applied_at).format('YYYY-MM-DD HH:mm')} 应用`}
        />
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        榜单变化
      </Typography.Title>
      {open ? (
        <Table<RejudgeBoardRow>
          rowKey="uuid"
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={set.board}
          data-testid="rejudge-board"
          locale={{ emptyText: <Empty description="榜单没有变化（或还没有评测完的提交）" /> }}
          columns={[
            { title: '用户', dataIndex: 'username' },
            { title: '排名', render: (_, r) => arrow(r.rank_before, r.rank_after) },
            { title: '通过', render: (_, r) => arrow(r.solved_before, r.solved_after) },
            { title: '罚时', render: (_, r) => arrow(r.penalty_before, r.penalty_after) },
            ...(scored
              ? [
                  {
                    title: '得分',
                    render: (_: unknown, r: RejudgeBoardRow) => arrow(r.score_before, r.score_after),
                  },
                ]
              : []),
          ]}
        />
      ) : (
        <Typography.Paragraph type="secondary">
          重测集已{STATE_LABEL[set.state].text}，榜单以当前结果为准。
        </Typography.Paragraph>
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        新旧结果对照
      </Typography.Title>
      <Table<RejudgeRunView>
        rowKey="submission_id"
        size="small"
        scroll={{ x: 'max-content' }}
        dataSource={set.runs}
        data-testid="rejudge-runs"
        rowClassName={(r) => (r.changed ? 'oj-rejudge-changed' : '')}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
        columns={[
          { title: '提交', dataIndex: 'submission_id' },
          { title: '用户', render: (_, r) => r.user.username },
          { title: '题目', dataIndex: 'problem' },
          {
            title: '原结果',
            render: (_, r) => (
              <span>
                <VerdictTag status={r.old_status} />
                {points(r.old_score)}
              </span>
            ),
          },
          {
            title: '新结果',
            render: (_, r) =>
              r.new_status ? (
                <span data-testid="rejudge-new" data-changed={r.changed ? '1' : '0'}>
                  <VerdictTag status={r.new_status} />
                  {points(r.new_score)}
                </span>
              ) : (
                <Typography.Text type="secondary">评测中</Typography.Text>
              ),
          },
          { title: '时间（毫秒）', render: (_, r) => arrow(r.old_time, r.new_time) },
          { title: '内存（KiB）', render: (_, r) => arrow(r.old_memory, r.new_memory) },
        ]}
      />
    </div>
  );
}
