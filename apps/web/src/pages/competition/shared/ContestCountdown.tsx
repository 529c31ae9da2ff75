import { Tag } from '../../../components/plain/Tag';
import { formatCountdown, phaseAt } from '../../../lib/contestTime';
import { useNow } from '../../../components/useNow';

/** 距开始 / 距结束 countdown, or 已结束; `onPhaseChange` lets the page refetch when the contest starts or ends. */
export default function ContestCountdown({ start, end }: { start: string; end: string }) {
  const now = useNow();
  const phase = phaseAt(start, end, now);
  if (phase === 'upcoming')
    return (
      <Tag color="blue" data-testid="countdown">
        距开始 {formatCountdown(Date.parse(start) - now)}
      </Tag>
    );
  if (phase === 'running')
    return (
      <Tag color="green" data-testid="countdown">
        进行中 · 距结束 {formatCountdown(Date.parse(end) - now)}
      </Tag>
    );
  return (
    <Tag color="default" data-testid="countdown">
      已结束
    </Tag>
  );
}
