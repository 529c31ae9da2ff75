import { Tooltip } from 'antd';
import { verdictStyle } from './verdicts';

/**
 * A verdict in its SPEC §4 colour: the code (AC, WA, …) with the Chinese name beside it. A span in
 * the look of antd's coloured Tag: antd's Tag (with its closable and checkable parts, ~8 KB brotli)
 * is not worth a record list's first load for a coloured label. The hint stays antd's Tooltip: with
 * the CSS Tip instead, Rollup's chunk merging moved rc-trigger out of the shared chunk into one with
 * rc-form, and the bank and search pages (which need rc-trigger) grew by 25–30 KB.
 */
export default function VerdictTag({ status, full = false }: { status: string; full?: boolean }) {
  const s = verdictStyle(status);
  return (
    <Tooltip title={`${s.short}（${s.name}）`}>
      <span
        className="oj-verdict-tag"
        style={{ background: s.color }}
        data-testid="verdict"
        data-verdict={status}
      >
        {full ? `${status} · ${s.name}` : status}
      </span>
    </Tooltip>
  );
}
