import Progress from '../../components/plain/Progress';
import type { ProblemListProgress } from '../../lib/contract';

/** A viewer's progress on a list: solved of total, and how many were tried without a pass. */
export default function ProgressBar({ progress }: { progress: ProblemListProgress }) {
  const { total, solved, attempted } = progress;
  return (
    <div className="oj-plist-progress" data-testid="list-progress">
      <Progress percent={total ? (solved / total) * 100 : 0} status="success" showInfo={false} size="small" />
      <span>
        已通过 <b data-testid="progress-solved">{solved}</b> / {total} 题，尝试过 <b>{attempted}</b> 题
      </span>
    </div>
  );
}
