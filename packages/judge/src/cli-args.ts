import {
  LANGUAGE_STANDARDS,
  LANGUAGES,
  type Language,
  type LanguageOptions,
  languageOptionsProblem,
} from '@oj/shared';
import { languageNamed } from './languages/toolchains';

export interface RunArgs {
  command: 'run';
  lang: Language;
  /** C / C++: `--std` and `--no-o2` (absent: the defaults). */
  options?: LanguageOptions;
  source: string;
  tests: string;
  timeMs: number;
  memoryMiB: number;
  checker?: string;
  /** Run every test instead of stopping at the first failure. */
  all: boolean;
  /** Float checker tolerance (absolute and relative), when given. */
  floatEps?: number;
}

export interface WorkerArgs {
  command: 'worker';
}

/** `languages [--json]`: every language the judge knows, its version and whether it is available here. */
export interface LanguagesArgs {
  command: 'languages';
  json: boolean;
}

export class UsageError extends Error {}

export const USAGE = `usage:
  npm run -s judge -- run --lang <${LANGUAGES.join('|')}> --source <file> --tests <dir>
                          [--time <ms, default 1000>] [--memory <MiB, default 256>]
                          [--checker <checker source>] [--float <eps>] [--all]
                          [--std <${LANGUAGE_STANDARDS.join('|')}>] [--no-o2]   (C and C++)
  npm run -s judge -- languages [--json]
  npm run -s judge -- worker    (env REDIS_URL, OJ_SERVER_URL, OJ_JUDGE_TOKEN)`;

const positiveInt = (flag: string, value: string) => {
  if (!/^\d+$/.test(value) || Number(value) <= 0)
    throw new UsageError(`${flag} expects a positive integer, got "${value}"`);
  return Number(value);
};

export function parseArgs(argv: string[]): RunArgs | WorkerArgs | LanguagesArgs {
  const [command, ...rest] = argv;
  if (command === 'worker') {
    if (rest.length > 0)
      throw new UsageError(`worker takes no arguments (configure it through the environment)`);
    return { command: 'worker' };
  }
  if (command === 'languages') {
    const unknown = rest.filter((a) => a !== '--json');
    if (unknown.length) throw new UsageError(`unknown option "${unknown[0]}"`);
    return { command: 'languages', json: rest.includes('--json') };
  }
  if (command !== 'run') throw new UsageError(command ? `unknown command "${command}"` : 'missing command');
  const values = new Map<string, string>();
  let all = false;
  let o2: boolean | undefined;
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i];
    if (flag === '--all' || flag === '--no-o2' || flag === '--o2') {
      if (flag === '--all') all = true;
      else o2 = flag === '--o2';
      continue;
    }
    if (
      !['--lang', '--source', '--tests', '--time', '--memory', '--checker', '--float', '--std'].includes(flag)
    ) {
      throw new UsageError(`unknown option "${flag}"`);
    }
    const value = rest[++i];
    if (value === undefined) throw new UsageError(`${flag} needs a value`);
    values.set(flag, value);
  }
  const langName = values.get('--lang');
  if (!langName) throw new UsageError('--lang is required');
  // The names `languages` prints, in any case, and their aliases (cpp, csharp, fpc …).
  const lang = languageNamed(langName);
  if (!lang) throw new UsageError(`--lang must be one of ${LANGUAGES.join(', ')}`);
  const options = cliOptions(lang, values.get('--std'), o2);
  const source = values.get('--source');
  if (!source) throw new UsageError('--source is required');
  const tests = values.get('--tests');
  if (!tests) throw new UsageError('--tests is required');
  const floatText = values.get('--float');
  const floatEps = floatText === undefined ? undefined : Number(floatText);
  if (floatEps !== undefined && !(floatEps >= 0))
    throw new UsageError(`--float expects a non-negative number, got "${floatText}"`);
  return {
    command: 'run',
    lang,
    ...(options ? { options } : {}),
    source,
    tests,
    timeMs: positiveInt('--time', values.get('--time') ?? '1000'),
    memoryMiB: positiveInt('--memory', values.get('--memory') ?? '256'),
    checker: values.get('--checker'),
    all,
    floatEps,
  };
}

/** `--std` and `--o2` / `--no-o2` as a job's options; refused for a language without them. */
function cliOptions(
  lang: Language,
  std: string | undefined,
  o2: boolean | undefined,
): LanguageOptions | undefined {
  if (std === undefined && o2 === undefined) return undefined;
  const normal = std?.toLowerCase();
  if (normal !== undefined && !(LANGUAGE_STANDARDS as readonly string[]).includes(normal))
    throw new UsageError(`--std must be one of ${LANGUAGE_STANDARDS.join(', ')}`);
  const options = {
    ...(normal !== undefined ? { std: normal as LanguageOptions['std'] } : {}),
    ...(o2 !== undefined ? { o2 } : {}),
  };
  const problem = languageOptionsProblem(lang, options);
  if (problem) throw new UsageError(`--std / --no-o2: ${problem}`);
  return options;
}
