import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';

// markdown-it, KaTeX and highlight.js arrive with the first statement, never with the first load.
const MarkdownBody = lazy(() => import('./MarkdownBody'));
const CodeBody = lazy(() => import('./MarkdownBody').then((m) => ({ default: m.CodeBody })));

/** Markdown with KaTeX math and highlighted code (statements, the admin preview, explanations). */
export function MarkdownView({ text, className }: { text: string; className?: string }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
      <MarkdownBody text={text} className={className} />
    </Suspense>
  );
}

/** Highlighted source code (records). */
export function CodeView({ code, language }: { code: string; language: string }) {
  return (
    <Suspense fallback={<pre className="oj-code-view">{code}</pre>}>
      <CodeBody code={code} language={language} />
    </Suspense>
  );
}
