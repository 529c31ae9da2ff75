import { Steps } from 'antd';
import Card from '../../../components/plain/Card';
import type { ReactNode } from 'react';
import '../shared/competition.css';

const STEPS = ['基本信息', '选择题目', '题目名称与顺序', '完成'];

/** The frame of the four creation steps (/competition/user/add/1/...). */
export default function WizardSteps({ current, children }: { current: number; children: ReactNode }) {
  return (
    <div className="oj-wizard" data-testid={`wizard-step-${current}`}>
      <Card title="创建编程比赛">
        <Steps current={current} items={STEPS.map((title) => ({ title }))} style={{ marginBottom: 24 }} />
        {children}
      </Card>
    </div>
  );
}
