import { useEffect, useMemo, useState } from 'react';
import { onCopyClick } from './copyBlock';
import { loadHighlight, loadMath, mathLoaded, renderMarkdownParts } from './markdown';

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
  // Bumped when grammars asked for have arrived.
  const [codeVersion, setCodeVersion] = useState(0);
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
  useEffect(
    () =>
      languages
        ? afterLoad(
            () => loadHighlight(languages.split('\n')),
            () => setCodeVersion((v) => v + 1),
          )
        : undefined,
    [languages],
  );
  return (
    <div
      className={`oj-markdown ${className ?? ''}`}
      onClick={onCopyClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
