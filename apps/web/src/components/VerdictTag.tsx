import Tip from '../layout/Tip';
import { verdictStyle } from './verdicts';

/**
 * A verdict in its SPEC §4 colour: the code (AC, WA, …) with the Chinese name beside it, and the
 * short explanation as a CSS hover hint. A span in the look of antd's coloured Tag (.oj-verdict-tag in
 * plain/plain.css): antd's Tag and Tooltip (with rc-trigger) are not worth a record list's first load
 * for a coloured label.
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
