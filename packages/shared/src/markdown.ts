import MarkdownIt from 'markdown-it';
import type { StateInline } from 'markdown-it';
import { escapeHtml } from './escape-html';

/**
 * The markdown of problem statements, one renderer for every place that shows one: the user site,
 * the admin preview and the server's first paint of a problem page (issue 28: the statement comes
 * in the HTML itself). Raw HTML is off, so a statement can never run script; math is `$…$` inline
 * and `$$…$$` displayed; every fenced block gets a copy button; links open in a new tab. How math
 * and code become HTML is the caller's (KaTeX and highlight.js are loaded lazily in the browser,
 * at once on the server).
 */
export interface MarkdownHooks {
  /** HTML of one formula (`display`: a `$$…$$` block). */
  math: (tex: string, display: boolean) => string;
  /** HTML of the code of a fenced block (`language` as written after the fence, maybe ''). */
  code: (code: string, language: string) => string;
}

export { escapeHtml };

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

/** A renderer of statements: text in, HTML out (safe to insert: no raw HTML passes). */
export function markdownRenderer(hooks: MarkdownHooks): (text: string) => string {
  const md = new MarkdownIt({
    html: false,
    linkify: true,
    breaks: false,
    // The language rides along (`data-lang`), so HTML rendered without colours (on the server) can
    // be coloured by the page.
    highlight: (code: string, lang: string): string =>
      `<pre class="hljs"><code${lang.trim() ? ` data-lang="${escapeHtml(lang.trim())}"` : ''}>${hooks.code(code, lang)}</code></pre>`,
  });
  md.inline.ruler.before('escape', 'math', mathRule);
  md.renderer.rules.math_inline = (tokens, i) => hooks.math(tokens[i].content, false);
  md.renderer.rules.math_display = (tokens, i) =>
    `<div class="oj-math-display">${hooks.math(tokens[i].content, true)}</div>`;
  // Every code block gets a copy button (samples written in the statement, code snippets); the
  // page handles the clicks.
  const defaultFence = md.renderer.rules.fence!;
  md.renderer.rules.fence = (tokens, i, options, env, self) =>
    `<div class="oj-pre-wrap"><button type="button" class="oj-copy">复制</button>${defaultFence(tokens, i, options, env, self)}</div>`;
  // Links from statements open in a new tab and never carry the opener.
  md.renderer.rules.link_open = (tokens, i, options, _env, self) => {
    tokens[i].attrSet('target', '_blank');
    tokens[i].attrSet('rel', 'noopener noreferrer nofollow');
    return self.renderToken(tokens, i, options);
  };
  return (text) => md.render(text);
}

/** KaTeX's options wherever a statement's math is rendered (the same look in the browser and in the server's HTML). */
export const KATEX_OPTIONS = { throwOnError: false, output: 'html', strict: 'ignore' } as const;
