import {
  type ExpectableVerdict,
  IMPORT_LIMITS,
  JURY_LIMITS,
  juryLanguageOf,
  PROBLEM_LIMITS,
} from '@oj/shared';
import type { RawProblem, RawProgram, RawSolution } from './model';
import type { PackageFiles } from './package-files';

/**
 * The programs of a package beside the statement and tests: a checker's own headers, validators,
 * labelled jury solutions. None of them refuses a package: what cannot be kept is said in the
 * problem's warnings.
 */

/** What our special checker compiles beside its source (CheckerInput: at most 5, plain names). */
const FILES_MAX = 5;
const FILE_NAME = /^[\w.-]{1,64}$/;
const INCLUDE = /^[ \t]*#[ \t]*include[ \t]*"([^"\n]+)"/gm;

export const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
export const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);

/**
 * The files `source` includes with `#include "…"`, found in `folders` (in order; the checker's own
 * folder first), and what those include in turn. testlib.h among them is the author's own and wins
 * over the one our judge ships (packages/judge/src/checkers/special.ts).
 */
export function includedFiles(
  files: PackageFiles,
  folders: string[],
  source: string,
  raw: RawProblem,
  what: string,
): { name: string; content: string }[] {
  const found: { name: string; content: string }[] = [];
  const queue = [source];
  const seen = new Set<string>();
  while (queue.length) {
    for (const m of queue.shift()!.matchAll(INCLUDE)) {
      const name = m[1].trim();
      if (seen.has(name)) continue;
      seen.add(name);
      const path = folders.map((f) => `${f}${name}`).find((p) => files.has(p));
      if (!path) continue; // a system header written with quotes, or one the package lacks
      if (!FILE_NAME.test(name)) {
        raw.warnings.push(`${what}包含的文件「${name.slice(0, 64)}」不在同一目录，未导入`);
        continue;
      }
      if (found.length >= FILES_MAX) {
        raw.warnings.push(`${what}包含的文件超过 ${FILES_MAX} 个，「${name}」未导入`);
        continue;
      }
      const content = files.doc(path)!;
      if (content.length > PROBLEM_LIMITS.checkerMaxChars) {
        raw.warnings.push(`${what}包含的文件「${name}」超过 256 KiB，未导入`);
        continue;
      }
      found.push({ name, content });
      queue.push(content);
    }
  }
  return found;
}

// `pp`: a Free Pascal unit beside the program (DOMjudge's multifile-pas) makes the folder two sources.
const SOURCE_EXT =
  /\.(?:c|cc|cpp|cxx|c\+\+|py|java|go|js|mjs|kt|rs|hs|cs|rb|php|pl|lua|scala|ml|lisp|pas|pp|ctd|viva|sh)$/i;
const HEADER_EXT = /\.(?:h|hh|hpp|hxx)$/i;

/**
 * One program of a package: a single file, or a folder (its one main source and the headers
 * beside it). Null, with why, for what we cannot hold as one source (build / run scripts, several
 * sources).
 */
export function readProgram(
  files: PackageFiles,
  path: string,
  protocol: RawProgram['protocol'],
): RawProgram | { why: string } {
  if (files.has(path)) {
    if (files.size(path) > IMPORT_LIMITS.documentMaxBytes) return { why: '超过 1 MiB' };
    return { name: path, language: juryLanguageOf(path), protocol, source: files.text(path)! };
  }
  const inside = files.under(`${path}/`);
  if (inside.some((n) => /\/(?:build|run)$/.test(n))) return { why: '使用 build / run 脚本' };
  const sources = inside.filter((n) => SOURCE_EXT.test(n) && !n.slice(path.length + 1).includes('/'));
  if (sources.length !== 1) return { why: sources.length ? '由多个源文件组成' : '没有源文件' };
  if (files.size(sources[0]) > IMPORT_LIMITS.documentMaxBytes) return { why: '超过 1 MiB' };
  const headers = inside
    .filter((n) => HEADER_EXT.test(n) && FILE_NAME.test(baseName(n)))
    .filter((n) => files.size(n) <= PROBLEM_LIMITS.checkerMaxChars)
    .slice(0, FILES_MAX);
  return {
    name: sources[0],
    language: juryLanguageOf(sources[0]),
    protocol,
    source: files.text(sources[0])!,
    ...(headers.length ? { files: headers.map((h) => ({ name: baseName(h), content: files.doc(h)! })) } : {}),
  };
}

/** Collects labelled jury solutions, within our limits; `skipped` counts those left out, by why. */
export class SolutionSet {
  readonly list: RawSolution[] = [];
  private readonly skipped = new Map<string, number>();

  skip(why: string): void {
    this.skipped.set(why, (this.skipped.get(why) ?? 0) + 1);
  }

  add(name: string, source: string, expected: ExpectableVerdict[] | null): void {
    const language = juryLanguageOf(name);
    if (!expected) return this.skip('标注的期望结果无法识别');
    if (!language) return this.skip('语言本站不支持');
    if (language === 'Python3' && /^#!.*python2/.test(source)) return this.skip('语言本站不支持');
    if (!source.trim() || source.length > JURY_LIMITS.sourceMaxChars)
      return this.skip('代码为空或超过 256 KiB');
    if (this.list.length >= JURY_LIMITS.solutionsMax) return this.skip(`超过 ${JURY_LIMITS.solutionsMax} 个`);
    this.list.push({ name: name.slice(-JURY_LIMITS.nameMax), language, source, expected });
  }

  /** Puts them on the problem, saying what was left out. */
  into(raw: RawProblem): void {
    if (this.list.length) raw.solutions = this.list;
    for (const [why, n] of this.skipped) raw.warnings.push(`${n} 个评测方程序未导入：${why}`);
  }
}
