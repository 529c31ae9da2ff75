import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import boundaries from './tools/eslint/boundaries.js';

// ── Boundaries ────────────────────────────────────────────────────────────────────────────────
// The dependency rules of DESIGN.md §1, enforced on every import (tools/eslint/boundaries.js;
// README "Boundaries" lists them). Kept apart from the other blocks of this file.

/**
 * Server files that reach into another module's private files: none since every module has its
 * public entry (`modules/<name>/index.ts`). It stays empty; do not add to it.
 */
const TEMPORARY_CROSS_MODULE_IMPORTS = [];

const boundariesBlock = {
  files: ['**/*.{ts,tsx,mts,js,mjs,cjs}'],
  plugins: { boundaries },
  rules: {
    'boundaries/module-entry': ['error', { temporaryCrossModuleImports: TEMPORARY_CROSS_MODULE_IMPORTS }],
    'boundaries/lib-no-modules': 'error',
    'boundaries/shared-imports-nothing': 'error',
    'boundaries/sandbox-independent': 'error',
    'boundaries/judge-no-server': 'error',
    'boundaries/sites-no-server': 'error',
    'boundaries/no-scripts': 'error',
    'boundaries/workspace-by-name': 'error',
    'boundaries/page-folders': 'error',
  },
};

// ── Queries in one place (issue 23) ───────────────────────────────────────────────────────────
// The sites' server state is read through named hooks of apps/web/src/api/<domain>.ts, each
// domain's keys written once in its key factory (`competitionKeys` …): components call the hooks.

/**
 * Files that still wrote their queries inline while issue 23 moved them into api/ hooks: none left.
 * It stays empty; do not add to it.
 */
const TEMPORARY_INLINE_QUERIES = [];

const QUERY_HOOKS = [
  'useQuery',
  'useQueries',
  'useInfiniteQuery',
  'useMutation',
  'useSuspenseQuery',
  'useSuspenseQueries',
  'useSuspenseInfiniteQuery',
  // Invalidations and cache writes too: a named hook of the domain (`useRefreshPosts()` …).
  'useQueryClient',
];

const queriesBlocks = [
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/api/**', ...TEMPORARY_INLINE_QUERIES],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: QUERY_HOOKS,
              message:
                'Queries and their invalidations live in apps/web/src/api/<domain>.ts as named hooks: add one there and call it.',
            },
            {
              name: 'react',
              importNames: ['lazy'],
              message:
                "Use lazyScoped from apps/web/src/lib/antdScope: a lazy part that uses antd gets antd's provider (locale, theme).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: TEMPORARY_INLINE_QUERIES,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: "A query key is written once, in its domain's key factory in apps/web/src/api/ (e.g. competitionKeys).",
        },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/build/**', '.cache/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  boundariesBlock,
  ...queriesBlocks,
  // Server size rule (issue 10): a file a reader can hold in mind, an operation findable on its own.
  // Blank lines and comments do not count; tests are exempt (a suite reads top to bottom).
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
);
