import { Tag, Tooltip } from 'antd';
import { verdictStyle } from './verdicts';

/** A verdict in its SPEC §4 colour: the code (AC, WA, …) with the Chinese name beside it. */
export default function VerdictTag({ status, full = false }: { status: string; full?: boolean }) {
  const s = verdictStyle(status);
  return (
    <Tooltip title={`${s.short}（${s.name}）`}>
      <Tag color={s.color} data-testid="verdict" data-verdict={status} style={{ marginInlineEnd: 0 }}>
        {full ? `${status} · ${s.name}` : status}
      </Tag>
    </Tooltip>
  );
}
