import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { LANGUAGES, type Language } from '@oj/shared';
import table from './toolchains.json';

/**
 * What each language needs on the machine (toolchains.json, read by the bootstrap too): its Debian
 * packages, the file whose presence means it is installed, and how to ask its version. `base`: one
 * of the six languages `npm start` always installs and enables; the others are installed and
 * offered when the administrator enables them (`OJ_LANGUAGES`).
 */
export interface Toolchain {
  base?: boolean;
  packages: string[];
  binary: string;
  version: string[];
  /** The version is the first output line containing this (default: the first line). */
  versionLine?: string;
  /** Put in front of what the command prints (when it prints a bare number). */
  versionPrefix?: string;
  /** Other names it answers to on a command line or in `OJ_LANGUAGES` (lower case). */
  aliases?: string[];
}

export const TOOLCHAINS = table as Record<Language, Toolchain>;

/** The six languages of SPEC §3: always installed by `npm start`, always enabled. */
export const BASE_LANGUAGES: Language[] = LANGUAGES.filter((l) => TOOLCHAINS[l].base);

export const isInstalled = (language: Language): boolean => existsSync(TOOLCHAINS[language].binary);

/** The command that installs a language's toolchain by hand (what `npm start` runs as root). */
export const installCommand = (language: Language): string =>
  TOOLCHAINS[language].packages.length
    ? `apt-get install -y --no-install-recommends ${TOOLCHAINS[language].packages.join(' ')}`
    : '';

const versions = new Map<Language, Promise<string>>();

/** The toolchain's own version line ('' when it is not installed); asked once per process. */
export function toolVersion(language: Language): Promise<string> {
  let known = versions.get(language);
  if (!known) {
    known = askVersion(TOOLCHAINS[language]);
    versions.set(language, known);
  }
  return known;
}

function askVersion(t: Toolchain): Promise<string> {
  return new Promise((resolve) => {
    execFile(t.version[0], t.version.slice(1), { timeout: 15_000 }, (err, stdout, stderr) => {
      if (err && !stdout && !stderr) return resolve('');
      const lines = `${stdout}\n${stderr}`
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      const line = (t.versionLine ? lines.find((l) => l.includes(t.versionLine!)) : lines[0]) ?? '';
      resolve(line ? `${t.versionPrefix ?? ''}${line}` : '');
    });
  });
}

/** The language a name means (`--lang`, `OJ_LANGUAGES`): exact names in any case, and its aliases. */
export function languageNamed(name: string): Language | null {
  const key = name.trim().toLowerCase();
  return LANGUAGES.find((l) => l.toLowerCase() === key || TOOLCHAINS[l].aliases?.includes(key)) ?? null;
}

/**
 * The languages `OJ_LANGUAGES` enables beyond the six (comma- or space-separated names, `all` for
 * every one); unknown names are reported, not fatal.
 */
export function parseEnabledLanguages(raw: string | undefined): { languages: Language[]; unknown: string[] } {
  const words = (raw ?? '')
    .split(/[\s,;]+/)
    .map((w) => w.trim())
    .filter(Boolean);
  if (words.some((w) => w.toLowerCase() === 'all')) return { languages: [...LANGUAGES], unknown: [] };
  const enabled = new Set<Language>(BASE_LANGUAGES);
  const unknown: string[] = [];
  for (const w of words) {
    const l = languageNamed(w);
    if (l) enabled.add(l);
    else unknown.push(w);
  }
  return { languages: LANGUAGES.filter((l) => enabled.has(l)), unknown };
}
