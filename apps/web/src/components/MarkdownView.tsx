import { lazy, Suspense } from 'react';
import Skeleton from './plain/Skeleton';
import { firstPaintHtml } from '../lib/prerender';
import { onCopyClick } from './copyBlock';

// markdown-it, KaTeX and highlight.js arrive with the first statement, never with the first load.
const MarkdownBody = lazy(() => import('./MarkdownBody'));

/** Markdown with KaTeX math and highlighted code (statements, the admin preview, explanations). */
export function MarkdownView({ text, className }: { text: string; className?: string }) {
  // The statement the server rendered into the page (lib/prerender.ts): shown as it is when final
  // (the markdown renderer and KaTeX are not downloaded at all), else it stands in meanwhile.
  const sent = firstPaintHtml(text);
  const sentView = sent && (
    <div
      className={`oj-markdown ${className ?? ''}`}
      onClick={onCopyClick}
      dangerouslySetInnerHTML={{ __html: sent.html }}
    />
  );
  if (sent?.final) return sentView;
  return (
    <Suspense fallback={sentView ?? <Skeleton active paragraph={{ rows: 4 }} />}>
      <MarkdownBody text={text} className={className} />
    </Suspense>
  );
}
