import type { JudgeLimits, Language, LanguageFactorsInput } from '@oj/shared';
import type { LanguagesDeps } from './deps';
import * as languages from './languages';

/**
 * Languages on this install (issue 25): which are offered (enabled by `OJ_LANGUAGES` and installed),
 * the refusal of the others, the administrator's per-language time and memory factors, and the
 * management site's table (installed / enabled / missing, with the command that installs each).
 */
export function createLanguagesService(deps: LanguagesDeps) {
  const d = languages.languagesState(deps);
  // Another node changed the factors: read them again on next use.
  deps.bus.on('languages.changed', (_e, { local }) => {
    if (!local) d.factors = null;
  });
  return {
    available: () => languages.availableLanguages(d),
    isAvailable: (language: Language) => languages.isAvailable(d, language),
    refuseUnavailable: (language: Language) => languages.refuseUnavailable(d, language),
    factorsOf: (language: Language) => languages.factorsOf(d, language),
    limitsFor: <L extends Pick<JudgeLimits, 'timeMs' | 'memoryMiB'>>(language: Language, limits: L) =>
      languages.limitsFor(d, language, limits),
    setFactors: (input: LanguageFactorsInput) => languages.setFactors(d, input),
    statuses: () => languages.statuses(d),
  };
}
export type LanguagesService = ReturnType<typeof createLanguagesService>;
