import type { ProblemListProgress } from '../../lib/contract';

/** A viewer's progress on a list: solved of total, and how many were tried without a pass. */
export default function ProgressBar({ progress }: { progress: ProblemListProgress }) {
  const { total, solved, attempted } = progress;
  const percent = total ? Math.round((solved / total) * 100) : 0;
  return (
    <div className="oj-plist-progress" data-testid="list-progress">
      <div
        className="oj-plist-bar"
        role="progressbar"
        aria-label="通过进度"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="oj-plist-bar-done" style={{ width: `${percent}%` }} />
      </div>
      <span>
        已通过 <b data-testid="progress-solved">{solved}</b> / {total} 题，尝试过 <b>{attempted}</b> 题
      </span>
    </div>
  );
}
