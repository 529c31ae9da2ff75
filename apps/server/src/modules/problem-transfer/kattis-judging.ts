import { type CheckerInput, expectedVerdictsOf } from '@oj/shared';
import type { DomjudgeIni } from './domjudge';
import { expectedResultsMarker } from './domjudge';
import { readYaml } from './limits';
import type { RawProblem, RawProgram } from './model';
import type { PackageFiles } from './package-files';
import { baseName, readProgram, SolutionSet } from './programs';
import { interactorOf, setJudging } from './judging';

/**
 * How a Kattis package judges, mapped onto ours. The default output validator compares tokens,
 * ignoring letter case unless `case_sensitive` (ours: default or float with `case_insensitive`), with
 * float tolerances when given (ours: float). A custom C++ output validator runs as a special checker
 * with the Kattis protocol (`validator input answer feedback_dir < output`, exit 42 accepted, 43
 * wrong). An interactive problem's output validator is its interactor (Kattis protocol); a
 * submit-answer problem is output-only; scoring is kattis-scoring.ts.
 */

export interface KattisMeta {
  name?: unknown;
  type?: string | string[];
  source?: unknown;
  keywords?: string | string[];
  limits?: Record<string, unknown>;
  validation?: string;
  validator_flags?: string;
}

type X = Record<string, unknown>;
const obj = (v: unknown): X => (v && typeof v === 'object' && !Array.isArray(v) ? (v as X) : {});

/** Flags as words: a string (`validator_flags`, `output_validator_flags`) or a list (`output_validator_args`). */
const words = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(/\s+/).filter(Boolean) : [];

/**
 * The output validator flags: problem.yaml's (legacy), else those of `data/` or `data/secret/`
 * (`testdata.yaml` / `test_group.yaml`). Groups below that with other flags are warned.
 */
function validatorFlags(files: PackageFiles, dir: string, meta: KattisMeta, raw: RawProblem): string[] {
  const groupFiles = files
    .names()
    .filter((n) => n.startsWith(`${dir}data/`) && /\/(?:testdata|test_group)\.yaml$/.test(n))
    .sort();
  const byFolder = new Map<string, string[] | undefined>();
  for (const path of groupFiles) {
    const doc = obj(readYaml(files.doc(path), raw, baseName(path)));
    const flags = doc.output_validator_args ?? doc.output_validator_flags;
    if (flags !== undefined) byFolder.set(path.slice(dir.length, path.lastIndexOf('/') + 1), words(flags));
  }
  const top =
    meta.validator_flags !== undefined
      ? words(meta.validator_flags)
      : (byFolder.get('data/secret/') ?? byFolder.get('data/') ?? []);
  const others = [...byFolder.entries()].filter(([, f]) => f && f.join(' ') !== top.join(' '));
  if (others.length) {
    raw.warnings.push(
      `测试组「${others
        .map(([folder]) => folder)
        .join('、')
        .slice(0, 200)}」的比较参数与整题不同，本站整题只用一种：${top.join(' ') || '（无参数）'}`,
    );
  }
  return top;
}

/** The default output validator with its flags, as our default or float comparison. */
export function defaultValidator(flags: string[], raw: RawProblem): CheckerInput {
  let caseSensitive = false;
  const tol: Record<string, number> = {};
  for (let i = 0; i < flags.length; i++) {
    const flag = flags[i];
    if (flag === 'case_sensitive') caseSensitive = true;
    else if (flag === 'space_change_sensitive')
      raw.warnings.push('比较参数 space_change_sensitive 未映射：本站比较忽略空白的多少');
    else if (/^float_(?:relative_|absolute_)?tolerance$/.test(flag)) tol[flag] = Number(flags[++i]);
    else raw.warnings.push(`比较参数「${flag.slice(0, 40)}」无法识别，已略过`);
  }
  const letters = caseSensitive ? {} : { case_insensitive: true as const };
  const both = tol.float_tolerance;
  const abs = tol.float_absolute_tolerance;
  const rel = tol.float_relative_tolerance;
  let eps = both ?? Math.max(abs ?? 0, rel ?? 0);
  if (both === undefined && abs === undefined && rel === undefined) return { kind: 'default', ...letters };
  if (!(eps > 0)) {
    raw.warnings.push('浮点误差参数不是正数，已按精确比较导入');
    return { kind: 'default', ...letters };
  }
  if (both === undefined && (abs === undefined || rel === undefined || abs !== rel)) {
    raw.warnings.push(
      `浮点误差只给了${abs !== undefined && rel !== undefined ? '不同的绝对误差与相对误差' : abs !== undefined ? '绝对误差' : '相对误差'}：本站的误差 ${eps} 同时作为绝对误差与相对误差（满足其一即可）`,
    );
  }
  if (eps > 1) {
    raw.warnings.push(`浮点误差 ${eps} 超过本站上限，已改为 1`);
    eps = 1;
  }
  return { kind: 'float', tolerance: eps, ...letters };
}

