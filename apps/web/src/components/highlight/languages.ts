import type { LanguageFn } from 'highlight.js';
import type { Grammar } from '@oj/shared/code-grammars';

export { grammarOf } from '@oj/shared/code-grammars';

/** Each grammar a chunk of its own (vite.config.ts), loaded when first met. */
const LOADERS: Record<Grammar, () => Promise<{ default: LanguageFn }>> = {
  c: () => import('highlight.js/lib/languages/c'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  python: () => import('highlight.js/lib/languages/python'),
  java: () => import('highlight.js/lib/languages/java'),
  go: () => import('highlight.js/lib/languages/go'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  rust: () => import('highlight.js/lib/languages/rust'),
  delphi: () => import('highlight.js/lib/languages/delphi'),
  csharp: () => import('highlight.js/lib/languages/csharp'),
  ruby: () => import('highlight.js/lib/languages/ruby'),
  php: () => import('highlight.js/lib/languages/php'),
  lua: () => import('highlight.js/lib/languages/lua'),
  haskell: () => import('highlight.js/lib/languages/haskell'),
  kotlin: () => import('highlight.js/lib/languages/kotlin'),
};

export const loadGrammar = (key: Grammar) => LOADERS[key]().then((m) => m.default);
