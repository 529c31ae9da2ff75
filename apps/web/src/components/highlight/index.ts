import { escapeHtml } from '@oj/shared/escape-html';
import type * as Core from './core';
import { grammarOf, loadGrammar } from './languages';

/**
 * Code colouring for source code (records, snippets) and fenced code in markdown. Statically
 * importable: it is a few names; highlight.js's core and each grammar are loaded when a text first
 * needs them (`loadHighlight`), and until then code shows escaped as written.
 */

let core: typeof Core | null = null;
const loaded = new Set<string>();
const loading = new Map<string, Promise<void>>();

/** Whether code in `language` (a language or fence name) would be coloured now, or never can be. */
export function highlightReady(language: string): boolean {
  const key = grammarOf(language);
  return key === undefined || loaded.has(key);
}

/** Loads the core and the grammars of `languages` (once each); renders after it colour that code. */
export function loadHighlight(languages: Iterable<string>): Promise<void> {
  const keys = [...new Set([...languages].map(grammarOf))].filter((k) => k !== undefined);
  return Promise.all(
    keys.map((key) => {
      let p = loading.get(key);
      if (!p) {
        p = Promise.all([import('./core'), loadGrammar(key)]).then(([c, grammar]) => {
          c.register(key, grammar);
          core = c;
          loaded.add(key);
        });
        p.catch(() => loading.delete(key));
        loading.set(key, p);
      }
      return p;
    }),
  ).then(() => undefined);
}

/** Code as HTML: coloured when its grammar is loaded, else escaped as written. */
export function highlightCode(code: string, language: string): string {
  const key = grammarOf(language);
  return core && key && loaded.has(key) ? core.highlighted(code, key) : escapeHtml(code);
}
