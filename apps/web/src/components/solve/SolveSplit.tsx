import { useRef, useState, type ReactNode } from 'react';

type Pane = 'statement' | 'code';

/** Where the sticky switch rests: under the 56 px top bar, 8 px below it (components/problem.css). */
const SWITCH_TOP_PX = 64;

/**
 * The frame of a solving page: statement (`.oj-solve-statement`) and editor (`.oj-solve-editor`)
 * side by side on a wide screen; on a phone (below 768 px, components/problem.css) one of them at a time,
 * behind a 题目 / 代码 switch. Both stay mounted, so the code, the scroll and the live result
 * survive switching; Ace lays itself out again when its pane is shown (its ResizeObserver).
 */
export default function SolveSplit({ children }: { children: ReactNode }) {
  const [pane, setPane] = useState<Pane>('statement');
  const root = useRef<HTMLDivElement>(null);
  const show = (key: Pane) => {
    setPane(key);
    // Read far down the statement: the other pane starts at its top, under the sticky switch.
    const el = root.current;
    if (!el) return;
    const top = el.getBoundingClientRect().top + window.scrollY - SWITCH_TOP_PX;
    if (window.scrollY > top) window.scrollTo(0, Math.max(0, top));
  };
  const tab = (key: Pane, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={pane === key}
      className={`oj-solve-switch-tab${pane === key ? ' oj-solve-switch-active' : ''}`}
      onClick={() => show(key)}
    >
      {label}
    </button>
  );
  return (
    <div className="oj-solve" data-pane={pane} data-testid="solve-page" ref={root}>
      <div className="oj-solve-switch" role="tablist" aria-label="题目与代码">
        {tab('statement', '题目')}
        {tab('code', '代码')}
      </div>
      {children}
    </div>
  );
}
