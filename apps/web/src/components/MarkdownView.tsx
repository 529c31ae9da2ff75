import { Suspense } from 'react';
import Skeleton from './plain/Skeleton';
import { firstPaintHtml } from '../lib/prerender';
import ServerMarkdown from './ServerMarkdown';
import { lazyScoped } from '../lib/antdScope';

// markdown-it, KaTeX and highlight.js arrive with the first statement, never with the first load.
const loadBody = () => import('./MarkdownBody');
const MarkdownBody = lazyScoped(loadBody);

/** Starts loading the renderer (markdown-it) before a text needs it: a writer about to write. */
export function preloadMarkdownRenderer(): void {
  void loadBody().catch(() => undefined);
}

/**
 * Markdown with KaTeX math and highlighted code (statements, the admin preview, explanations).
 * `html`: the server's rendering of `text` (posts, comments), shown without the renderer.
 */
export function MarkdownView({ text, html, className }: { text: string; html?: string; className?: string }) {
  // The statement the server rendered into the page (lib/prerender.ts) is shown as it is: the
  // markdown renderer, KaTeX and highlight.js are not downloaded at all.
  const sent = html ?? firstPaintHtml(text);
  if (sent !== null) return <ServerMarkdown html={sent} className={className} />;
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
      <MarkdownBody text={text} className={className} />
    </Suspense>
  );
}
