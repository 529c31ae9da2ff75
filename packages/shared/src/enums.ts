/** Roles of SPEC §6. The numbers are part of the API: the sites compare them. */
export const Role = { NotLogin: 0, User: 1, Admin: 2, Ban: 3 } as const;
export type Role = (typeof Role)[keyof typeof Role];

/** Verdicts of SPEC §4, exactly as stored and sent. */
export const VERDICTS = ['AC', 'CE', 'WA', 'MLE', 'TLE', 'OLE', 'Sign', 'IE', 'PE', 'PD'] as const;
export type Verdict = (typeof VERDICTS)[number];

export const VERDICT_NAMES: Record<Verdict, string> = {
  AC: 'Accepted',
  CE: 'Compile Error',
  WA: 'Wrong Answer',
  MLE: 'Memory Limit Exceeded',
  TLE: 'Time Limit Exceeded',
  OLE: 'Output Limit Exceeded',
  Sign: 'Signalled',
  IE: 'InternalError',
  PE: 'ParamsError',
  PD: 'Pending',
};

/**
 * Languages: the six of SPEC §3 (exactly these names), then those of issue 25, which the judge
 * offers when the administrator enables them (`OJ_LANGUAGES`, docs/languages.md).
 */
export const LANGUAGES = [
  'C',
  'C++',
  'Python3',
  'Java',
  'Go',
  'JavaScript',
  'PyPy3',
  'Rust',
  'Pascal',
  'C#',
  'Ruby',
  'PHP',
  'Lua',
  'Haskell',
  'Kotlin',
] as const;
export type Language = (typeof LANGUAGES)[number];

/** Problem difficulty of SPEC §3. */
export const Difficulty = { Easy: 0, Medium: 1, Hard: 2, Unknown: 3 } as const;
export type Difficulty = (typeof Difficulty)[keyof typeof Difficulty];

/** Problem sources of SPEC §3. */
export const PROBLEM_SOURCES = ['original', 'own', 'codeforces', 'luogu', 'leetcode', 'niuke'] as const;
export type ProblemSource = (typeof PROBLEM_SOURCES)[number];

export const EDITOR_THEMES = ['textmate', 'eclipse', 'twilight', 'monokai'] as const;
export type EditorTheme = (typeof EDITOR_THEMES)[number];
