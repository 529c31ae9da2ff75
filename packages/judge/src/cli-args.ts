import { LANGUAGES, type Language } from '@oj/shared';

export interface RunArgs {
  command: 'run';
  lang: Language;
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

export class UsageError extends Error {}

export const USAGE = `usage:
  npm run -s judge -- run --lang <${LANGUAGES.join('|')}> --source <file> --tests <dir>
                          [--time <ms, default 1000>] [--memory <MiB, default 256>]
                          [--checker <checker source>] [--float <eps>] [--all]
  npm run -s judge -- worker    (env REDIS_URL, OJ_SERVER_URL, OJ_JUDGE_TOKEN)`;

const positiveInt = (flag: string, value: string) => {
  if (!/^\d+$/.test(value) || Number(value) <= 0)
    throw new UsageError(`${flag} expects a positive integer, got "${value}"`);
  return Number(value);
};

export function parseArgs(argv: string[]): RunArgs | WorkerArgs {
  const [command, ...rest] = argv;
  if (command === 'worker') {
    if (rest.length > 0)
      throw new UsageError(`worker takes no arguments (configure it through the environment)`);
    return { command: 'worker' };
  }
  if (command !== 'run') throw new UsageError(command ? `unknown command "${command}"` : 'missing command');
  const values = new Map<string, string>();
  let all = false;
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i];
    if (flag === '--all') {
      all = true;
      continue;
    }
    if (!['--lang', '--source', '--tests', '--time', '--memory', '--checker', '--float'].includes(flag)) {
      throw new UsageError(`unknown option "${flag}"`);
    }
    const value = rest[++i];
    if (value === undefined) throw new UsageError(`${flag} needs a value`);
    values.set(flag, value);
  }
  const lang = values.get('--lang');
  if (!lang) throw new UsageError('--lang is required');
  if (!(LANGUAGES as readonly string[]).includes(lang))
    throw new UsageError(`--lang must be one of ${LANGUAGES.join(', ')}`);
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
    lang: lang as Language,
    source,
    tests,
    timeMs: positiveInt('--time', values.get('--time') ?? '1000'),
    memoryMiB: positiveInt('--memory', values.get('--memory') ?? '256'),
    checker: values.get('--checker'),
    all,
    floatEps,
  };
}
