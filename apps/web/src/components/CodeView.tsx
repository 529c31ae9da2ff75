import { useEffect, useState } from 'react';
import { escapeHtml } from '@oj/shared/escape-html';

/**
 * Source code with highlighting. `html`: coloured by the server (a record's code), shown as it is
 * with only highlight.js's stylesheet. Otherwise (snippets) shown escaped at once and coloured when
 * highlight.js's core and this language's grammar have arrived (~10 KB, not the markdown renderer).
 */
export function CodeView({ code, language, html }: { code: string; language: string; html?: string | null }) {
  const [coloured, setColoured] = useState<{ code: string; language: string; html: string } | null>(null);
  const sent = html ?? null;
  useEffect(() => {
    if (sent !== null) {
      void import('./highlight/theme').catch(() => undefined);
      return undefined;
    }
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
  }, [code, language, sent]);
  const shown =
    sent ??
    (coloured && coloured.code === code && coloured.language === language ? coloured.html : escapeHtml(code));
  return (
    <pre className="hljs oj-code-view" data-testid="code-view">
      <code dangerouslySetInnerHTML={{ __html: shown }} />
    </pre>
  );
}
