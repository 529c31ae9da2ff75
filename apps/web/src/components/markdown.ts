import MarkdownIt from 'markdown-it';
import type { StateInline } from 'markdown-it';
import type Katex from 'katex';
import type * as Highlight from './highlight';

/**
 * The markdown renderer of problem statements (user site and the admin preview: one renderer, so
 * the preview is what users get). Raw HTML is off, so a statement can never run script; math is
 * `$…$` inline and `$$…$$` displayed, rendered by KaTeX; fenced code is highlighted. This module
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
const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

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
  return katex.renderToString(tex, { displayMode, throwOnError: false, output: 'html', strict: 'ignore' });
}

/** Inline rule: `$$…$$` (display) and `$…$` (inline). A `$` followed by a space or digit-only money text is left alone. */
function mathRule(state: StateInline, silent: boolean): boolean {
  const src = state.src;
  const start = state.pos;
  if (src.charCodeAt(start) !== 0x24 /* $ */) return false;
  const display = src.charCodeAt(start + 1) === 0x24;
  const open = display ? 2 : 1;
  if (!display && /\s/.test(src[start + 1] ?? ' ')) return false;
  let end = start + open;
  for (;;) {
    end = src.indexOf(display ? '$$' : '$', end);
    if (end < 0) return false;
    if (src[end - 1] === '\\') {
      end += 1;
      continue;
    }
    break;
  }
  const tex = src.slice(start + open, end);
  if (!tex.trim() || (!display && /\s$/.test(tex))) return false;
  if (!silent) {
    const token = state.push(display ? 'math_display' : 'math_inline', 'math', 0);
    token.content = tex;
  }
  state.pos = end + open;
  return true;
}

const md = new MarkdownIt({
  html: false,
  linkify: true,
  breaks: false,
  highlight: (code: string, lang: string): string => {
    // A fence without a language (samples, mostly) is escaped text either way: no need for highlight.js.
    metCode ||= !hl && lang.trim() !== '';
    return `<pre class="hljs"><code>${highlightCode(code, lang)}</code></pre>`;
  },
});
md.inline.ruler.before('escape', 'math', mathRule);
md.renderer.rules.math_inline = (tokens, i) => renderMath(tokens[i].content, false);
md.renderer.rules.math_display = (tokens, i) =>
  `<div class="oj-math-display">${renderMath(tokens[i].content, true)}</div>`;
// Every code block gets a copy button (samples written in the statement, code snippets); MarkdownBody
// handles the clicks.
const defaultFence = md.renderer.rules.fence!;
md.renderer.rules.fence = (tokens, i, options, env, self) =>
  `<div class="oj-pre-wrap"><button type="button" class="oj-copy">复制</button>${defaultFence(tokens, i, options, env, self)}</div>`;
// Links from statements open in a new tab and never carry the opener.
md.renderer.rules.link_open = (tokens, i, options, _env, self) => {
  tokens[i].attrSet('target', '_blank');
  tokens[i].attrSet('rel', 'noopener noreferrer nofollow');
  return self.renderToken(tokens, i, options);
};

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
  const html = md.render(text);
  return { html, needsMath: metMath, needsHighlight: metCode };
}

export function renderMarkdown(text: string): string {
  return renderMarkdownParts(text).html;
}
