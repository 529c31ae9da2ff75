import { Suspense, useEffect, useRef } from 'react';
import { editorsMayLoad } from './loadOrder';
import { leaveCursor } from './editorFocus';
import './code-editor.css';
import { lazyScoped } from '../lib/antdScope';

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

// Ace is large: it loads with the first editor on screen, in its own chunk, after the statement
// of a solving page (loadOrder.ts); each language's mode and each theme load on their own (AceCode).
const AceCode = lazyScoped(() => editorsMayLoad().then(() => import('./AceCode')));

/**
 * Until Ace is there (on a slow link, seconds after the page): a plain text box with the same code,
 * so typing never waits for the editor. Ace takes over the text, the focus and the cursor.
 */
function PlainCode({ value, onChange, height = '460px', fontSize = 14, readOnly }: CodeEditorProps) {
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
      className="oj-code-plain"
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

/** The code editor (Ace through react-ace): themes textmate / eclipse / twilight / monokai. */
export default function CodeEditor(props: CodeEditorProps) {
  return (
    <div className="oj-code-editor" data-testid="code-editor">
      <Suspense fallback={<PlainCode {...props} />}>
        <AceCode {...props} />
      </Suspense>
    </div>
  );
}
