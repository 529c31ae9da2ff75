import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Select, Space, Switch, Table } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { CompetitionAddRequestRaw } from '../../../lib/contract';
import {
  adminAddCompetition,
  adminModifyCompetition,
  useCompetitionForEdit,
  useContestEditorBank,
} from '../../../api/competitions';
import ContestInfoFields, { type InfoFormValues } from '../../../components/contest/ContestInfoFields';
import { COMPETITION_LIMIT_VALUES } from '../../../lib/contestLimits';
import { letterOf, moveProblem, reletter, type WizardProblem } from '../../../lib/contestProblems';
import { notify } from '../../../lib/notify';
import ExamFields, { type ExamFormValues, rangesOf } from './ExamFields';
import RuleField from '../../../components/contest/RuleField';
import WindowField from '../../../components/contest/WindowField';
import TeamSizeField from '../../../components/contest/TeamSizeField';
import ClassesField from '../../../components/contest/ClassesField';
import { useAdminClasses } from '../../../api/classes';
import type { ContestRuleName } from '@oj/shared/api/contest-rule-names';

interface Values extends InfoFormValues, ExamFormValues {
  rated?: boolean;
  rule?: ContestRuleName;
  window_minutes?: number;
  team_size?: number;
  class_ids?: number[];
}

/** Create (id null) or edit a programming contest: basic information, rated, problems with names and order. */
export default function ContestEditor({
  id,
  open,
  onClose,
}: {
  id: number | null;
  open: boolean;
  onClose(saved: boolean): void;
}) {
  const [form] = Form.useForm<Values>();
  const [problems, setProblems] = useState<WizardProblem[]>([]);
  const [keyword, setKeyword] = useState('');
  const [busy, setBusy] = useState(false);
  const existing = useCompetitionForEdit(id, open);
  const bank = useContestEditorBank(keyword, open);
  // 限定班级: an administrator may restrict a contest to any class.
  const classes = useAdminClasses();

  useEffect(() => {
    if (!open) return;
    if (id === null) {
      form.resetFields();
      form.setFieldsValue({
        rule: 'icpc',
        freeze_minutes: 0,
        window_minutes: 0,
        team_size: 0,
        rated: true,
        exam_mode: false,
        exam_ips_text: '',
        range: [dayjs().add(1, 'day').startOf('hour'), dayjs().add(1, 'day').startOf('hour').add(2, 'hour')],
      });
      setProblems([]);
    } else if (existing.data) {
      const c = existing.data;
      form.setFieldsValue({
        rule: c.rule,
        name: c.name,
        description: c.description,
        range: [dayjs(c.start_time), dayjs(c.end_time)],
        freeze_minutes: c.freeze_minutes,
        window_minutes: c.window_minutes,
        team_size: c.team_size,
        rated: c.rated,
        password: undefined,
        exam_mode: c.exam_mode,
        exam_ips_text: c.exam_ips.join('\n'),
        class_ids: (c.classes ?? []).map((k) => k.class_id),
      });
      setProblems(
        reletter(
          c.problems.map((p) => ({
            problem_id: p.problem_id,
            name: p.name,
            display_name: p.display_name,
            title: p.title,
          })),
        ),
      );
    }
  }, [open, id, existing.data, form]);

  const addProblem = (problemId: number) => {
    const row = bank.data?.records.find((r) => r.problem_id === problemId);
    if (!row || problems.some((p) => p.problem_id === problemId)) return;
    setProblems([
      ...problems,
      {
        problem_id: row.problem_id,
        name: row.chinese_name,
        display_name: letterOf(problems.length),
        title: '',
      },
    ]);
  };

  const save = async (v: Values) => {
    if (!problems.length) {
      notify.error('比赛至少需要一道题目，请在「题目」中添加');
      return;
    }
    const body: CompetitionAddRequestRaw = {
      name: v.name.trim(),
      description: v.description ?? '',
      type: 1,
      start_time: v.range[0].toISOString(),
      end_time: v.range[1].toISOString(),
      // Editing: an empty password field keeps the current one.
      password: v.password || undefined,
      // A team contest is never rated (the server refuses it).
      rated: (v.rated ?? false) && !v.team_size,
      team_size: v.team_size ?? 0,
      freeze_minutes: v.freeze_minutes ?? 0,
      window_minutes: v.window_minutes ?? 0,
      rule: v.rule ?? 'icpc',
      exam_mode: v.exam_mode ?? false,
      exam_ips: v.exam_mode ? rangesOf(v.exam_ips_text) : [],
      class_ids: v.class_ids ?? [],
      problems: problems.map((p) => ({ problem_id: p.problem_id, title: p.title.trim() || undefined })),
    };
    setBusy(true);
    try {
      if (id === null) await adminAddCompetition(body, body.rated ?? false);
      else await adminModifyCompetition(id, body);
      notify.success(id === null ? '比赛已创建' : '比赛已保存');
      onClose(true);
    } catch {
      // toasted by the client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={id === null ? '新建比赛' : `编辑比赛 #${id}`}
      open={open}
      width={860}
      okText="保存"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
      forceRender
    >
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void save(v)}>
        <RuleField locked={id !== null && existing.data?.state !== 'upcoming'} />
        <ContestInfoFields editing={id !== null} />
        <TeamSizeField locked={id !== null && existing.data?.state !== 'upcoming'} />
        <ClassesField
          options={(classes.data ?? []).map((k) => ({
            value: k.class_id,
            label: `${k.name}（${k.teacher_name}）`,
          }))}
        />
        <WindowField locked={id !== null && existing.data?.state !== 'upcoming'} />
        {/* Team contests are not rated (docs/competitions.md, "Team contests"): no 计入 rating offered. */}
        <Form.Item noStyle dependencies={['team_size']}>
          {({ getFieldValue }) =>
            (getFieldValue('team_size') ?? 0) > 0 ? null : (
              <Form.Item name="rated" label="计算 Rating" valuePropName="checked">
                <Switch checkedChildren="计分" unCheckedChildren="不计分" />
              </Form.Item>
            )
          }
        </Form.Item>
        <ExamFields />
        <Form.Item label={`题目（最多 ${COMPETITION_LIMIT_VALUES.problemsMax} 道）`} required>
          <Select
            showSearch
            value={null}
            placeholder="搜索题库并添加题目"
            filterOption={false}
            onSearch={setKeyword}
            onChange={(v: number) => addProblem(v)}
            loading={bank.isFetching}
            options={(bank.data?.records ?? []).map((r) => ({
              value: r.problem_id,
              label: `${r.problem_id}. ${r.chinese_name}`,
              disabled: problems.some((p) => p.problem_id === r.problem_id),
            }))}
            style={{ width: '100%', marginBottom: 8 }}
            data-testid="admin-problem-picker"
          />
          <Table<WizardProblem>
            rowKey="problem_id"
            size="small"
            pagination={false}
            dataSource={problems}
            locale={{ emptyText: '还没有选择题目' }}
            columns={[
              { title: '题号', dataIndex: 'display_name', width: 56 },
              {
                title: '比赛中显示的标题',
                key: 'title',
                width: 220,
                render: (_: unknown, p: WizardProblem, i: number) => (
                  <Input
                    size="small"
                    value={p.title}
                    placeholder={p.name}
                    maxLength={COMPETITION_LIMIT_VALUES.problemTitleMax}
                    onChange={(e) =>
                      setProblems(problems.map((x, j) => (j === i ? { ...x, title: e.target.value } : x)))
                    }
                  />
                ),
              },
              { title: '原题号', dataIndex: 'problem_id', width: 70 },
              { title: '题目', dataIndex: 'name' },
              {
                title: '操作',
                key: 'ops',
                width: 130,
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
                      onClick={() => setProblems(reletter(problems.filter((x) => x !== p)))}
                      aria-label="移除"
                    />
                  </Space>
                ),
              },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
