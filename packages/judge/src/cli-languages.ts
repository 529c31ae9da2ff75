import { LANGUAGES, type Language, STANDARDS_OF } from '@oj/shared';
import { commandLine } from './languages/describe';
import { LANGUAGE_SPECS } from './languages';
import {
  installCommand,
  isInstalled,
  parseEnabledLanguages,
  TOOLCHAINS,
  toolVersion,
} from './languages/toolchains';

/** One line of `npm run -s judge -- languages --json`. */
export interface CliLanguage {
  /** What `run --lang` takes (any case; `aliases` too). */
  name: Language;
  aliases: string[];
  /** The toolchain's own version line ('' when not installed). */
  version: string;
  installed: boolean;
  /** One of the six, or named in this process's `OJ_LANGUAGES`. */
  enabled: boolean;
  /** Enabled and installed: what a site with this environment offers. */
  available: boolean;
  packages: string[];
  install: string;
  compile: string;
  run: string;
  /** C and C++: the standards `--std` takes, and the default. */
  standards?: string[];
  default_standard?: string;
}

/** Every language the judge knows, as this machine and this environment have it. */
export async function listLanguages(env: NodeJS.ProcessEnv = process.env): Promise<CliLanguage[]> {
  const enabled = new Set(parseEnabledLanguages(env.OJ_LANGUAGES).languages);
  return Promise.all(
    LANGUAGES.map(async (name) => {
      const spec = LANGUAGE_SPECS[name];
      const installed = isInstalled(name);
      const std = STANDARDS_OF[name];
      return {
        name,
        aliases: TOOLCHAINS[name].aliases ?? [],
        version: installed ? await toolVersion(name) : '',
        installed,
        enabled: enabled.has(name),
        available: installed && enabled.has(name),
        packages: TOOLCHAINS[name].packages,
        install: installCommand(name),
        compile: commandLine(spec.compile().argv),
        run: commandLine(spec.run({ timeMs: 1000, memoryMiB: 256 }).argv),
        ...(std ? { standards: [...std.standards], default_standard: std.default } : {}),
      };
    }),
  );
}

/** The same as a table for people. */
export function languagesTable(list: CliLanguage[]): string {
  const state = (l: CliLanguage) =>
    l.available
      ? 'available'
      : l.installed
        ? 'installed, not enabled'
        : l.enabled
          ? 'enabled, MISSING'
          : 'not installed';
  const width = Math.max(...list.map((l) => l.name.length));
  return list
    .map((l) => `${l.name.padEnd(width)}  ${state(l).padEnd(22)}  ${l.version || `(${l.install})`}`)
    .join('\n');
}
