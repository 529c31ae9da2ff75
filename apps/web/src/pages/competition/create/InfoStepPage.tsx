import { useState, type KeyboardEvent } from 'react';
import { Form, Switch } from 'antd';
import Button from '../../../components/plain/Button';
import dayjs from 'dayjs';
import { useNavigate, useSearchParams } from 'react-router';
import ContestInfoFields, { type InfoFormValues } from '../../../components/contest/ContestInfoFields';
import WizardSteps from './WizardSteps';
import { defaultRange } from './defaults';
import { useWizardStore, type WizardInfo } from './wizardStore';
import RuleField from '../../../components/contest/RuleField';
import WindowField from '../../../components/contest/WindowField';
import TeamSizeField from '../../../components/contest/TeamSizeField';
import ClassesField from '../../../components/contest/ClassesField';
import { useMyClasses } from '../../../api/classes';

type InfoValues = InfoFormValues & {
  exam_mode?: boolean;
  rule?: WizardInfo['rule'];
  window_minutes?: number;
  team_size?: number;
  class_ids?: number[];
};

/** The form's values as the store keeps them (times as ISO strings; what is not typed yet stays out). */
function toInfo(v: Partial<InfoValues>): Partial<WizardInfo> {
  const [start, end] = v.range ?? [];
  return {
    name: v.name ?? '',
    description: v.description ?? '',
    ...(start ? { start_time: start.toISOString() } : {}),
    ...(end ? { end_time: end.toISOString() } : {}),
    password: v.password ?? '',
    freeze_minutes: v.freeze_minutes ?? 0,
    rule: v.rule ?? 'icpc',
    exam_mode: v.exam_mode ?? false,
    window_minutes: v.window_minutes ?? 0,
    team_size: v.team_size ?? 0,
    class_ids: v.class_ids ?? [],
  };
}

/** Enter in a one-line field confirms that field (a typed time, a name); only 下一步 advances. */
function keepEnterInField(e: KeyboardEvent<HTMLFormElement>) {
  if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') e.preventDefault();
}

/** /competition/user/add/1/info: name, description, times, password, freeze and exam mode. */
export default function InfoStepPage() {
  const saved = useWizardStore((s) => s.draft ?? s.info);
  const setInfo = useWizardStore((s) => s.setInfo);
  const setDraft = useWizardStore((s) => s.setDraft);
  const navigate = useNavigate();
  // 创建班级比赛 on a class page opens the wizard with that class chosen (`?class_id=`).
  const [params] = useSearchParams();
  const preselected = Number(params.get('class_id')) || 0;
  // 限定班级: the classes the user teaches or assists (none: the field is hidden).
  const mine = useMyClasses();
  const managed = (mine.data ?? [])
    .filter((c) => c.my_role === 'teacher' || c.my_role === 'ta')
    .map((c) => ({ value: c.class_id, label: c.name }));
  // Read once: the form owns its values from then on (the store only mirrors them).
  const [initial] = useState<Partial<InfoValues>>(() => {
    const defaults = {
      rule: 'icpc' as const,
      freeze_minutes: 0,
      window_minutes: 0,
      team_size: 0,
      exam_mode: false,
      range: defaultRange(),
    };
    const classes = preselected ? { class_ids: [preselected] } : {};
    if (!saved) return { ...defaults, ...classes };
    const { start_time, end_time, ...rest } = saved;
    return {
      ...defaults,
      ...rest,
      ...classes,
      range: start_time && end_time ? [dayjs(start_time), dayjs(end_time)] : defaults.range,
    } as Partial<InfoValues>;
  });

  const next = (v: InfoValues) => {
    setInfo({ ...(toInfo(v) as WizardInfo), name: v.name.trim() });
    navigate('/competition/user/add/1/select');
  };

  return (
    <WizardSteps current={0}>
      <Form<InfoValues>
        layout="vertical"
        initialValues={initial}
        onFinish={next}
        onValuesChange={(_, all) => setDraft(toInfo(all))}
        onKeyDown={keepEnterInField}
        id="contest-info"
      >
        <RuleField />
        <ContestInfoFields />
        <TeamSizeField />
        <ClassesField options={managed} />
        <WindowField />
        {/* Exam mode yes; IP ranges are set by admins only (they know the venue's network). */}
        <Form.Item
          name="exam_mode"
          label="考试模式"
          valuePropName="checked"
          extra="比赛进行期间，报名的参赛者只能访问本场比赛的页面，比赛结束后自动解除。"
        >
          <Switch checkedChildren="开启" unCheckedChildren="关闭" data-testid="wizard-exam-mode" />
        </Form.Item>
        <Button type="primary" htmlType="submit" data-testid="wizard-next">
          下一步：选择题目
        </Button>
      </Form>
    </WizardSteps>
  );
}
