import { useEffect, useMemo, useState } from 'react';
import { onCopyClick } from './copyBlock';
import { firstPaintHtml } from '../lib/prerender';
import {
  highlightCode,
  highlightLoaded,
  loadHighlight,
  loadMath,
  mathLoaded,
  renderMarkdownParts,
} from './markdown';

/** Runs `done` once `load` has finished, unless the returned cleanup ran first; a failed load changes nothing. */
function afterLoad(load: () => Promise<void>, done: () => void): () => void {
  let live = true;
  load().then(
    () => live && done(),
    () => undefined,
  );
  return () => {
    live = false;
  };
}

/** Rendered markdown (loaded lazily through MarkdownView; KaTeX only for math, highlight.js only for code). */
export default function MarkdownBody({ text, className }: { text: string; className?: string }) {
  const [mathReady, setMathReady] = useState(mathLoaded);
  const [codeReady, setCodeReady] = useState(highlightLoaded);
  // The readiness flags are dependencies so the text renders again once KaTeX or highlight.js has
  // arrived (until then the TeX shows as written and the code uncoloured).
  const { html, needsMath, needsHighlight } = useMemo(
    () => renderMarkdownParts(text),
    [text, mathReady, codeReady],
  );
  useEffect(
    () => (needsMath && !mathReady ? afterLoad(loadMath, () => setMathReady(true)) : undefined),
    [needsMath, mathReady],
  );
  useEffect(
    () => (needsHighlight && !codeReady ? afterLoad(loadHighlight, () => setCodeReady(true)) : undefined),
    [needsHighlight, codeReady],
  );
  // Until KaTeX has arrived, the server's rendering of the same text (math already typeset) is
  // better than TeX as written.
  const sent = needsMath && !mathReady ? (firstPaintHtml(text)?.html ?? null) : null;
  return (
    <div
      className={`oj-markdown ${className ?? ''}`}
      onClick={onCopyClick}
      dangerouslySetInnerHTML={{ __html: sent ?? html }}
    />
  );
}

/** Source code with highlighting and line numbers. */
export function CodeBody({ code, language }: { code: string; language: string }) {
  const [ready, setReady] = useState(highlightLoaded);
  useEffect(() => (ready ? undefined : afterLoad(loadHighlight, () => setReady(true))), [ready]);
  // ready: coloured again once highlight.js has arrived.
  const html = useMemo(() => highlightCode(code, language), [code, language, ready]);
  return (
    <pre className="hljs oj-code-view" data-testid="code-view">
      <code dangerouslySetInnerHTML={{ __html: html }} />
    </pre>
  );
}
