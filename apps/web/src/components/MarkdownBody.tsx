import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { notify } from '../lib/notify';
import { highlightCode, loadMath, mathLoaded, renderMarkdownParts } from './markdown';

/** A click on a code block's 复制 button copies that block's text. */
function onCopyClick(e: MouseEvent<HTMLDivElement>) {
  const button = (e.target as HTMLElement).closest('.oj-copy');
  const text = button?.parentElement?.querySelector('pre')?.textContent;
  if (text === undefined || text === null) return;
  navigator.clipboard.writeText(text).then(
    () => notify.success('已复制'),
    () => notify.error('复制失败，请手动选择文本复制'),
  );
}

/** Rendered markdown (loaded lazily through MarkdownView, with highlight.js; KaTeX only for math). */
export default function MarkdownBody({ text, className }: { text: string; className?: string }) {
  const [mathReady, setMathReady] = useState(mathLoaded);
  // mathReady is a dependency so the text renders again once KaTeX has arrived.
  const { html, needsMath } = useMemo(() => renderMarkdownParts(text), [text, mathReady]);
  useEffect(() => {
    if (!needsMath || mathReady) return;
    let live = true;
    loadMath().then(
      () => live && setMathReady(true),
      () => undefined, // the TeX stays as written
    );
    return () => {
      live = false;
    };
  }, [needsMath, mathReady]);
  return (
    <div
      className={`oj-markdown ${className ?? ''}`}
      onClick={onCopyClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
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
