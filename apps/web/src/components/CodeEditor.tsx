import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { editorsMayLoad } from './loadOrder';
import { leaveCursor } from './editorFocus';
import './code-editor.css';

export interface CodeEditorProps {
  value: string;
  /** `delta`: Ace's change event, for the code replay recorder (absent when the value was set). */
  onChange: (v: string, delta?: AceDelta) => void;
  /** One of SPEC §3's languages, or `Markdown`. */
  language: string;
  theme?: string;
  height?: string;
  fontSize?: number;
  readOnly?: boolean;
}

/** Ace's change event (same shape as `AceDelta` of @oj/shared/replay). */
export interface AceDelta {
  action: 'insert' | 'remove';
  start: { row: number; column: number };
  end: { row: number; column: number };
  lines: string[];
}

// Ace is large (114 KB compressed, more than the rest of a solving page): it is its own chunk, and
// each language's mode and each theme load on their own (AceCode). Once loaded, every editor of the
// visit draws it at once.
let loaded: ComponentType<CodeEditorProps> | null = null;
let loading: Promise<ComponentType<CodeEditorProps>> | null = null;

function loadAce(): Promise<ComponentType<CodeEditorProps>> {
  loading ??= editorsMayLoad()
    .then(() => import('./AceCode'))
    .then((m) => (loaded = m.default))
    .catch((e: unknown) => {
      // The plain box goes on working; the next wish tries again.
      loading = null;
      throw e;
    });
  return loading;
}

/** Ace's dark themes: the plain box is dark under them too, so the switch to Ace does not flash. */
const DARK_THEMES = new Set(['twilight', 'monokai']);

/**
 * Until Ace is there (on a slow link, seconds after the page): a plain text box with the same code,
 * so typing never waits for the editor (with `loadWhenUsed`, until the writer comes to it). Ace takes over the text, the focus and the cursor.
 */
function PlainCode({ value, onChange, theme, height = '460px', fontSize = 14, readOnly }: CodeEditorProps) {
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const el = box.current;
    return () => {
      if (el && document.activeElement === el) leaveCursor(el.selectionStart);
    };
  }, []);
  return (
    <textarea
      ref={box}
      className={theme && DARK_THEMES.has(theme) ? 'oj-code-plain oj-code-plain-dark' : 'oj-code-plain'}
      data-testid="code-plain"
      aria-label="代码"
      spellCheck={false}
      autoComplete="off"
      value={value}
      readOnly={readOnly}
      onChange={(e) => onChange(e.target.value)}
      style={{ height, fontSize }}
    />
  );
}

/**
 * The code editor (Ace through react-ace): themes textmate / eclipse / twilight / monokai.
 *
 * `loadWhenUsed`: Ace loads when the writer comes to the editor (the pointer over it, a touch, the
 * focus), not with the page. A solving page is then read and typed into at once, with the plain box
 * (the same font, the code as it is) until then, and the page's first load stays a third smaller.
 * Without it (a replay, the management site) Ace loads with the page, after the statement
 * (loadOrder.ts).
 */
export default function CodeEditor({
  loadWhenUsed = false,
  ...props
}: CodeEditorProps & { loadWhenUsed?: boolean }) {
  const [Ace, setAce] = useState(() => loaded);
  const want = useCallback(() => {
    if (Ace) return;
    loadAce().then(
      (c) => setAce(() => c),
      () => undefined,
    );
  }, [Ace]);
  useEffect(() => {
    if (!loadWhenUsed) want();
  }, [loadWhenUsed, want]);
  return (
    <div
      className="oj-code-editor"
      data-testid="code-editor"
      onPointerEnter={loadWhenUsed ? want : undefined}
      onPointerDown={loadWhenUsed ? want : undefined}
      onFocus={loadWhenUsed ? want : undefined}
    >
      {Ace ? <Ace {...props} /> : <PlainCode {...props} />}
    </div>
  );
}
