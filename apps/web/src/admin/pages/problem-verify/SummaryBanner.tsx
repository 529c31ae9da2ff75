import { Alert } from 'antd';
import type { VerifySummary } from '../../../lib/contract';

const TITLES: Record<VerifySummary['state'], string> = {
  none: '还没有解法：添加标程和错误解法后，会自动评测并核对结果',
  pending: '正在评测解法，结果出来后再下结论',
  ok: '全部解法都符合期望',
  warning: '全部解法都符合期望，但有需要注意的地方',
  error: '有解法不符合期望：题目数据、时限或解法可能有误',
};

const TYPES = {
  none: 'info',
  pending: 'info',
  ok: 'success',
  warning: 'warning',
  error: 'error',
} as const;

/** The validation's conclusion: success, warning or error, the reasons, and whether it may be published. */
export default function SummaryBanner({ summary, visible }: { summary: VerifySummary; visible: boolean }) {
  const publishing = visible
    ? '题目已公开。'
    : summary.publishable
      ? '可以公开：在编辑页打开「对用户可见」并保存。'
      : '暂不能公开：编辑页保存为可见时会被拒绝，确认后可强制公开。';
  return (
    <Alert
      data-testid="verify-summary"
      data-state={summary.state}
      type={TYPES[summary.state]}
      showIcon
      message={`${TITLES[summary.state]}（${summary.agreeing} / ${summary.total} 个解法符合期望）`}
      description={
        <div className="verify-summary-lines">
          {summary.messages.map((m) => (
            <div key={m}>{m}</div>
          ))}
          <div className="verify-summary-publish">{publishing}</div>
        </div>
      }
    />
  );
}
