import { useEffect, useState } from 'react';
import { escapeHtml } from '@oj/shared/escape-html';

/**
 * Source code with highlighting (records, snippets). Shown escaped at once; coloured when
 * highlight.js's core and this language's grammar have arrived (~10 KB, not the markdown renderer).
 */
export function CodeView({ code, language }: { code: string; language: string }) {
  const [coloured, setColoured] = useState<{ code: string; language: string; html: string } | null>(null);
  useEffect(() => {
    let live = true;
    import('./highlight')
      .then(async (hl) => {
        await hl.loadHighlight([language]);
        if (live) setColoured({ code, language, html: hl.highlightCode(code, language) });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [code, language]);
  const html =
    coloured && coloured.code === code && coloured.language === language ? coloured.html : escapeHtml(code);
  return (
    <pre className="hljs oj-code-view" data-testid="code-view">
      <code dangerouslySetInnerHTML={{ __html: html }} />
    </pre>
  );
}
