import { ACCOUNT_PATTERN, MENTIONS_MAX } from '@oj/shared';

/** `@account` not preceded by a word character, `@` or `/` (e-mail addresses, URLs), not followed by one. */
const MENTION = /(?<![\w@/.])@([A-Za-z0-9_]{4,20})(?![\w@])/g;

/**
 * The accounts a markdown text mentions (`@account`), in order, each once, at most MENTIONS_MAX:
 * code (fenced blocks and inline spans) is skipped, since `@decorator` there mentions nobody.
 */
export function mentionedAccounts(markdown: string): string[] {
  const text = markdown.replace(/```[\s\S]*?(```|$)/g, ' ').replace(/`[^`\n]*`/g, ' ');
  const found: string[] = [];
  for (const m of text.matchAll(MENTION)) {
    const account = m[1];
    if (!ACCOUNT_PATTERN.test(account) || found.includes(account)) continue;
    found.push(account);
    if (found.length === MENTIONS_MAX) break;
  }
  return found;
}
