import { escapeHtml, KATEX_OPTIONS, markdownRenderer } from '@oj/shared/markdown';
import type Katex from 'katex';
import type * as Highlight from './highlight';

/**
 * The markdown renderer of problem statements in the browser (user site and the admin preview: the
 * shared renderer of @oj/shared/markdown, which the server's first paint uses too, so the preview
 * is what users get). Math is rendered by KaTeX; fenced code is highlighted. This module
 * is only imported lazily: KaTeX and highlight.js stay out of the first load; KaTeX (with its
 * stylesheet) arrives only for a text that has math (`loadMath`), highlight.js only for a text with
 * fenced code or for source code (`loadHighlight`).
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
let loadingHighlight: Promise<void> | null = null;
/** Set by a render that met fenced code before highlight.js was loaded. */
let metCode = false;

/** Loads highlight.js with our languages and its stylesheet (once); renders after it highlight code. */
export function loadHighlight(): Promise<void> {
  loadingHighlight ??= import('./highlight').then((m) => {
    hl = m;
  });
  return loadingHighlight;
}

export const highlightLoaded = () => hl !== null;

/** Our languages (SPEC §3 and issue 25) to highlight.js names (Pascal is its Delphi). */
export const HLJS_LANGUAGE: Record<string, string> = {
  C: 'c',
  'C++': 'cpp',
  Python3: 'python',
  Java: 'java',
  Go: 'go',
  JavaScript: 'javascript',
  PyPy3: 'python',
  Rust: 'rust',
  Pascal: 'delphi',
  'C#': 'csharp',
  Ruby: 'ruby',
  PHP: 'php',
  Lua: 'lua',
  Haskell: 'haskell',
  Kotlin: 'kotlin',
};
/** Code as HTML: highlighted once highlight.js is loaded, escaped as written until then. */
export function highlightCode(code: string, language: string): string {
  return hl ? hl.highlighted(code, HLJS_LANGUAGE[language] ?? language) : escapeHtml(code);
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
    // A fence without a language (samples, mostly) is escaped text either way: no need for highlight.js.
    metCode ||= !hl && lang.trim() !== '';
    return highlightCode(code, lang);
  },
});

/**
 * The HTML of a text; `needsMath`: it has math that KaTeX (not loaded yet) must render;
 * `needsHighlight`: it has fenced code that highlight.js (not loaded yet) must colour.
 */
export function renderMarkdownParts(text: string): {
  html: string;
  needsMath: boolean;
  needsHighlight: boolean;
} {
  metMath = false;
  metCode = false;
  const html = render(text);
  return { html, needsMath: metMath, needsHighlight: metCode };
}

export function renderMarkdown(text: string): string {
  return renderMarkdownParts(text).html;
}
