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

/** The renderer and the code colourer, once loaded. */
let tools: { render: (text: string) => string; colour: (code: string, language: string) => string } | null =
  null;
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
  const colour = (code: string, language: string) => {
    const grammar = grammarOf(language);
    return grammar
      ? hljs.highlight(code, { language: grammar, ignoreIllegals: true }).value
      : escapeHtml(code);
  };
  const render = markdownRenderer({
    math: (tex, displayMode) => katex.renderToString(tex, { displayMode, ...KATEX_OPTIONS }),
    code: colour,
  });
  tools = { render, colour };
}

/** Loads the renderer, KaTeX and highlight.js (once); `markdownHtml` works after it. */
export function loadMarkdownHtml(): Promise<void> {
  loading ??= load();
  return loading;
}

/**
 * Rendered texts by their hash, most recently used last: a post is read far more often than it is
 * written, its comments come again with each page of them, a record with each look. Bounded by
 * count and by size.
 */
const cache = new Map<string, string>();
/** Characters of HTML kept at most (~8 MB): 2 000 posts of a few KB, or fewer long ones. */
const CACHE_CHARS = 4_000_000;
/** Longer texts are rendered each time (few, and each would crowd out many others). */
const CACHE_TEXT_MAX = 20_000;
let cachedChars = 0;

/** `text` as HTML; `loadMarkdownHtml` must have finished. */
export function markdownHtml(text: string): string {
  if (!tools) throw new Error('markdownHtml before loadMarkdownHtml');
  return cached(`m:${text}`, text, tools.render);
}

/**
 * Source code in one of our languages (or a fence name) as coloured HTML, the page's look of a
 * record (`hljs` classes; escaped text in a language without a grammar); `loadMarkdownHtml` first.
 */
export function codeHtml(code: string, language: string): string {
  if (!tools) throw new Error('codeHtml before loadMarkdownHtml');
  const { colour } = tools;
  return cached(`c:${language}:${code}`, code, (text) => colour(text, language));
}

function cached(key: string, text: string, make: (text: string) => string): string {
  if (text.length > CACHE_TEXT_MAX) return make(text);
  const hash = createHash('sha1').update(key).digest('base64');
  const hit = cache.get(hash);
  if (hit !== undefined) {
    cache.delete(hash);
    cache.set(hash, hit);
    return hit;
  }
  const html = make(text);
  cache.set(hash, html);
  cachedChars += html.length;
  for (const [oldest, old] of cache) {
    if (cachedChars <= CACHE_CHARS) break;
    cache.delete(oldest);
    cachedChars -= old.length;
  }
  return html;
}
