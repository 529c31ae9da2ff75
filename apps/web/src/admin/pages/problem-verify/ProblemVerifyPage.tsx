import { useState } from 'react';
import dayjs from 'dayjs';
import { Button, Card, Popconfirm, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, PlusOutlined, RedoOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import {
  deleteJurySolution,
  runAllJury,
  runOneJury,
  useJuryPage,
  useRefreshJuryPage,
} from '../../../api/jury';
import VerdictTag from '../../../components/VerdictTag';
import { formatMemory } from '../../../components/verdicts';
import { JURY_RUN_STATE_LABELS, type JuryRunState, type JurySolution } from '../../../lib/contract';
import { notify } from '../../../lib/notify';
import { useEditId } from '../../useEditPage';
import SolutionDrawer from './SolutionDrawer';
import SummaryBanner from './SummaryBanner';
import ValidatorCard from './ValidatorCard';
import TestRuns from './TestRuns';
import './verify.css';

const STATE_COLORS: Record<JuryRunState, string> = {
  pending: 'processing',
  stale: 'default',
  agree: 'success',
  disagree: 'error',
  failed: 'error',
};

/** 题目验证: the problem's jury solutions against what they expect, the conclusion, the input validator. */
export default function ProblemVerifyPage() {
  const id = useEditId('problemId');
  const navigate = useNavigate();
  const { data, isPending } = useJuryPage(id);
  const refreshPage = useRefreshJuryPage();
  const refresh = () => refreshPage(id);
  const [editing, setEditing] = useState<JurySolution | 'new' | null>(null);

  const run = async (what: () => Promise<{ count: number }>, done: (n: number) => string) => {
    try {
      notify.success(done((await what()).count));
      await refresh();
    } catch {
      // toast shown
    }
  };
  const remove = async (s: JurySolution) => {
    try {
      await deleteJurySolution(s.solution_id);
      notify.success(`解法「${s.name}」已删除`);
      await refresh();
    } catch {
      // toast shown
    }
  };

  if (isPending || !data) return <Skeleton active paragraph={{ rows: 10 }} />;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="problem-verify">
      <Card
        title={
          <span className="verify-title">
            题目验证 · {id} {data.chinese_name}
          </span>
        }
      >
        <Space wrap style={{ marginBottom: 16 }}>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(`/problems/${id}/edit`)}>
            编辑题目
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing('new')}
            data-testid="add-solution"
          >
            添加解法
          </Button>
          <Button
            icon={<RedoOutlined />}
            disabled={!data.solutions.length}
            onClick={() =>
              void run(
                () => runAllJury(id),
                (n) => `已加入评测队列：${n} 个解法`,
              )
            }
            data-testid="run-all"
          >
            全部重新评测
          </Button>
        </Space>
        <Typography.Paragraph type="secondary">
          时限 {data.time_limit} ms，内存 {data.memory_limit} MiB，测试数据 {data.test_case_num}{' '}
          组。解法的评测不是提交： 不进入评测记录、提交数和排名。
        </Typography.Paragraph>
        <SummaryBanner summary={data.summary} visible={data.visible} />
        <div className="verify-table">
          <Table<JurySolution>
            rowKey="solution_id"
            size="small"
            scroll={{ x: 'max-content' }}
            dataSource={data.solutions}
            pagination={false}
            locale={{ emptyText: '还没有解法' }}
            onRow={(s) => ({ 'data-testid': 'solution-row', 'data-state': s.run.state }) as object}
            expandable={{ expandedRowRender: (s) => <TestRuns solution={s} /> }}
            columns={[
              {
                title: '解法',
                dataIndex: 'name',
                render: (name: string, s) => (
                  <span>
                    {name}
                    {s.origin === 'import' && <Tag style={{ marginLeft: 6 }}>导入</Tag>}
                  </span>
                ),
              },
              { title: '语言', dataIndex: 'language' },
              {
                title: '期望',
                dataIndex: 'expected',
                render: (list: string[]) => (
                  <Space size={4} wrap>
                    {list.map((v) => (
                      <Tag key={v}>{v === 'Sign' ? 'RE' : v}</Tag>
                    ))}
                  </Space>
                ),
              },
              {
                title: '实际',
                key: 'actual',
                render: (_, s) => (
                  <Space size={4}>
                    {s.run.status ? <VerdictTag status={s.run.status} /> : null}
                    <Tag color={STATE_COLORS[s.run.state]} data-testid="run-state">
                      {JURY_RUN_STATE_LABELS[s.run.state]}
                    </Tag>
                  </Space>
                ),
              },
              {
                title: '最大用时 / 时限',
                key: 'time',
                render: (_, s) => (
                  <span
                    className={
                      s.run.time_ms * 2 > s.run.limit_ms && s.run.status === 'AC' ? 'verify-tight' : ''
                    }
                  >
                    {s.run.judged_at ? `${s.run.time_ms} / ${s.run.limit_ms} ms` : '—'}
                  </span>
                ),
              },
              {
                title: '内存',
                key: 'memory',
                render: (_, s) => (s.run.judged_at ? formatMemory(s.run.memory_kib) : '—'),
              },
              {
                title: '评测时间',
                key: 'judged_at',
                render: (_, s) => (s.run.judged_at ? dayjs(s.run.judged_at).format('MM-DD HH:mm:ss') : '—'),
              },
              {
                title: '操作',
                key: 'ops',
                render: (_, s) => (
                  <Space size={0}>
                    <Button type="link" onClick={() => setEditing(s)}>
                      编辑
                    </Button>
                    <Button
                      type="link"
                      onClick={() =>
                        void run(
                          () => runOneJury(s.solution_id),
                          () => '已加入评测队列',
                        )
                      }
                    >
                      评测
                    </Button>
                    <Popconfirm
                      title={`删除解法「${s.name}」？`}
                      okText="删除"
                      okButtonProps={{ danger: true }}
                      cancelText="取消"
                      onConfirm={() => void remove(s)}
                    >
                      <Button type="link" danger>
                        删除
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        </div>
      </Card>
      <ValidatorCard problemId={id} validator={data.validator} onChanged={refresh} />
      <SolutionDrawer problemId={id} editing={editing} onClose={() => setEditing(null)} onSaved={refresh} />
    </Space>
  );
}
