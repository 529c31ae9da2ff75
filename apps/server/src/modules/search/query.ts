import { indexTokens, queryTokens } from './analyze';

/**
 * The keyword box's syntax: `tag:动态规划` (a tag), `user:alice` (an author, or that account),
 * `#1000` (an id: that item first); everything else is text. A keyword that is a number puts the
 * item with that id first too, and a one-word keyword the user with that exact account.
 */
export interface ParsedQuery {
  /** The text words as typed (for highlighting). */
  words: string[];
  /** Query tokens of the text. */
  terms: string[];
  /** Tag tokens. */
  tags: string[];
  user?: string;
  id?: number;
  /** Lower-case exact name to put first. */
  exact?: string;
}

/** A tag as one token: lower case, letters and digits only (the same on both sides). */
export const tagToken = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

export function parseQuery(keyword: string): ParsedQuery {
  const words: string[] = [];
  const tags: string[] = [];
  let user: string | undefined;
  let id: number | undefined;
  for (const part of keyword.trim().split(/\s+/).filter(Boolean)) {
    const tag = /^(?:tag|标签)[:：](.+)$/i.exec(part);
    const who = /^(?:user|用户)[:：](.+)$/i.exec(part);
    const num = /^#(\d{1,9})$/.exec(part);
    if (tag) {
      const t = tagToken(tag[1]);
      if (t) tags.push(t);
    } else if (who) user = who[1];
    else if (num) id = Number(num[1]);
    else words.push(part);
  }
  if (id === undefined && words.length === 1 && /^\d{1,9}$/.test(words[0])) id = Number(words[0]);
  const text = words.join(' ');
  const terms = queryTokens(text);
  // A word that jieba's plain cut does not split the way indexing did still finds itself.
  if (!terms.length && text) terms.push(...indexTokens(text));
  const exact = words.length === 1 && !tags.length ? words[0].toLowerCase() : undefined;
  return { words, terms, tags, user, id, exact };
}
