import { MARKDOWN_WELCOME } from '@oj/shared/data/markdown-welcome';
import { loadMarkdownHtml, markdownHtml } from '../../lib/markdown-html';
import { scriptSafe, type FirstPaint } from './problem-page';

/**
 * What /markdown is sent with (issue 28): the welcome document that a first visit opens, rendered
 * here (math typeset, code coloured), in a JSON data block (`#oj-prerender-markdown`, never
 * executed) with the text it renders. The page shows it while its document is still that text, so
 * a first visit needs neither the markdown renderer, nor KaTeX, nor highlight.js (~110 KB); they
 * load when the writer starts writing. `mathLinks`: KaTeX's stylesheet and fonts.
 */
export async function markdownToolPaint(mathLinks: string): Promise<FirstPaint> {
  await loadMarkdownHtml();
  const html = markdownHtml(MARKDOWN_WELCOME);
  const data = JSON.stringify({ text: MARKDOWN_WELCOME, html });
  return {
    head: html.includes('class="katex') ? mathLinks : '',
    body: `<script type="application/json" id="oj-prerender-markdown">${scriptSafe(data)}</script>`,
  };
}
