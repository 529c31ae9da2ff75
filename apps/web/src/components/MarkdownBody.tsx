import { useEffect, useMemo, useState } from 'react';
import { onCopyClick } from './copyBlock';
import { loadMath, mathLoaded, renderMarkdownParts } from './markdown';
import { afterLoad, useHighlight } from './highlight/useHighlight';

/** Rendered markdown (loaded lazily through MarkdownView; KaTeX only for math, highlight.js only for code). */
export default function MarkdownBody({ text, className }: { text: string; className?: string }) {
  const [mathReady, setMathReady] = useState(mathLoaded);
  const [codeVersion, onCode] = useHighlight();
  // The readiness values are dependencies so the text renders again once KaTeX or a grammar has
  // arrived (until then the TeX shows as written and the code uncoloured).
  const { html, needsMath, needsHighlight } = useMemo(
    () => renderMarkdownParts(text),
    [text, mathReady, codeVersion],
  );
  useEffect(
    () => (needsMath && !mathReady ? afterLoad(loadMath, () => setMathReady(true)) : undefined),
    [needsMath, mathReady],
  );
  const languages = needsHighlight.join('\n');
  useEffect(() => onCode(languages ? languages.split('\n') : []), [languages, onCode]);
  return (
    <div
      className={`oj-markdown ${className ?? ''}`}
      onClick={onCopyClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
