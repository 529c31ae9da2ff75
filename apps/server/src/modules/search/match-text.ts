import { isPrefixToken } from './analyze';

/**
 * The text forms of the index's tokens for each dialect (no SQL: repo.ts binds them as parameters):
 * FTS5 MATCH text (SQLite), tsquery and tsvector text (PostgreSQL).
 */

const MAX_POSITION = 16_000;
const MAX_POSITIONS_PER_LEXEME = 200;

/** Ranking tier: every term in the title (names, pinyin), or the other matches. */
export type Tier = 'title' | 'rest';

/**
 * FTS5 MATCH text: quoted tokens ANDed, ASCII words as prefixes, tags in the tags column; the title
 * tier wants every term in the title column, the rest tier the others.
 */
export function ftsQuery(terms: string[], tags: string[], tier?: Tier): string {
  const words = terms.map((t) => (isPrefixToken(t) ? `"${t}"*` : `"${t}"`));
  const tagParts = tags.map((t) => `tags : "${t}"`);
  const all = [...words, ...tagParts].join(' AND ');
  if (!tier || !words.length) return all;
  const inTitle = `{title} : (${words.join(' AND ')})`;
  return tier === 'title' ? [inTitle, ...tagParts].join(' AND ') : `(${all}) NOT ${inTitle}`;
}

/** PostgreSQL tsquery text over the same tokens (`:*` prefix, `:C` tags only, `:A` the title tier). */
export function tsquery(terms: string[], tags: string[], tier?: Tier): string {
  const words = terms.map((t) => (isPrefixToken(t) ? `'${t}':*` : `'${t}'`));
  const tagParts = tags.map((t) => `'${t}':C`);
  const all = [...words, ...tagParts].join(' & ');
  if (!tier || !words.length) return all;
  const inTitle = words.map((w) => `${w}${w.endsWith(':*') ? 'A' : ':A'}`).join(' & ');
  return tier === 'title' ? [inTitle, ...tagParts].join(' & ') : `(${all}) & !(${inTitle})`;
}

/** A tsvector literal with positions: title tokens weight A, tags C, body D. */
export function tsvectorLiteral(r: { title: string[]; body: string[]; tags: string[] }): string {
  const lexemes = new Map<string, string[]>();
  let pos = 0;
  const add = (tokens: string[], weight: string) => {
    for (const t of tokens) {
      if (pos >= MAX_POSITION) return;
      pos += 1;
      const list = lexemes.get(t) ?? [];
      if (list.length < MAX_POSITIONS_PER_LEXEME) list.push(`${pos}${weight}`);
      lexemes.set(t, list);
    }
  };
  add(r.title, 'A');
  add(r.tags, 'C');
  add(r.body, 'D');
  return [...lexemes].map(([t, p]) => `'${t}':${p.join(',')}`).join(' ');
}

/**
 * The bank's keyword (issue 29): every term in the title (names, pinyin) or the tags (names, pinyin,
 * aliases), never the statement, so `1000` or `dp` does not find every statement that mentions it.
 */
export function ftsNameQuery(terms: string[]): string {
  const words = terms.map((t) => (isPrefixToken(t) ? `"${t}"*` : `"${t}"`));
  return `{title tags} : (${words.join(' AND ')})`;
}

/** The same in tsquery text: title (A) and tags (C) weights only. */
export function tsNameQuery(terms: string[]): string {
  return terms.map((t) => (isPrefixToken(t) ? `'${t}':*AC` : `'${t}':AC`)).join(' & ');
}
