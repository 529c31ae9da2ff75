import hljs from 'highlight.js/lib/core';
import type { LanguageFn } from 'highlight.js';
import './theme';

// highlight.js's core and its stylesheet, without a language: each grammar is a chunk of its own
// (languages.ts), so a record in C++ loads the C++ grammar only.

export function register(key: string, language: LanguageFn): void {
  if (!hljs.getLanguage(key)) hljs.registerLanguage(key, language);
}

/** `code` as highlighted HTML in the registered language `key`. */
export function highlighted(code: string, key: string): string {
  return hljs.highlight(code, { language: key, ignoreIllegals: true }).value;
}
