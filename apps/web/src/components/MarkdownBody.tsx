import { useMemo } from 'react';
import { highlightCode, renderMarkdown } from './markdown';

/** Rendered markdown (loaded lazily through MarkdownView, with KaTeX and highlight.js). */
export default function MarkdownBody({ text, className }: { text: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  return <div className={`oj-markdown ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Source code with highlighting and line numbers. */
export function CodeBody({ code, language }: { code: string; language: string }) {
  const html = useMemo(() => highlightCode(code, language), [code, language]);
  return (
    <pre className="hljs oj-code-view" data-testid="code-view">
      <code dangerouslySetInnerHTML={{ __html: html }} />
    </pre>
  );
}
