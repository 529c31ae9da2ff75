import { createHash } from 'node:crypto';
import { GRAMMARS, grammarOf } from '@oj/shared/code-grammars';
import { escapeHtml, KATEX_OPTIONS, markdownRenderer } from '@oj/shared/markdown';

/**
 * Markdown as HTML on the server, with the sites' renderer (@oj/shared/markdown: raw HTML off, so
 * no text can run script) and math typeset by KaTeX: the problem page's first paint, and the posts
 * and comments the forum sends (issue 28: a reader's page downloads neither the renderer, nor KaTeX,
 * nor highlight.js: ~110 KB). Fenced code is coloured by highlight.js with the grammars the pages
 * have (@oj/shared/code-grammars), so the pages need only its stylesheet. KaTeX and highlight.js
 * load with the first text rendered, not at start (memory).
 */

let render: ((text: string) => string) | null = null;
let loading: Promise<void> | null = null;

/**
 * The part of highlight.js used here. Its own types are not imported: they pull in the DOM's
 * (`/// <reference lib="dom" />`), which change what Node's globals look like to the compiler.
 */
interface Highlighter {
  registerLanguage(name: string, grammar: unknown): void;
  highlight(code: string, options: { language: string; ignoreIllegals: boolean }): { value: string };
}
const HLJS_CORE = 'highlight.js/lib/core';

async function load(): Promise<void> {
  const [{ default: katex }, { default: hljs }] = await Promise.all([
    import('katex'),
    import(HLJS_CORE) as Promise<{ default: Highlighter }>,
  ]);
  const grammars = (await Promise.all(GRAMMARS.map((g) => import(`highlight.js/lib/languages/${g}`)))) as {
    default: unknown;
  }[];
  GRAMMARS.forEach((g, i) => hljs.registerLanguage(g, grammars[i].default));
  render = markdownRenderer({
    math: (tex, displayMode) => katex.renderToString(tex, { displayMode, ...KATEX_OPTIONS }),
    code: (code, language) => {
      const grammar = grammarOf(language);
      return grammar
        ? hljs.highlight(code, { language: grammar, ignoreIllegals: true }).value
        : escapeHtml(code);
    },
  });
}

/** Loads the renderer, KaTeX and highlight.js (once); `markdownHtml` works after it. */
export function loadMarkdownHtml(): Promise<void> {
  loading ??= load();
  return loading;
}

/**
 * Rendered texts by their hash, most recently used last: a post is read far more often than it is
 * written, and its comments come again with each page of them. Bounded by count and by size.
 */
const cache = new Map<string, string>();
const CACHE_ENTRIES = 2000;
const CACHE_TEXT_MAX = 20_000;

/** `text` as HTML; `loadMarkdownHtml` must have finished. */
export function markdownHtml(text: string): string {
  if (!render) throw new Error('markdownHtml before loadMarkdownHtml');
  if (text.length > CACHE_TEXT_MAX) return render(text);
  const key = createHash('sha1').update(text).digest('base64');
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const html = render(text);
  cache.set(key, html);
  if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  return html;
}
