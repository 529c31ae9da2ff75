import type { Language } from '../enums';

// Zod-free: the sites use these at run time (the schema is in ../language-options.ts).

/**
 * Per-submission compiler options of C and C++ (issue 25): the language standard and the O2
 * switch. Absent options mean exactly the judge's defaults of before (C11 and C++17, GNU dialects,
 * with -O2), so old submissions, jobs and clients judge as they always did.
 */

export const C_STANDARDS = ['c99', 'c11', 'c17'] as const;
export const CXX_STANDARDS = ['c++11', 'c++14', 'c++17', 'c++20', 'c++23'] as const;
export const LANGUAGE_STANDARDS = [...C_STANDARDS, ...CXX_STANDARDS] as const;
export type LanguageStandard = (typeof LANGUAGE_STANDARDS)[number];

/** The languages that take options, with their standards and default. */
export const STANDARDS_OF: Partial<
  Record<Language, { standards: readonly LanguageStandard[]; default: LanguageStandard }>
> = {
  C: { standards: C_STANDARDS, default: 'c11' },
  'C++': { standards: CXX_STANDARDS, default: 'c++17' },
};

/** Factors an administrator may set per language: a problem's limits are multiplied by them. */
export const LANGUAGE_FACTOR_MIN = 0.1;
export const LANGUAGE_FACTOR_MAX = 10;

/** How a standard is shown: C++17, C11. */
export const standardLabel = (std: LanguageStandard): string => std.replace(/^c/, 'C');

/** The options of a submission (the schema `LanguageOptions` checks them). */
export interface LanguageOptions {
  std?: LanguageStandard;
  o2?: boolean;
}

/** Options with every default filled in, for a language that takes them; null for the others. */
export interface ResolvedOptions {
  std: LanguageStandard;
  o2: boolean;
}

export function resolveOptions(
  language: Language,
  options: LanguageOptions | null | undefined,
): ResolvedOptions | null {
  const of = STANDARDS_OF[language];
  if (!of) return null;
  return { std: options?.std ?? of.default, o2: options?.o2 ?? true };
}

/** Why these options do not fit the language (a Chinese sentence naming the field), or null. */
export function languageOptionsProblem(
  language: Language,
  options: LanguageOptions | null | undefined,
): string | null {
  if (!options || (options.std === undefined && options.o2 === undefined)) return null;
  const of = STANDARDS_OF[language];
  if (!of) return `${language} 没有语言标准和 O2 优化选项`;
  if (options.std !== undefined && !of.standards.includes(options.std))
    return `语言标准 ${standardLabel(options.std)} 不能用于 ${language}，可选 ${of.standards.map(standardLabel).join('、')}`;
  return null;
}

/** What a record shows: "C++20 · O2", "C11 · 无 O2"; '' for languages without options. */
export function describeOptions(language: Language, options: LanguageOptions | null | undefined): string {
  const resolved = resolveOptions(language, options);
  if (!resolved) return '';
  return `${standardLabel(resolved.std)} · ${resolved.o2 ? 'O2' : '无 O2'}`;
}
