import { escapeHtml, KATEX_OPTIONS, markdownRenderer } from '@oj/shared/markdown';
import type Katex from 'katex';
import { grammarOf } from '@oj/shared/code-grammars';
import type * as Highlight from './highlight';

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

let hl: typeof Highlight | null = null;
/** Languages of fenced code met by the current render that cannot be coloured yet. */
const metLanguages = new Set<string>();

/** Loads highlight.js's core and the grammars of `languages` (once each); renders after it colour that code. */
export async function loadHighlight(languages: string[]): Promise<void> {
  const m = await import('./highlight');
  await m.loadHighlight(languages);
  hl = m;
}

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
    const colourable = grammarOf(lang) !== undefined;
    if (colourable && !hl?.highlightReady(lang)) metLanguages.add(lang.trim());
    return hl ? hl.highlightCode(code, lang) : escapeHtml(code);
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
