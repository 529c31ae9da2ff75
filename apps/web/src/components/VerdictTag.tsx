import Tip from '../layout/Tip';
import { verdictStyle } from './verdicts';

/**
 * A verdict in its SPEC §4 colour: the code (AC, WA, …) with the Chinese name beside it. A span in
 * the look of antd's coloured Tag: antd's Tag (with its closable and checkable parts, ~8 KB brotli)
 * is not worth a record list's first load for a coloured label.
 */
export default function VerdictTag({ status, full = false }: { status: string; full?: boolean }) {
  const s = verdictStyle(status);
  return (
    <Tip title={`${s.short}（${s.name}）`}>
      <span
        className="oj-verdict-tag"
        style={{ background: s.color }}
        data-testid="verdict"
        data-verdict={status}
      >
        {full ? `${status} · ${s.name}` : status}
      </span>
    </Tip>
  );
}
