import { useEffect, useRef } from 'react';
import { onCopyClick } from './copyBlock';

/**
 * Markdown the server has rendered (a problem page's first paint, posts and comments), shown as it
 * is: math typeset and code coloured there, so the page needs neither the markdown renderer, nor
 * KaTeX's script, nor highlight.js; only their stylesheets, loaded when the text has math or code.
 */
export default function ServerMarkdown({ html, className }: { html: string; className?: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = box.current;
    if (!root) return;
    if (root.querySelector('.katex')) void import('katex/dist/katex.min.css').catch(() => undefined);
    if (root.querySelector('pre.hljs [class^="hljs-"]'))
      void import('./highlight/theme').catch(() => undefined);
  }, [html]);
  return (
    <div
      ref={box}
      className={`oj-markdown ${className ?? ''}`}
      onClick={onCopyClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