/** The output validator program: `output_validators/<name>` (legacy) or `output_validator/` (2023-07 on). */
function outputValidator(
  files: PackageFiles,
  dir: string,
  raw: RawProblem,
): RawProgram | { why: string } | null {
  for (const folder of [`${dir}output_validators/`, `${dir}output_validator/`]) {
    const entries = [...new Set(files.under(folder).map((n) => n.slice(folder.length).split('/')[0]))];
    if (!entries.length) continue;
    // 2025-09: the folder itself is the program; otherwise each entry is one.
    const direct =
      folder.endsWith('output_validator/') &&
      files.under(folder).some((n) => !n.slice(folder.length).includes('/'));
    if (entries.length > 1 && !direct)
      raw.warnings.push(`包中有 ${entries.length} 个输出校验器，只导入了「${entries[0]}」`);
    return readProgram(files, direct ? folder.slice(0, -1) : `${folder}${entries[0]}`, 'kattis');
  }
  return null;
}

export function kattisChecker(
  files: PackageFiles,
  dir: string,
  meta: KattisMeta,
  raw: RawProblem,
  how: { interactive: boolean; types: string[]; validation: string[]; ini?: DomjudgeIni },
): CheckerInput {
  const flags = validatorFlags(files, dir, meta, raw);
  const program = outputValidator(files, dir, raw);
  for (const t of how.types.filter((x) => x === 'multi-pass'))
    raw.warnings.push(`题目类型「${t}」本站不支持，已按普通题导入`);
  if (how.types.includes('submit-answer')) setJudging(raw, { type: 'output-only' });
  if (how.interactive) {
    // The output validator is the interactor (Kattis protocol); answers are compared by it alone.
    const mapped = program && 'source' in program ? interactorOf(program, raw) : null;
    if (mapped) setJudging(raw, { type: 'interactive', interactor: mapped });
    else if (!program || !('source' in program))
      raw.warnings.push(
        `交互题的交互程序（输出校验器）${program ? program.why : '不在包中'}，已按传统题导入`,
      );
    if (mapped && flags.length)
      raw.warnings.push(`交互程序的参数「${flags.join(' ').slice(0, 80)}」本站无法传给交互程序，已略过`);
    return defaultValidator(mapped ? [] : flags, raw);
  }
  const custom = how.validation[0] === 'custom' || program !== null;
  if (!custom) {
    if (how.ini?.specialCompare) {
      raw.warnings.push(
        `比较程序「${how.ini.specialCompare.slice(0, 40)}」是 DOMjudge 服务器上的程序，不在包中，已按包中的比较参数导入`,
      );
    }
    return defaultValidator(flags, raw);
  }
  if (!program) {
    raw.warnings.push('problem.yaml 声明了自定义输出校验器，但包中没有，已按默认比较导入');
    return defaultValidator(flags, raw);
  }
  if (!('source' in program)) {
    raw.warnings.push(`输出校验器${program.why}，本站无法使用，已按默认比较导入`);
    return defaultValidator(flags, raw);
  }
  if (program.language !== 'C++') {
    raw.warnings.push(`输出校验器「${baseName(program.name)}」不是 C++ 程序，本站无法使用，已按默认比较导入`);
    return defaultValidator(flags, raw);
  }
  if (flags.length)
    raw.warnings.push(`输出校验器的参数「${flags.join(' ').slice(0, 80)}」本站无法传给评测器，已略过`);
  return {
    kind: 'special',
    source: program.source,
    ...(program.files ? { files: program.files } : {}),
    protocol: 'kattis',
  };
}

const VALIDATOR_FOLDERS = ['input_validators/', 'input_format_validators/', 'input_validator/'];

/** Input validators (kept for the problem's validation) and the labelled jury solutions. */
export function kattisPrograms(files: PackageFiles, dir: string, raw: RawProblem): void {
  const validators: RawProgram[] = [];
  for (const folder of VALIDATOR_FOLDERS.map((f) => `${dir}${f}`)) {
    const entries = [...new Set(files.under(folder).map((n) => n.slice(folder.length).split('/')[0]))];
    for (const entry of entries.slice(0, 5)) {
      const program = readProgram(files, `${folder}${entry}`, 'kattis');
      if ('source' in program) validators.push(program);
      else raw.warnings.push(`输入校验器「${entry.slice(0, 40)}」${program.why}，未导入`);
    }
  }
  if (validators.length) raw.validators = validators;

  const set = new SolutionSet();
  const root = `${dir}submissions/`;
  const entries = [
    ...new Set(files.under(root).map((n) => n.slice(root.length).split('/').slice(0, 2).join('/'))),
  ];
  for (const entry of entries) {
    const [label, name] = entry.split('/');
    if (!name) continue; // submissions.yaml and other files beside the folders
    const program = readProgram(files, `${root}${entry}`, 'testlib');
    if (!('source' in program)) {
      set.skip(program.why);
      continue;
    }
    const marker = expectedResultsMarker(program.source);
    const expected =
      expectedVerdictsOf('kattis', label) ??
      expectedVerdictsOf('domjudge', label) ??
      (marker ? expectedVerdictsOf('domjudge', marker) : null);
    set.add(program.name.slice(dir.length), program.source, expected);
  }
  set.into(raw);
}
