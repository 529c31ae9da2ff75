import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';

export interface CodeEditorProps {
  value: string;
  onChange: (v: string) => void;
  /** One of SPEC §3's languages, or `Markdown`. */
  language: string;
  theme?: string;
  height?: string;
  fontSize?: number;
}

// Ace is large: it loads with the first editor on screen, in its own chunk.
const AceCode = lazy(() => import('./AceCode'));

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
