import MarkdownIt from 'markdown-it';
import type { StateInline } from 'markdown-it';
import type Katex from 'katex';
import hljs from 'highlight.js/lib/core';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import python from 'highlight.js/lib/languages/python';
import java from 'highlight.js/lib/languages/java';
import go from 'highlight.js/lib/languages/go';
import javascript from 'highlight.js/lib/languages/javascript';
import rust from 'highlight.js/lib/languages/rust';
import delphi from 'highlight.js/lib/languages/delphi';
import csharp from 'highlight.js/lib/languages/csharp';
import ruby from 'highlight.js/lib/languages/ruby';
import php from 'highlight.js/lib/languages/php';
import lua from 'highlight.js/lib/languages/lua';
import haskell from 'highlight.js/lib/languages/haskell';
import kotlin from 'highlight.js/lib/languages/kotlin';
import plaintext from 'highlight.js/lib/languages/plaintext';
import 'highlight.js/styles/github.css';

/**
 * The markdown renderer of problem statements (user site and the admin preview: one renderer, so
 * the preview is what users get). Raw HTML is off, so a statement can never run script; math is
 * `$…$` inline and `$$…$$` displayed, rendered by KaTeX; fenced code is highlighted. This module
 * is only imported lazily: KaTeX and highlight.js stay out of the first load, and KaTeX (with its
 * stylesheet) arrives only for a text that has math (`loadMath`).
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

const LANGS = {
  c,
  cpp,
  python,
  java,
  go,
  javascript,
  rust,
  delphi,
  csharp,
  ruby,
  php,
  lua,
  haskell,
  kotlin,
  plaintext,
};
for (const [name, lang] of Object.entries(LANGS)) hljs.registerLanguage(name, lang);

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

export function highlightCode(code: string, language: string): string {
  return highlighted(code, HLJS_LANGUAGE[language] ?? language);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

function highlighted(code: string, name: string): string {
  return hljs.getLanguage(name)
    ? hljs.highlight(code, { language: name, ignoreIllegals: true }).value
    : escapeHtml(code);
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
  highlight: (code: string, lang: string): string =>
    `<pre class="hljs"><code>${highlighted(code, HLJS_LANGUAGE[lang] ?? lang)}</code></pre>`,
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

/** The HTML of a text; `needsMath`: it has math that KaTeX (not loaded yet) must render. */
export function renderMarkdownParts(text: string): { html: string; needsMath: boolean } {
  metMath = false;
  const html = md.render(text);
  return { html, needsMath: metMath };
}

export function renderMarkdown(text: string): string {
  return renderMarkdownParts(text).html;
}
