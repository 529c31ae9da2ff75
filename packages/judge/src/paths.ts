import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (packages/judge/src → ../../..). */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/**
 * Where the bootstrap puts the precompiled `bits/stdc++.h`, one directory per C++ variant
 * (`<dialect>-<O2|O0>`, languages/c-family.ts, bootstrap.mjs). A compile binds its variant's
 * directory read-only at PCH_BOX_DIR, searched first with `-I`.
 */
export const PCH_HOST_DIR = join(ROOT, '.cache', 'pch');
export const PCH_BOX_DIR = '/pch';

/** Long-lived caches: compiled checkers and (for remote workers) test data by hash. */
export const defaultCacheRoot = () => process.env.OJ_JUDGE_CACHE_DIR ?? join(ROOT, '.cache', 'judge');

/** Per-submission scratch directories, removed when judging ends. */
export const defaultWorkRoot = () => process.env.OJ_JUDGE_WORK_DIR ?? join(tmpdir(), 'oj-judge');
