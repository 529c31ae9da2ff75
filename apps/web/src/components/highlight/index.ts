import hljs from 'highlight.js/lib/core';
import { escapeHtml } from '@oj/shared/escape-html';
import { grammarOf, loadGrammar } from './languages';
import './theme';

/**
 * Code colouring for source code (records, snippets) and fenced code in markdown: highlight.js's
 * core (no language: each grammar is a chunk of its own, loaded when first met by `loadHighlight`,
 * so C++ code loads the C++ grammar only). Reached only through `import()`
 * (CodeView, markdown.ts, the problem page's preload): a chunk of its own, so the bundler's merging
 * of small shared chunks cannot move it into every page's first load.
 */

const loaded = new Set<string>();
const loading = new Map<string, Promise<void>>();

/** Whether code in `language` (a language or fence name) would be coloured now, or never can be. */
export function highlightReady(language: string): boolean {
  const key = grammarOf(language);
  return key === undefined || loaded.has(key);
}

/** Loads the grammars of `languages` (once each); renders after it colour that code. */
export function loadHighlight(languages: Iterable<string>): Promise<void> {
  const keys = [...new Set([...languages].map(grammarOf))].filter((k) => k !== undefined);
  return Promise.all(
    keys.map((key) => {
      let p = loading.get(key);
      if (!p) {
        p = loadGrammar(key).then((grammar) => {
          hljs.registerLanguage(key, grammar);
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
  return key && loaded.has(key)
    ? hljs.highlight(code, { language: key, ignoreIllegals: true }).value
    : escapeHtml(code);
}
