import { escapeHtml, KATEX_OPTIONS, markdownRenderer } from '@oj/shared/markdown';
import type Katex from 'katex';
import { highlightCode, highlightReady } from './highlight';

/**
 * The markdown renderer of problem statements in the browser (user site and the admin preview: the
 * shared renderer of @oj/shared/markdown, which the server's first paint uses too, so the preview
 * is what users get). Math is rendered by KaTeX; fenced code is coloured by ./highlight. This module
 * is only imported lazily: KaTeX and highlight.js stay out of the first load; KaTeX (with its
 * stylesheet) arrives only for a text that has math (`loadMath`), highlight.js and a grammar only
 * for a text with fenced code in that language.
 */

let katex: typeof Katex | null = null;
let loadingMath: Promise<void> | null = null;
/** Set by a render that met math before KaTeX was loaded. */
let metMath = false;

/** Loads KaTeX and its stylesheet (once); renders after it show math. */
export function loadMath(): Promise<void> {
  loadingMath ??= Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(([m]) => {
    katex = m.default;
  });
  return loadingMath;
}

export const mathLoaded = () => katex !== null;

/** Grammars met by the current render that are not loaded yet. */
const metLanguages = new Set<string>();

function renderMath(tex: string, displayMode: boolean): string {
  if (!katex) {
    // Until KaTeX arrives the TeX shows as written; the caller renders again once it has loaded.
    metMath = true;
    return `<span class="oj-math-pending">${escapeHtml(displayMode ? `$$${tex}$$` : `$${tex}$`)}</span>`;
  }
  return katex.renderToString(tex, { displayMode, ...KATEX_OPTIONS });
}

const render = markdownRenderer({
  math: renderMath,
  code: (code, lang) => {
    // A fence without a language (samples, mostly) or in one we do not colour is escaped text either
    // way: no need for highlight.js.
    if (!highlightReady(lang)) metLanguages.add(lang.trim());
    return highlightCode(code, lang);
  },
});

/**
 * The HTML of a text; `needsMath`: it has math that KaTeX (not loaded yet) must render;
 * `needsHighlight`: the languages of its fenced code whose grammars (not loaded yet) must colour it.
 */
export function renderMarkdownParts(text: string): {
  html: string;
  needsMath: boolean;
  needsHighlight: string[];
} {
  metMath = false;
  metLanguages.clear();
  const html = render(text);
  return { html, needsMath: metMath, needsHighlight: [...metLanguages].sort() };
}

export function renderMarkdown(text: string): string {
  return renderMarkdownParts(text).html;
}
