import type { LanguageFn } from 'highlight.js';

type Loader = () => Promise<{ default: LanguageFn }>;

/** The grammars we colour (the languages we judge, SPEC §3 and issue 25), each loaded when first met. */
const LOADERS: Record<string, Loader> = {
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

/**
 * Other names of those grammars: our language names (a record's language; Pascal is highlight.js's
 * Delphi) and the names written after a fence that highlight.js knows as aliases. A grammar must be
 * found before it is loaded, so the aliases are listed here rather than read from the grammar.
 */
const ALIASES: Record<string, string> = {
  'C++': 'cpp',
  Python3: 'python',
  PyPy3: 'python',
  Pascal: 'delphi',
  'C#': 'csharp',
  h: 'c',
  cc: 'cpp',
  'c++': 'cpp',
  'h++': 'cpp',
  hpp: 'cpp',
  hh: 'cpp',
  hxx: 'cpp',
  cxx: 'cpp',
  py: 'python',
  python3: 'python',
  golang: 'go',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  rs: 'rust',
  pas: 'delphi',
  pascal: 'delphi',
  dpr: 'delphi',
  cs: 'csharp',
  'c#': 'csharp',
  rb: 'ruby',
  hs: 'haskell',
  kt: 'kotlin',
  kts: 'kotlin',
};

/** The grammar of a language name or fence name (any case), or undefined: shown as plain text. */
export function grammarOf(name: string): string | undefined {
  const trimmed = name.trim();
  for (const n of [trimmed, trimmed.toLowerCase()]) {
    if (n in LOADERS) return n;
    if (n in ALIASES) return ALIASES[n];
  }
  return undefined;
}

export const loadGrammar = (key: string) => LOADERS[key]().then((m) => m.default);
