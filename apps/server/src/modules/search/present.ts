import { escapeHtml } from '@oj/shared/escape-html';
import { queryTokens } from './analyze';

/**
 * What leaves the server: titles and excerpts as HTML-escaped text whose only markup is `<mark>`
 * around matched terms. Escaping happens piece by piece around the matches, so a term can never
 * match inside an entity and user text (`<script>`) always stays text.
 */

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Characters of an excerpt around the first match. */
const SNIPPET_CHARS = 120;
const BEFORE_MATCH = 30;

function matcher(terms: string[]): RegExp | null {
  const words = [...new Set(terms.filter((t) => t.length > 0))].sort((a, b) => b.length - a.length);
  return words.length ? new RegExp(words.map(escapeRegExp).join('|'), 'giu') : null;
}

/** Escapes `text` and marks every occurrence of the terms. */
export function markTerms(text: string, terms: string[]): string {
  const re = matcher(terms);
  if (!re) return escapeHtml(text);
  let out = '';
  let last = 0;
  for (const m of text.matchAll(re)) {
    out += `${escapeHtml(text.slice(last, m.index))}<mark>${escapeHtml(m[0])}</mark>`;
    last = m.index + m[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

/** An escaped, marked excerpt of `body`: around the first matched term, or its beginning. */
export function snippet(body: string, terms: string[], size = SNIPPET_CHARS): string {
  const text = body.replace(/\s+/g, ' ').trim();
  const re = matcher(terms);
  const first = re ? re.exec(text) : null;
  const chars = Array.from(text);
  let start = 0;
  if (first) start = Math.max(0, Array.from(text.slice(0, first.index)).length - BEFORE_MATCH);
  const piece = chars.slice(start, start + size).join('');
  const prefix = start > 0 ? '…' : '';
  const suffix = start + size < chars.length ? '…' : '';
  return `${prefix}${markTerms(piece, terms)}${suffix}`;
}

/** The words to mark for a query: its tokens and the raw words typed (for `KMP`, `a+b`). */
export function highlightTerms(words: string[]): string[] {
  const out = new Set<string>();
  for (const w of words) {
    if (!w) continue;
    out.add(w);
    for (const t of queryTokens(w)) if (t.length > 1 || /\p{Script=Han}/u.test(t)) out.add(t);
  }
  return [...out];
}
