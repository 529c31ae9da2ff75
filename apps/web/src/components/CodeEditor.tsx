import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import { editorsMayLoad } from './loadOrder';

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
const AceCode = lazy(() => editorsMayLoad().then(() => import('./AceCode')));

/** The code editor (Ace through react-ace): themes textmate / eclipse / twilight / monokai. */
export default function CodeEditor(props: CodeEditorProps) {
  return (
    <div className="oj-code-editor" data-testid="code-editor">
      <Suspense fallback={<Skeleton active paragraph={{ rows: 10 }} />}>
        <AceCode {...props} />
      </Suspense>
    </div>
  );
}
