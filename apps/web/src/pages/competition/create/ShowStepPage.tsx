import { useState } from 'react';
import { Input, Modal, Space, Table } from 'antd';
import Button from '../../../components/plain/Button';
import { Tag } from '../../../components/plain/Tag';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { Navigate, useNavigate } from 'react-router';
import { addUserCompetition } from '../../../api/competitions';
import { COMPETITION_TYPES_VALUES } from './types';
import { COMPETITION_LIMIT_VALUES } from '../../../lib/contestLimits';
import WizardSteps from './WizardSteps';
import { moveProblem, type WizardProblem } from '../../../lib/contestProblems';
import { useWizardStore } from './wizardStore';

/** A start closer than this is asked about first (a contest meant for later must not go live by mistake). */
const SOON_MS = 10 * 60_000;

/**
 * /competition/user/add/1/show: edit the titles shown in the contest and the order (the letter
 * badges follow the order), then create the contest.
 */
export default function ShowStepPage() {
  const { info, problems, setProblems, toggleProblem, finish } = useWizardStore();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [modal, modalHolder] = Modal.useModal();
  if (!info) return <Navigate to="/competition/user/add/1/info" replace />;
  if (!problems.length) return <Navigate to="/competition/user/add/1/select" replace />;

  const retitle = (i: number, title: string) =>
    setProblems(problems.map((p, j) => (j === i ? { ...p, title } : p)));
  const confirmSoonStart = () => {
    const lead = Date.parse(info.start_time) - Date.now();
    if (lead >= SOON_MS) return Promise.resolve(true);
    const minutes = Math.max(0, Math.ceil(lead / 60_000));
    return new Promise<boolean>((resolve) => {
      modal.confirm({
        title: lead <= 0 ? '比赛的开始时间已过，创建后立即开始' : `比赛将在 ${minutes} 分钟内开始`,
        content: `开始时间：${dayjs(info.start_time).format('YYYY-MM-DD HH:mm')}。如果这场比赛不是现在就要进行，请返回第一步修改开始时间。`,
        okText: '仍然创建',
        cancelText: '返回修改',
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
  };
  const create = async () => {
    if (!(await confirmSoonStart())) return;
    setBusy(true);
    try {
      const { competition_id } = await addUserCompetition({
        ...info,
        type: COMPETITION_TYPES_VALUES.programming,
        password: info.password || undefined,
        problems: problems.map((p) => ({ problem_id: p.problem_id, title: p.title?.trim() || undefined })),
      });
      finish(competition_id);
      navigate('/competition/user/add/1/success');
    } catch {
      // the client shows the server's message (it names the field)
    } finally {
      setBusy(false);
    }
  };

  return (
    <WizardSteps current={2}>
      {modalHolder}
      <Table<WizardProblem>
        rowKey="problem_id"
        size="small"
        pagination={false}
        dataSource={problems}
        data-testid="wizard-order"
        columns={[
          {
            title: '题号',
            dataIndex: 'display_name',
            width: 64,
            render: (d: string) => <Tag color="blue">{d}</Tag>,
          },
          {
            title: '比赛中显示的标题',
            key: 'title',
            render: (_: unknown, p: WizardProblem, i: number) => (
              <Input
                value={p.title ?? ''}
                maxLength={COMPETITION_LIMIT_VALUES.problemTitleMax}
                onChange={(e) => retitle(i, e.target.value)}
                placeholder={p.name}
                aria-label={`${p.display_name} 题的显示标题`}
                data-testid={`wizard-title-${i}`}
              />
            ),
          },
          {
            title: '原题',
            key: 'source',
            width: 220,
            render: (_: unknown, p: WizardProblem) => (
              <span>
                #{p.problem_id} {p.name}
              </span>
            ),
          },
          {
            title: '顺序',
            key: 'order',
            width: 160,
            render: (_: unknown, p: WizardProblem, i: number) => (
              <Space>
                <Button
                  size="small"
                  icon={<ArrowUpOutlined />}
                  disabled={i === 0}
                  onClick={() => setProblems(moveProblem(problems, i, i - 1))}
                  aria-label="上移"
                />
                <Button
                  size="small"
                  icon={<ArrowDownOutlined />}
                  disabled={i === problems.length - 1}
                  onClick={() => setProblems(moveProblem(problems, i, i + 1))}
                  aria-label="下移"
                />
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => toggleProblem(p, false)}
                  aria-label="移除"
                />
              </Space>
            ),
          },
        ]}
      />
      <Space style={{ marginTop: 16 }}>
        <Button onClick={() => navigate('/competition/user/add/1/select')}>上一步</Button>
        <Button type="primary" loading={busy} onClick={() => void create()} data-testid="wizard-create">
          创建比赛
        </Button>
      </Space>
    </WizardSteps>
  );
}
