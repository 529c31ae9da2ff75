// Jury solutions and problem validation (issue 24, item 5) as plain constants (no zod): the server
// and the package importers map other judges' labels with them, the management site shows them.
import { LANGUAGES, type Language, type Verdict } from '../enums';

/**
 * Verdicts a jury solution may be expected to get: every verdict but PD (not a result) and IE (our
 * judge failing is never what an author means; a run that ends IE disagrees whatever was expected).
 */
export const EXPECTABLE_VERDICTS = [
  'AC',
  'WA',
  'PE',
  'TLE',
  'MLE',
  'OLE',
  'Sign',
  'CE',
] as const satisfies readonly Verdict[];
export type ExpectableVerdict = (typeof EXPECTABLE_VERDICTS)[number];

/** "Any failure" (Polygon RJ, Kattis `rejected`): every expectable verdict but AC. */
export const ANY_FAILURE: readonly ExpectableVerdict[] = EXPECTABLE_VERDICTS.filter((v) => v !== 'AC');

/** How each expectable verdict is named on the validation page. */
export const EXPECTED_VERDICT_LABELS: Record<ExpectableVerdict, string> = {
  AC: '通过（AC）',
  WA: '答案错误（WA）',
  PE: '格式错误（PE）',
  TLE: '超时（TLE）',
  MLE: '内存超限（MLE）',
  OLE: '输出超限（OLE）',
  Sign: '运行错误（RE）',
  CE: '编译错误（CE）',
};

/**
 * How the labels of other judges' packages map to our verdicts (a set: the solution agrees when its
 * verdict is any of them). Our runtime error is `Sign`; our `PE` comes only from special judges, so a
 * "wrong answer" label accepts PE too where the other judge has no separate presentation error.
 *
 * Kattis / problem package format, the folder under `submissions/`:
 *   accepted → AC · wrong_answer → WA, PE · time_limit_exceeded → TLE · run_time_error → RE (Sign), MLE
 *   (Kattis reports running out of memory as a run-time error) · rejected → any failure
 *   · brute_force → AC or TLE.
 * Polygon solution tags: MA (main correct), OK → AC · WA → WA · PE → PE · TL → TLE · TO → TLE or AC
 *   · TM → TLE or MLE · ML → MLE · RE → RE (Sign) · RJ → any failure.
 * DOMjudge `@EXPECTED_RESULTS@` (several may be listed; their union is expected):
 *   CORRECT → AC · WRONG-ANSWER → WA, PE · TIMELIMIT → TLE · RUN-ERROR → RE (Sign), MLE, OLE (DOMjudge
 *   reports memory and output limits as run errors) · NO-OUTPUT → WA · COMPILER-ERROR → CE
 *   · OUTPUT-LIMIT → OLE · MEMORY-LIMIT → MLE.
 */
export const JURY_LABELS = {
  kattis: {
    accepted: ['AC'],
    wrong_answer: ['WA', 'PE'],
    time_limit_exceeded: ['TLE'],
    run_time_error: ['Sign', 'MLE'],
    rejected: ANY_FAILURE,
    brute_force: ['AC', 'TLE'],
  },
  polygon: {
    MA: ['AC'],
    OK: ['AC'],
    WA: ['WA'],
    PE: ['PE'],
    TL: ['TLE'],
    TO: ['TLE', 'AC'],
    TM: ['TLE', 'MLE'],
    ML: ['MLE'],
    RE: ['Sign'],
    RJ: ANY_FAILURE,
  },
  domjudge: {
    CORRECT: ['AC'],
    'WRONG-ANSWER': ['WA', 'PE'],
    TIMELIMIT: ['TLE'],
    'RUN-ERROR': ['Sign', 'MLE', 'OLE'],
    'NO-OUTPUT': ['WA'],
    'COMPILER-ERROR': ['CE'],
    'OUTPUT-LIMIT': ['OLE'],
    'MEMORY-LIMIT': ['MLE'],
  },
} as const satisfies Record<string, Record<string, readonly ExpectableVerdict[]>>;
export type JuryLabelFormat = keyof typeof JURY_LABELS;

/**
 * The verdicts one label of a package expects (Polygon tags in any case, Kattis folder names,
 * DOMjudge results with `_` or `-`); several labels (DOMjudge lists them) give their union.
 * Null when no label is known: the importer leaves such a solution out and says so.
 */
export function expectedVerdictsOf(
  format: JuryLabelFormat,
  labels: string | string[],
): ExpectableVerdict[] | null {
  const table: Record<string, readonly ExpectableVerdict[]> = JURY_LABELS[format];
  const out = new Set<ExpectableVerdict>();
  for (const raw of Array.isArray(labels) ? labels : [labels]) {
    const label = raw.trim();
    const key =
      format === 'kattis'
        ? label.toLowerCase()
        : format === 'domjudge'
          ? label.toUpperCase().replace(/_/g, '-')
          : label.toUpperCase();
    const verdicts = table[key];
    if (!verdicts) return null;
    for (const v of verdicts) out.add(v);
  }
  return out.size ? EXPECTABLE_VERDICTS.filter((v) => out.has(v)) : null;
}

/** Extensions of the languages we may judge; one missing from LANGUAGES is never answered. */
const EXTENSIONS: Record<string, string> = {
  c: 'C',
  cpp: 'C++',
  cc: 'C++',
  cxx: 'C++',
  'c++': 'C++',
  py: 'Python3',
  py3: 'Python3',
  java: 'Java',
  go: 'Go',
  js: 'JavaScript',
  mjs: 'JavaScript',
  rs: 'Rust',
  pas: 'Pascal',
  dpr: 'Pascal',
  cs: 'C#',
  rb: 'Ruby',
  php: 'PHP',
  lua: 'Lua',
  hs: 'Haskell',
  kt: 'Kotlin',
};

/** The language of a solution file by its extension (`sol.cpp` → C++); null when we do not judge it. */
export function juryLanguageOf(fileName: string): Language | null {
  const ext = /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase();
  const language = ext ? EXTENSIONS[ext] : undefined;
  return language && (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : null;
}

/** What one package or page may hold. */
export const JURY_LIMITS = {
  solutionsMax: 50,
  nameMax: 100,
  sourceMaxChars: 256 * 1024,
  validatorMaxChars: 256 * 1024,
} as const;

/**
 * How a solution's latest run stands against what it expects: `pending` (queued or never run),
 * `stale` (judged against other tests, checker or limits than the problem has now), `agree`,
 * `disagree`, `failed` (the judge itself failed: IE).
 */
export const JURY_RUN_STATES = ['pending', 'stale', 'agree', 'disagree', 'failed'] as const;
export type JuryRunState = (typeof JURY_RUN_STATES)[number];

export const JURY_RUN_STATE_LABELS: Record<JuryRunState, string> = {
  pending: '评测中',
  stale: '结果已过期',
  agree: '符合期望',
  disagree: '不符合期望',
  failed: '评测失败',
};

/**
 * The validation of a problem as a whole: `none` (no jury solutions: publishes as before), `pending`
 * (some runs queued or stale), `ok`, `warning` (all agree, but the slowest accepted solution is above
 * half the time limit, or nothing is expected to pass), `error` (some solution disagrees or failed).
 */
export const VERIFY_STATES = ['none', 'pending', 'ok', 'warning', 'error'] as const;
export type VerifyState = (typeof VERIFY_STATES)[number];
