import { IMPORT_LIMITS as L, juryLanguageOf, type Language } from '@oj/shared';
import type { RawGeneratedTest, RawProblem, RawSource } from './model';
import type { PackageFiles } from './package-files';
import { baseName, folderOf, includedFiles } from './programs';

/**
 * What a Polygon package needs to make the generated tests it does not hold (issue 24): its
 * generators (`<files><executables><executable><source path type>`), called by the name of their
 * source without extension (`files/gen.cpp` → `gen`), and its main solution
 * (`<solution tag="main">`), whose answers become the tests' answers. Read here, in the parse
 * (a worker thread); the tests are made after it, where the sandbox is (generated-tests.ts).
 */
export type PolygonGenerators =
  | { ok: true; generators: Record<string, RawSource>; solution: RawSource }
  /** Why the package's generated tests cannot be made (said in the warning about them). */
  | { ok: false; why: string };

type X = Record<string, unknown>;
const obj = (v: unknown): X => (v && typeof v === 'object' && !Array.isArray(v) ? (v as X) : {});
const list = (v: unknown): X[] =>
  Array.isArray(v) ? (v as X[]) : v && typeof v === 'object' ? [v as X] : [];
const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** Executables a package may list that we read (generators, validators and the like together). */
const EXECUTABLES_MAX = 100;

/** Polygon's source types (`cpp.g++17`, `cpp.gcc14-64-msys2-g++23`, `c.gcc`) as ours; else by extension. */
export function polygonLanguage(type: string, path: string): Language | null {
  if (/^cpp\./i.test(type)) return 'C++';
  if (/^c\./i.test(type)) return 'C';
  return juryLanguageOf(path);
}

/** A program's source with the headers it includes (its folder, then `files/`, then the package's root). */
function source(
  files: PackageFiles,
  dir: string,
  node: X,
  raw: RawProblem,
  what: string,
): RawSource | string {
  const src = list(node.source)[0] ?? {};
  const path = str(src.path);
  if (!path || !files.has(`${dir}${path}`))
    return `${what}「${path.slice(0, 64) || '未命名'}」的源文件不在包中`;
  if (files.size(`${dir}${path}`) > L.documentMaxBytes) return `${what}「${path}」超过 1 MiB`;
  const text = files.text(`${dir}${path}`)!;
  const included = includedFiles(
    files,
    [`${dir}${folderOf(path)}`, `${dir}files/`, dir],
    text,
    raw,
    `${what}「${path}」`,
  );
  return {
    name: path,
    language: polygonLanguage(str(src.type), path),
    source: text,
    ...(included.length ? { files: included } : {}),
  };
}

export function polygonGenerators(
  files: PackageFiles,
  dir: string,
  doc: X,
  raw: RawProblem,
): PolygonGenerators {
  const main = list(obj(obj(doc.assets).solutions).solution).find((s) => str(s.tag).toLowerCase() === 'main');
  if (!main) return { ok: false, why: '包中没有标准程序（tag 为 main 的 solution）' };
  const solution = source(files, dir, main, raw, '标准程序');
  if (typeof solution === 'string') return { ok: false, why: solution };
  const generators: Record<string, RawSource> = {};
  for (const executable of list(obj(obj(doc.files).executables).executable).slice(0, EXECUTABLES_MAX)) {
    const program = source(files, dir, executable, raw, '生成器');
    if (typeof program === 'string') continue;
    const name = baseName(program.name).replace(/\.[^.]*$/, '');
    if (name && !(name in generators)) generators[name] = program;
  }
  if (!Object.keys(generators).length)
    return { ok: false, why: '包中没有生成器的源文件（files/executables）' };
  return { ok: true, generators, solution };
}

/** How long a command may be, and how many arguments it may pass. */
const CMD_MAX = 1000;
const ARGS_MAX = 100;

/**
 * A test's generator command as Polygon writes it: the generator's name and its arguments,
 * separated by spaces, `"…"` keeping spaces in one argument; a redirection the script form adds
 * (`> $`, `> {1-3}`) ends it. Null when there is no generator name or it is too long.
 */
export function parseCommand(cmd: string): { generator: string; args: string[] } | null {
  if (cmd.length > CMD_MAX) return null;
  const words: string[] = [];
  for (const m of cmd.matchAll(/"([^"]*)"|(\S+)/g)) {
    if (m[2]?.startsWith('>')) break;
    words.push(m[1] ?? m[2]);
  }
  const [generator, ...args] = words;
  if (!generator || args.length > ARGS_MAX) return null;
  return { generator: generator.replace(/\.exe$/i, ''), args };
}

/**
 * The generated tests a package lacks, in its order: each one the package can make holds a place
 * in the tests (`take` answers true) and goes to `raw.generation`; the others are left out, said
 * together. The generators are read once, on the first such test.
 */
export class GeneratedTests {
  private makers: PolygonGenerators | undefined;
  private readonly pending: RawGeneratedTest[] = [];
  private readonly missing: number[] = [];

  constructor(
    private readonly files: PackageFiles,
    private readonly dir: string,
    private readonly doc: X,
    private readonly raw: RawProblem,
  ) {}

  /** Polygon's test `label` (a `<test>`), to be ours number `at` when it can be made. */
  take(test: X, label: number, at: number): boolean {
    this.makers ??= polygonGenerators(this.files, this.dir, this.doc, this.raw);
    if (!this.makers.ok) {
      this.missing.push(label);
      return false;
    }
    const cmd = str(test.cmd);
    const call = parseCommand(cmd);
    if (!call) {
      this.raw.warnings.push(`测试点 ${label} 的生成命令「${cmd.slice(0, 64)}」无法识别，已略过`);
      return false;
    }
    // testlib multigen: the file of the generator's run holding this test.
    const fromFile = str(test['from-file']);
    this.pending.push({ at, label, cmd: cmd.slice(0, 200), ...call, ...(fromFile ? { fromFile } : {}) });
    return true;
  }

  finish(): void {
    const n = this.missing.length;
    if (n) {
      const why = this.makers && !this.makers.ok ? `，无法在导入时生成：${this.makers.why}` : '';
      this.raw.warnings.push(
        `${n} 个由生成器生成的测试点不在包中（${this.missing.slice(0, 10).join('、')}${n > 10 ? ' …' : ''}）${why}，请用含测试数据的完整包（Full package / Standard）导入`,
      );
    }
    if (this.pending.length && this.makers?.ok)
      this.raw.generation = {
        generators: this.makers.generators,
        solution: this.makers.solution,
        tests: this.pending,
      };
  }
}
