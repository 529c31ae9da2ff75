import { useState } from 'react';
import { Alert, Input, Space, Table } from 'antd';
import Button from '../../../components/plain/Button';
import { Tag } from '../../../components/plain/Tag';
import { Navigate, useNavigate } from 'react-router';
import type { BankRow } from '../../../lib/contract';
import { useBank } from '../../../api/problems';
import DifficultyTag from '../../../components/DifficultyTag';
import { COMPETITION_LIMIT_VALUES } from '../../../lib/contestLimits';
import WizardSteps from './WizardSteps';
import { useWizardStore } from './wizardStore';

/** /competition/user/add/1/select: pick problems from the bank, with keyword search. */
export default function SelectStepPage() {
  const { info, problems, toggleProblem } = useWizardStore();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const { data, isFetching } = useBank({ keyword: keyword || undefined, pageNum: page, pageSize: 10 });
  if (!info) return <Navigate to="/competition/user/add/1/info" replace />;
  const selected = new Set(problems.map((p) => p.problem_id));
  const full = problems.length >= COMPETITION_LIMIT_VALUES.problemsMax;

  return (
    <WizardSteps current={1}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input.Search
          placeholder="按题号或题目名称搜索"
          allowClear
          enterButton="搜索"
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
          data-testid="wizard-search"
        />
        <div>
          已选 {problems.length} 题：
          {problems.map((p) => (
            <Tag key={p.problem_id} closable onClose={() => toggleProblem({ problem_id: p.problem_id, name: p.name }, false)}>
              {p.display_name}. {p.name}
            </Tag>
          ))}
        </div>
        {full && <Alert type="info" message={`一场比赛最多 ${COMPETITION_LIMIT_VALUES.problemsMax} 道题`} />}
        <Table<BankRow>
          rowKey="problem_id"
          size="small"
          loading={isFetching}
          dataSource={data?.records ?? []}
          data-testid="wizard-bank"
          rowSelection={{
            selectedRowKeys: [...selected],
            preserveSelectedRowKeys: true,
            getCheckboxProps: (r) => ({ disabled: full && !selected.has(r.problem_id) }),
            onSelect: (r, on) => toggleProblem({ problem_id: r.problem_id, name: r.chinese_name }, on),
            hideSelectAll: true,
          }}
          pagination={{ current: page, pageSize: 10, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
          locale={{ emptyText: '没有找到题目' }}
          columns={[
            { title: '题号', dataIndex: 'problem_id', width: 80 },
            { title: '题目', dataIndex: 'chinese_name' },
            { title: '难度', dataIndex: 'difficulty', width: 90, render: (d: number) => <DifficultyTag difficulty={d} /> },
            { title: '通过率', dataIndex: 'pass_rate', width: 90, render: (r: number) => `${(r * 100).toFixed(1)}%` },
          ]}
        />
        <Space>
          <Button onClick={() => navigate('/competition/user/add/1/info')}>上一步</Button>
          <Button type="primary" disabled={!problems.length} onClick={() => navigate('/competition/user/add/1/show')} data-testid="wizard-next">
            下一步：题目名称与顺序
          </Button>
        </Space>
      </Space>
    </WizardSteps>
  );
}
