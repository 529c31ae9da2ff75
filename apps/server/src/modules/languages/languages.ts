import {
  BASE_LANGUAGES,
  installCommand,
  isInstalled,
  parseEnabledLanguages,
  TOOLCHAINS,
  toolVersion,
} from '@oj/judge';
import {
  type JudgeLimits,
  type Language,
  type LanguageFactorsInput, LANGUAGES, type LanguageStatusList } from '@oj/shared';
import { badRequest } from '../../lib/errors';
import type { LanguagesDeps } from './deps';
import * as repo from './repo';

/** A language's factors: a problem's limits times these for submissions in it. */
export interface Factors {
  time: number;
  memory: number;
}
const ONE: Factors = { time: 1, memory: 1 };

/**
 * The module's state beside its dependencies: `OJ_LANGUAGES` parsed once, and the factors read
 * once and kept (dropped when this node or another one changes them: `languages.changed`).
 */
export type LanguagesState = LanguagesDeps & {
  enabled: ReadonlySet<Language>;
  unknown: string[];
  factors: Promise<Map<string, Factors>> | null;
};

export function languagesState(d: LanguagesDeps): LanguagesState {
  const parsed = parseEnabledLanguages(d.setting);
  return { ...d, enabled: new Set(parsed.languages), unknown: parsed.unknown, factors: null };
}

const installed = (d: LanguagesState, language: Language) => (d.installed ?? isInstalled)(language);

/** Offered to users: enabled (the six, or `OJ_LANGUAGES`) and installed here. */
export const isAvailable = (d: LanguagesState, language: Language): boolean =>
  d.enabled.has(language) && installed(d, language);

export const availableLanguages = (d: LanguagesState): Language[] =>
  LANGUAGES.filter((l) => isAvailable(d, l));

/** Refuses, with the reason in words, a submission or custom test in a language not offered here. */
export function refuseUnavailable(d: LanguagesState, language: Language): void {
  if (!d.enabled.has(language)) throw badRequest(`本站没有启用 ${language}，请换用其他语言提交`, 'language');
  if (!installed(d, language))
    throw badRequest(`评测机没有安装 ${language} 的编译器或运行环境，暂时不能评测，请联系管理员`, 'language');
}

async function loadFactors(d: LanguagesState): Promise<Map<string, Factors>> {
  d.factors ??= repo.allSettings(d.db).then(
    (rows) => new Map(rows.map((r) => [r.language, { time: r.time_factor, memory: r.memory_factor }])),
    (err: unknown) => {
      d.factors = null;
      throw err;
    },
  );
  return d.factors;
}

export const factorsOf = async (d: LanguagesState, language: Language): Promise<Factors> =>
  (await loadFactors(d)).get(language) ?? ONE;

/** The bounds of a judge job's limits (JudgeLimits in packages/shared/src/judge.ts). */
const JOB_TIME_MAX_MS = 60_000;
const JOB_MEMORY_MAX_MIB = 8192;

/**
 * A problem's limits for one language: times the administrator's factors of that language (1 = as
 * set), within what the judge accepts. Submissions, custom tests and jury runs all judge by these.
 */
export async function limitsFor<L extends Pick<JudgeLimits, 'timeMs' | 'memoryMiB'>>(
  d: LanguagesState,
  language: Language,
  limits: L,
): Promise<L> {
  const f = await factorsOf(d, language);
  if (f.time === 1 && f.memory === 1) return limits;
  return {
    ...limits,
    timeMs: Math.min(JOB_TIME_MAX_MS, Math.max(1, Math.round(limits.timeMs * f.time))),
    memoryMiB: Math.min(JOB_MEMORY_MAX_MIB, Math.max(1, Math.round(limits.memoryMiB * f.memory))),
  };
}

/** An administrator sets a language's factors; every node reads them again. */
export async function setFactors(d: LanguagesState, input: LanguageFactorsInput): Promise<void> {
  await repo.saveSettings(d.db, {
    language: input.language,
    time_factor: input.time_factor,
    memory_factor: input.memory_factor,
    updated_at: new Date(d.clock.now()).toISOString(),
  });
  d.factors = null;
  d.bus.emit('languages.changed', { language: input.language });
}

/** Every language as this install has it (the management site's table). */
export async function statuses(d: LanguagesState): Promise<LanguageStatusList> {
  const factors = await loadFactors(d);
  const versions = await Promise.all(LANGUAGES.map((l) => (installed(d, l) ? toolVersion(l) : '')));
  return {
    setting: d.setting,
    unknown: d.unknown,
    languages: LANGUAGES.map((name, i) => ({
      name,
      base: BASE_LANGUAGES.includes(name),
      installed: installed(d, name),
      enabled: d.enabled.has(name),
      available: isAvailable(d, name),
      version: versions[i],
      packages: TOOLCHAINS[name].packages,
      install_command: installCommand(name),
      time_factor: factors.get(name)?.time ?? 1,
      memory_factor: factors.get(name)?.memory ?? 1,
    })),
  };
}
