import { useEffect } from 'react';
import Result from '../../../components/plain/Result';
import Button from '../../../components/plain/Button';
import { Navigate, useNavigate } from 'react-router';
import WizardSteps from './WizardSteps';
import { useWizardStore } from './wizardStore';

/** /competition/user/add/1/success: the contest exists; open it or go back to the list. */
export default function SuccessStepPage() {
  const createdId = useWizardStore((s) => s.createdId);
  const clearDraft = useWizardStore((s) => s.clearDraft);
  const navigate = useNavigate();
  // The next contest starts from an empty form.
  useEffect(() => clearDraft(), [clearDraft]);
  if (createdId === null) return <Navigate to="/competition/user/add/1/info" replace />;
  return (
    <WizardSteps current={3}>
      <Result
        status="success"
        title="比赛创建成功"
        subTitle={`比赛编号 ${createdId}。开始前你仍然可以在比赛页查看题目。`}
        extra={[
          <Button type="primary" key="open" onClick={() => navigate(`/competition/${createdId}`)} data-testid="open-created">
            进入比赛
          </Button>,
          <Button key="list" onClick={() => navigate('/competition')}>
            返回比赛列表
          </Button>,
        ]}
      />
    </WizardSteps>
  );
}
