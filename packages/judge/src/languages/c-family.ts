import { join } from 'node:path';
import { type LanguageOptions, resolveOptions } from '@oj/shared';
import { PCH_HOST_DIR } from '../paths';
import flags from './compiler-flags.json';

/**
 * The C and C++ variants (issue 25): a standard and the O2 switch chosen per submission. A variant's
 * flags are the default flags of compiler-flags.json with the `-std=` replaced by the standard's
 * (GNU dialects, as the default) and `-O2` dropped when O2 is off; the defaults give exactly the
 * default flags. The bootstrap reads the same JSON to precompile `bits/stdc++.h` per C++ variant.
 */

type CFamily = 'C' | 'C++';

const STD_FLAG: Record<CFamily, Record<string, string>> = flags.standards;

/** The compiler flags of a variant; the language's default flags when `options` is absent. */
export function variantFlags(language: CFamily, options?: LanguageOptions | null): string[] {
  const base: string[] = flags[language];
  const resolved = resolveOptions(language, options);
  if (!resolved) return base;
  const std = STD_FLAG[language][resolved.std];
  if (!std) throw new Error(`no flag for ${resolved.std} in compiler-flags.json`);
  return base.map((f) => (f.startsWith('-std=') ? std : f)).filter((f) => resolved.o2 || f !== flags.o2);
}

/**
 * Where the bootstrap puts the precompiled header built with these flags:
 * `.cache/pch/<dialect>-<O2|O0>/bits/stdc++.h.gch` (packages/judge/bootstrap.mjs names it alike).
 */
export function pchHostDir(cxxFlags: readonly string[]): string {
  const std = cxxFlags.find((f) => f.startsWith('-std='))?.slice('-std='.length) ?? 'default';
  return join(PCH_HOST_DIR, `${std}-${cxxFlags.includes(flags.o2) ? 'O2' : 'O0'}`);
}
