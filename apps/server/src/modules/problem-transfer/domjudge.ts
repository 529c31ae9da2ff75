import type { RawProblem } from './model';
import type { PackageFiles } from './package-files';

/**
 * DOMjudge's problem zip: the Kattis layout (kattis.ts) with `domjudge-problem.ini` beside it or
 * instead of problem.yaml. Its keys: `name`, `timelimit` (seconds), `special_compare` /
 * `special_run` (executables configured on that DOMjudge server, never in the zip), `short-name`
 * (or the older `probid`), `color`, `points`, `externalid`. Jury solutions may say what they should
 * get in a comment: `@EXPECTED_RESULTS@: CORRECT, TIMELIMIT`.
 */
export interface DomjudgeIni {
  name?: string;
  shortName?: string;
  timelimit?: number;
  specialCompare?: string;
}

/** `key = value` lines, values optionally quoted (PHP's parse_ini_string reads it the same). */
function parseIni(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*([\w-]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m || line.trimStart().startsWith(';')) continue;
    const v = m[2];
    out[m[1].toLowerCase()] = /^(['"]).*\1$/.test(v) ? v.slice(1, -1) : v.replace(/\s*;.*$/, '');
  }
  return out;
}

export function readDomjudgeIni(files: PackageFiles, dir: string, raw: RawProblem): DomjudgeIni {
  const ini = parseIni(files.doc(`${dir}domjudge-problem.ini`) ?? '');
  const timelimit = Number(ini.timelimit);
  if (ini.timelimit !== undefined && !(timelimit > 0))
    raw.warnings.push(`domjudge-problem.ini 的时间限制「${ini.timelimit.slice(0, 20)}」不是正数，已略过`);
  if (ini.special_run)
    raw.warnings.push(
      `运行程序「${ini.special_run.slice(0, 40)}」（交互题的运行方式）是 DOMjudge 服务器上的程序，不在包中，已略过`,
    );
  return {
    name: ini.name || undefined,
    shortName: ini['short-name'] || ini.probid || undefined,
    timelimit: timelimit > 0 ? timelimit : undefined,
    specialCompare: ini.special_compare || undefined,
  };
}

/** The results a DOMjudge jury solution states (`@EXPECTED_RESULTS@: A, B`), or null. */
export function expectedResultsMarker(source: string): string[] | null {
  const m = /@EXPECTED_RESULTS@\s*:?\s*([^\n]*)/i.exec(source);
  if (!m) return null;
  const list = m[1]
    .replace(/\*\/.*$|-->.*$/, '')
    .split(/[,\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length ? list : null;
}
