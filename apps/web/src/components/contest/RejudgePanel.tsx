import { Input, InputNumber, Table } from 'antd';
import Button from '../plain/Button';
import Empty from '../plain/Empty';
import { Tag } from '../plain/Tag';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useContestProblems } from '../../api/competitions';
import { createRejudgeSet, useRefreshRejudge, useRejudgeSets } from '../../api/rejudge';
import type { RejudgeScope, RejudgeSetSummary } from '../../lib/contract';
import { notify } from '../../lib/notify';
import { NativeSelect } from '../NativeSelect';
import RejudgeSetView, { scopeText, STATE_LABEL } from './RejudgeSetView';
import './rejudge.css';

const SCOPES: { value: RejudgeScope; label: string }[] = [
  { value: 'contest', label: '整场比赛' },
  { value: 'problem', label: '一道题' },
  { value: 'submission', label: '单个提交' },
];

/**
 * 重测: a contest's rejudge sets (list, new set by scope) and the chosen set's results. The same
 * panel serves the management site and a user-created contest's author on the user site; the
 * server decides who may (admins, the author of that contest).
 */
export default function RejudgePanel({ contestId }: { contestId: number }) {
  const sets = useRejudgeSets(contestId);
  const problems = useContestProblems(contestId, contestId > 0);
  const refresh = useRefreshRejudge();
  const [scope, setScope] = useState<RejudgeScope>('contest');
  const [index, setIndex] = useState<number | undefined>(undefined);
  const [submissionId, setSubmissionId] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [creating, setCreating] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const list = sets.data ?? [];
  const shown = chosen ?? list.find((s) => s.state === 'judging' || s.state === 'ready')?.set_id ?? null;

  const create = async () => {
    setCreating(true);
    try {
      const r = await createRejudgeSet({
        competition_id: contestId,
        scope,
        ...(scope === 'problem' && index !== undefined ? { problem_index: index } : {}),
        ...(scope === 'submission' && submissionId !== null ? { submission_id: submissionId } : {}),
        reason,
      });
      notify.success(`重测集已创建：${r.total} 个提交正在评测`);
      setReason('');
      setChosen(r.set_id);
      await refresh();
    } catch {
      // toasted by the client
    } finally {
      setCreating(false);
    }
  };

  return (
    <div data-testid="rejudge-panel">
      <div className="oj-rejudge-form">
        <NativeSelect<RejudgeScope>
          aria-label="重测范围"
          value={scope}
          onChange={setScope}
          options={SCOPES}
        />
        {scope === 'problem' && (
          <NativeSelect<number>
            aria-label="题目"
            placeholder="选择题目"
            value={index}
            onChange={setIndex}
            options={(problems.data ?? []).map((p) => ({
              value: p.index,
              label: `${p.display_name}. ${p.name}`,
            }))}
          />
        )}
        {scope === 'submission' && (
          <InputNumber
            min={1}
            placeholder="提交编号"
            value={submissionId}
            onChange={(v) => setSubmissionId(typeof v === 'number' ? v : null)}
            aria-label="提交编号"
          />
        )}
        <Input
          className="oj-rejudge-reason"
          placeholder="原因（选填，如：数据有误已修正）"
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
          aria-label="原因"
        />
        <Button type="primary" loading={creating} onClick={() => void create()} data-testid="rejudge-create">
          新建重测
        </Button>
      </div>
      <Table<RejudgeSetSummary>
        rowKey="set_id"
        size="small"
        loading={sets.isLoading}
        dataSource={list}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: <Empty description="还没有重测过" /> }}
        rowClassName={(s) => (s.set_id === shown ? 'ant-table-row-selected' : '')}
        columns={[
          { title: '编号', dataIndex: 'set_id' },
          { title: '范围', render: (_, s) => scopeText(s) },
          {
            title: '状态',
            render: (_, s) => <Tag color={STATE_LABEL[s.state].color}>{STATE_LABEL[s.state].text}</Tag>,
          },
          { title: '进度', render: (_, s) => `${s.judged} / ${s.total}` },
          { title: '有变化', dataIndex: 'changed' },
          {
            title: '创建',
            render: (_, s) =>
              `${s.created_by?.username ?? '—'} · ${dayjs(s.created_at).format('MM-DD HH:mm')}`,
          },
          {
            title: '操作',
            render: (_, s) => (
              <Button
                size="small"
                type="link"
                onClick={() => setChosen(s.set_id)}
                data-testid={`rejudge-open-${s.set_id}`}
              >
                查看
              </Button>
            ),
          },
        ]}
      />
      {shown !== null && (
        <div style={{ marginTop: 16 }}>
          <RejudgeSetView key={shown} setId={shown} />
        </div>
      )}
    </div>
  );
}
