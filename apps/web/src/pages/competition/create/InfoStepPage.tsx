import { Button, Form, Switch } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import ContestInfoFields, { type InfoFormValues } from '../../../components/contest/ContestInfoFields';
import WizardSteps from './WizardSteps';
import { defaultRange } from './defaults';
import { useWizardStore, type WizardInfo } from './wizardStore';
import RuleField from '../../../components/contest/RuleField';
import WindowField from '../../../components/contest/WindowField';
import TeamSizeField from '../../../components/contest/TeamSizeField';

type InfoValues = InfoFormValues & {
  exam_mode?: boolean;
  rule?: WizardInfo['rule'];
  window_minutes?: number;
  team_size?: number;
};

/** /competition/user/add/1/info: name, description, times, password, freeze and exam mode. */
export default function InfoStepPage() {
  const info = useWizardStore((s) => s.info);
  const setInfo = useWizardStore((s) => s.setInfo);
  const navigate = useNavigate();
  const initial: Partial<InfoValues> = info
    ? { ...info, range: [dayjs(info.start_time), dayjs(info.end_time)] }
    : {
        rule: 'icpc',
        freeze_minutes: 0,
        window_minutes: 0,
        team_size: 0,
        exam_mode: false,
        range: defaultRange(),
      };

  const next = (v: InfoValues) => {
    setInfo({
      name: v.name.trim(),
      description: v.description ?? '',
      start_time: v.range[0].toISOString(),
      end_time: v.range[1].toISOString(),
      password: v.password ?? '',
      freeze_minutes: v.freeze_minutes ?? 0,
      rule: v.rule ?? 'icpc',
      exam_mode: v.exam_mode ?? false,
      window_minutes: v.window_minutes ?? 0,
      team_size: v.team_size ?? 0,
    });
    navigate('/competition/user/add/1/select');
  };

  return (
    <WizardSteps current={0}>
      <Form<InfoValues> layout="vertical" initialValues={initial} onFinish={next} id="contest-info">
        <RuleField />
        <ContestInfoFields />
        <TeamSizeField />
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
