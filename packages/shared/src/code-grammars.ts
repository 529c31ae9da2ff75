/**
 * The highlight.js grammars code is coloured with (the languages we judge, SPEC §3 and issue 25),
 * one table for the pages (which load a grammar when first met) and the server (which colours the
 * markdown it renders).
 */
export const GRAMMARS = [
  'c',
  'cpp',
  'python',
  'java',
  'go',
  'javascript',
  'rust',
  'delphi',
  'csharp',
  'ruby',
  'php',
  'lua',
  'haskell',
  'kotlin',
] as const;
export type Grammar = (typeof GRAMMARS)[number];

/**
 * Other names of those grammars: our language names (a record's language; Pascal is highlight.js's
 * Delphi) and the names written after a fence that highlight.js knows as aliases. A grammar must be
 * found before it is loaded, so the aliases are listed here rather than read from the grammar.
 */
const ALIASES: Record<string, Grammar> = {
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

const isGrammar = (name: string): name is Grammar => (GRAMMARS as readonly string[]).includes(name);

/** The grammar of a language name or fence name (any case), or undefined: shown as plain text. */
export function grammarOf(name: string): Grammar | undefined {
  const trimmed = name.trim();
  for (const n of [trimmed, trimmed.toLowerCase()]) {
    if (isGrammar(n)) return n;
    if (Object.hasOwn(ALIASES, n)) return ALIASES[n];
  }
  return undefined;
}
