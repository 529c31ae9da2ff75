import { Button, Form } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import ContestInfoFields, { type InfoFormValues } from '../../../components/contest/ContestInfoFields';
import WizardSteps from './WizardSteps';
import { defaultRange } from './defaults';
import { useWizardStore } from './wizardStore';

/** /competition/user/add/1/info: name, description, times, password and freeze. */
export default function InfoStepPage() {
  const info = useWizardStore((s) => s.info);
  const setInfo = useWizardStore((s) => s.setInfo);
  const navigate = useNavigate();
  const initial: Partial<InfoFormValues> = info
    ? { ...info, range: [dayjs(info.start_time), dayjs(info.end_time)] }
    : { freeze_minutes: 0, range: defaultRange() };

  const next = (v: InfoFormValues) => {
    setInfo({
      name: v.name.trim(),
      description: v.description ?? '',
      start_time: v.range[0].toISOString(),
      end_time: v.range[1].toISOString(),
      password: v.password ?? '',
      freeze_minutes: v.freeze_minutes ?? 0,
    });
    navigate('/competition/user/add/1/select');
  };

  return (
    <WizardSteps current={0}>
      <Form<InfoFormValues> layout="vertical" initialValues={initial} onFinish={next} id="contest-info">
        <ContestInfoFields />
        <Button type="primary" htmlType="submit" data-testid="wizard-next">
          下一步：选择题目
        </Button>
      </Form>
    </WizardSteps>
  );
}
