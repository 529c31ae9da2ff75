import { createHash } from 'node:crypto';
import type { Language, Verdict } from '@oj/shared';

/**
 * The ICPC Contest API's value types (specification 2023-06, "JSON property types"): absolute times
 * always with milliseconds and a zone (`2026-11-27T16:01:20.123Z`, ours are stored so), relative
 * times as `(-)h:mm:ss.uuu`, identifiers as strings of `[A-Za-z0-9_.-]`.
 */
export const CCS_VERSION = '2023-06';
export const CCS_VERSION_URL = 'https://ccs-specs.icpc.io/2023-06/contest_api';

/** TIME: an ISO 8601 instant with milliseconds, in UTC. */
export const abstime = (ms: number): string => new Date(ms).toISOString();

/** RELTIME: `(-)h:mm:ss.uuu`, hours unbounded (`5:00:00.000`, `-0:00:30.000`). */
export function reltime(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  const abs = Math.abs(Math.round(ms));
  const h = Math.floor(abs / 3_600_000);
  const m = Math.floor(abs / 60_000) % 60;
  const s = Math.floor(abs / 1000) % 60;
  const u = abs % 1000;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${sign}${h}:${two(m)}:${two(s)}.${String(u).padStart(3, '0')}`;
}

/** Seconds with at most three decimals (time limits, run times): a multiple of 0.001. */
export const seconds = (ms: number): number => Math.round(ms) / 1000;

/** Our verdicts as the specification's judgement type ids (its "Known judgement types"). */
const JUDGEMENT_OF: Record<Exclude<Verdict, 'PD'>, string> = {
  AC: 'AC',
  WA: 'WA',
  TLE: 'TLE',
  MLE: 'MLE',
  OLE: 'OLE',
  Sign: 'RTE',
  CE: 'CE',
  // Our judge's own failures (internal error, a problem's bad parameters): not the program's.
  IE: 'JE',
  PE: 'JE',
};
export const judgementTypeOf = (v: string): string | null =>
  v === 'PD' ? null : (JUDGEMENT_OF[v as Exclude<Verdict, 'PD'>] ?? 'JE');

/** The judgement types this judge gives: `penalty` as on our ICPC board (packages/shared ranking.ts). */
export const JUDGEMENT_TYPES = [
  { id: 'AC', name: 'Accepted', penalty: false, solved: true },
  { id: 'WA', name: 'Wrong Answer', penalty: true, solved: false },
  { id: 'TLE', name: 'Time Limit Exceeded', penalty: true, solved: false },
  { id: 'MLE', name: 'Memory Limit Exceeded', penalty: true, solved: false },
  { id: 'OLE', name: 'Output Limit Exceeded', penalty: true, solved: false },
  { id: 'RTE', name: 'Run-Time Error', penalty: true, solved: false },
  { id: 'CE', name: 'Compile Error', penalty: false, solved: false },
  { id: 'JE', name: 'Judging Error', penalty: false, solved: false },
] as const;

/** Our languages as the specification's language ids ("Known languages"; PyPy, Lua: our own). */
const LANGUAGE_IDS: Record<Language, { id: string; extensions: string[] }> = {
  C: { id: 'c', extensions: ['c'] },
  'C++': { id: 'cpp', extensions: ['cc', 'cpp', 'cxx', 'c++'] },
  Python3: { id: 'python3', extensions: ['py'] },
  Java: { id: 'java', extensions: ['java'] },
  Go: { id: 'go', extensions: ['go'] },
  JavaScript: { id: 'javascript', extensions: ['js'] },
  PyPy3: { id: 'pypy3', extensions: ['py'] },
  Rust: { id: 'rust', extensions: ['rs'] },
  Pascal: { id: 'pascal', extensions: ['pas'] },
  'C#': { id: 'csharp', extensions: ['cs'] },
  Ruby: { id: 'ruby', extensions: ['rb'] },
  PHP: { id: 'php', extensions: ['php'] },
  Lua: { id: 'lua', extensions: ['lua'] },
  Haskell: { id: 'haskell', extensions: ['hs'] },
  Kotlin: { id: 'kotlin', extensions: ['kt'] },
};
export const languageOf = (l: Language) => LANGUAGE_IDS[l] ?? { id: 'unknown', extensions: [] };
export const languageId = (l: string) => LANGUAGE_IDS[l as Language]?.id ?? 'unknown';

/** An organization's id from its school's name (any script): stable, short, an identifier. */
export const organizationId = (school: string): string =>
  `org-${createHash('sha256').update(school).digest('hex').slice(0, 12)}`;
