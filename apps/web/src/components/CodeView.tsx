import { useEffect, useMemo } from 'react';
import { highlightCode, highlightReady } from './highlight';
import { useHighlight } from './highlight/useHighlight';

/**
 * Source code with highlighting (records, snippets). Shown escaped at once; coloured when
 * highlight.js's core and this language's grammar have arrived (a few KB, not the markdown renderer).
 */
export function CodeView({ code, language }: { code: string; language: string }) {
  const [version, onCode] = useHighlight();
  const ready = highlightReady(language);
  useEffect(() => (ready ? undefined : onCode([language])), [ready, language, onCode]);
  // version: coloured again once the grammar has arrived.
  const html = useMemo(() => highlightCode(code, language), [code, language, version]);
  return (
    <pre className="hljs oj-code-view" data-testid="code-view">
      <code dangerouslySetInnerHTML={{ __html: html }} />
    </pre>
  );
}
