import { type CheckerInput, IMPORT_LIMITS as L, PROBLEM_LIMITS } from '@oj/shared';
import type { ArchiveFile } from '../problems';
import { checkerFromSource, checkerToSource, floatFromMark } from './checkers';
import { yamlLib } from './libs';
import { baseName, includedFiles } from './programs';
import type { SpjProtocol } from './spj-wrap';
import { atMost, limitImage, readYaml } from './limits';
import { appendSampleBlocks, extractSampleBlocks, sampleText } from './markup';
import { parseMemory, parseTime, type RawProblem, type RawTest } from './model';
import { isImageName, naturalCompare, type PackageFiles } from './package-files';
import type { ExportedProblem } from './exported';
import { hydroJudging, type OurJudging, writeHydroJudging } from './hydro-judging';

/**
 * HydroOJ problem zip: one folder per problem with `problem.yaml` (title, tag), `problem_zh.md` /
 * `problem.md` (markdown; samples as ```inputN / ```outputN blocks), `testdata/` (tests and
 * `config.yaml`: time, memory, subtasks, checker) and `additional_file/` (images, `file://name`).
 */

export interface HydroConfig {
  type?: string;
  time?: string | number;
  memory?: string | number;
  checker_type?: string;
  checker?: string | { file?: string };
  judge_extra_files?: string[];
  interactor?: string | { file?: string };
  /** Files compiled with the submission (HydroOJ's grader problems). */
  user_extra_files?: string[];
  /** NOI-style file I/O: `<filename>.in` / `<filename>.out`. */
  filename?: string;
  score?: number;
  cases?: HydroCase[];
  subtasks?: HydroSubtask[];
  langs?: string[];
}

export interface HydroCase {
  input?: string;
  output?: string;
  score?: number;
}

/** A subtask: `id` names it for others' `if` (dependencies); `type` min (default), sum or max. */
export interface HydroSubtask {
  id?: number;
  score?: number;
  type?: string;
  if?: number[];
  time?: string | number;
  memory?: string | number;
  cases?: HydroCase[];
}

/** One subtask as imported: our numbers of its tests, and each one's own score if it has one. */
export interface HydroGroup {
  subtask: HydroSubtask;
  tests: number[];
  scores: (number | undefined)[];
}

/**
 * What our exports add to problem.yaml under `x-oj` (HydroOJ ignores keys it does not know): what
 * HydroOJ's own config has no field for, the output limit and letter case among them.
 */
interface OurMeta {
  english_name?: string;
  difficulty?: number;
  source_name?: string;
  stop_at_first_failure?: boolean;
  /** Bytes. */
  output_limit?: number;
  /** The default or float comparison ignores letter case. */
  case_insensitive?: boolean;
  /** What HydroOJ's config cannot say of the judging (hydro-judging.ts). */
  judging?: OurJudging;
}

const STATEMENTS = ['problem_zh.md', 'problem.md', 'problem_cn.md', 'problem_en.md'];

export function parseHydroFolder(files: PackageFiles, dir: string, raw: RawProblem): RawProblem {
  const meta = readYaml<{ title?: string; tag?: unknown; pid?: string; 'x-oj'?: OurMeta }>(
    files.doc(`${dir}problem.yaml`),
    raw,
    'problem.yaml',
  );
  raw.title = String(meta?.title ?? '');
  if (meta?.title) raw.label = raw.title;
  const tags = Array.isArray(meta?.tag) ? (meta.tag as unknown[]) : [];
  atMost(tags.length, L.tagsMax, 'tags', '标签数量', 'problem.yaml 中 tag 的个数');
  raw.tags = tags.map(String);
  const ours = meta?.['x-oj'];
  if (ours && typeof ours === 'object') {
    raw.ours = ours;
    if (typeof ours.english_name === 'string') raw.english_name = ours.english_name;
  }
  const found = STATEMENTS.find((s) => files.has(`${dir}${s}`));
  const others = files
    .names()
    .filter(
      (n) =>
        n.startsWith(dir) && /^problem_?[a-z_]*\.md$/i.test(n.slice(dir.length)) && n !== `${dir}${found}`,
    );
  if (others.length)
    raw.warnings.push(`只导入了一种语言的题面（${found}），另有 ${others.length} 个版本未导入`);
  const { text, samples } = extractSampleBlocks(found ? files.doc(`${dir}${found}`)! : '');
  atMost(samples.length, L.samplesMax, 'samples', '样例数量', '题面中 ```inputN / ```outputN 样例的组数');
  raw.description = text;
  raw.samples = samples.map((s) => ({ input: sampleText(s.input), output: sampleText(s.output) }));

  // Images: additional_file/x.png, named file://x.png in the statement.
  for (const name of files.under(`${dir}additional_file/`)) {
    const short = name.slice(`${dir}additional_file/`.length);
    const ref = `file://${short}`;
    if (!raw.description.includes(ref)) continue;
    if (!isImageName(short)) {
      raw.warnings.push(`附加文件「${short}」不是图片，未导入`);
      continue;
    }
    limitImage(files.size(name), short);
    raw.images.push({ ref, bytes: files.get(name)! });
  }
  atMost(raw.images.length, L.imagesMax, 'images', '图片数量', '题面引用的图片个数');

  const data = `${dir}testdata/`;
  const config = readYaml<HydroConfig>(files.doc(`${data}config.yaml`), raw, 'config.yaml') ?? {};
  raw.timeMs = parseTime(config.time);
  raw.memoryMiB = parseMemory(config.memory);
  const judging = ours && typeof ours.judging === 'object' && ours.judging ? ours.judging : undefined;
  raw.checker = hydroChecker(files, data, config, raw, judging?.checker_files);
  if (typeof ours?.output_limit === 'number') raw.outputBytes = ours.output_limit;
  if (ours?.case_insensitive === true && raw.checker.kind !== 'special')
    raw.checker = { ...raw.checker, case_insensitive: true };
  const groups: HydroGroup[] = [];
  raw.tests = hydroTests(files, data, config, raw, groups);
  hydroJudging(files, data, config, groups, judging, raw);
  return raw;
}

/** Where HydroOJ's checker types come from, for those whose protocol we can wrap (spj-wrap.ts). */
const WRAPPED: Record<string, SpjProtocol> = { hustoj: 'hustoj', qduoj: 'qduoj-hydro' };

/** `checker: chk.cc`, or `{file: chk.cc, lang: cc}` in newer configs. */
const fileOf = (v: unknown): string =>
  typeof v === 'string' ? v : v && typeof v === 'object' ? String((v as { file?: unknown }).file ?? '') : '';

function hydroChecker(
  files: PackageFiles,
  data: string,
  config: HydroConfig,
  raw: RawProblem,
  ownFiles?: string[],
): CheckerInput {
  const type = config.checker_type ?? 'default';
  if (type === 'default' || type === 'strict') {
    if (type === 'strict') raw.warnings.push('严格比较（strict）按本站默认比较（忽略行末空白）导入');
    return { kind: 'default' };
  }
  const name = fileOf(config.checker);
  const source = name ? files.doc(`${data}${name}`) : undefined;
  if (!source) {
    raw.warnings.push(`找不到评测器文件「${name.slice(0, 64)}」，已改为默认比较`);
    return { kind: 'default' };
  }
  const what = `评测器「${name.slice(0, 64)}」`;
  // The config says the protocol: a testlib checker need not include testlib.h (ours are written
  // without it), a Kattis validator is run as one.
  const float = type === 'testlib' ? floatFromMark(source) : null;
  if (float) return float;
  if (type === 'testlib' || type === 'kattis') {
    const extra = judgeExtraFiles(files, data, config, source, raw, what, ownFiles);
    return {
      kind: 'special',
      source,
      ...(extra.length ? { files: extra } : {}),
      ...(type === 'kattis' ? { protocol: 'kattis' as const } : {}),
    };
  }
  if (WRAPPED[type])
    return checkerFromSource(source, raw, what, {
      protocol: WRAPPED[type],
      language: name.endsWith('.c') ? 'C' : undefined,
    });
  raw.warnings.push(`评测器类型「${type.slice(0, 20)}」本站不支持，已改为默认比较`);
  return { kind: 'default' };
}

/**
 * `judge_extra_files` (compiled beside the checker) in their order, then what the checker includes
 * from testdata/ besides them.
 */
function judgeExtraFiles(
  files: PackageFiles,
  data: string,
  config: HydroConfig,
  source: string,
  raw: RawProblem,
  what: string,
  ownFiles?: string[],
): { name: string; content: string }[] {
  const listed = (ownFiles ?? (Array.isArray(config.judge_extra_files) ? config.judge_extra_files : [])).map(
    String,
  );
  const out: { name: string; content: string }[] = [];
  for (const name of listed) {
    const short = baseName(name);
    const content = files.doc(`${data}${name}`);
    if (content === undefined) raw.warnings.push(`找不到评测器附加文件「${name.slice(0, 64)}」`);
    else if (
      out.length >= 5 ||
      !/^[\w.-]{1,64}$/.test(short) ||
      content.length > PROBLEM_LIMITS.checkerMaxChars
    )
      raw.warnings.push(
        `评测器附加文件「${short.slice(0, 64)}」未导入（最多 5 个、每个不超过 256 KiB，文件名只能含字母、数字、下划线、点和减号）`,
      );
    else if (!out.some((f) => f.name === short)) out.push({ name: short, content });
  }
  // Our export names the checker's files exactly: the interactor's headers beside them are not its.
  if (!ownFiles)
    for (const f of includedFiles(files, [data], source, raw, what))
      if (out.length < 5 && !out.some((o) => o.name === f.name)) out.push(f);
  return out;
}

function hydroTests(
  files: PackageFiles,
  data: string,
  config: HydroConfig,
  raw: RawProblem,
  groups: HydroGroup[],
): RawTest[] {
  const tests: RawTest[] = [];
  const listed = Array.isArray(config.subtasks) ? config.subtasks : [];
  // Top-level `cases` (with `score`) are one subtask scored by sum, as HydroOJ reads them.
  const subtasks: HydroSubtask[] = listed.length
    ? listed
    : Array.isArray(config.cases) && config.cases.length
      ? [{ score: config.score ?? 100, type: 'sum', cases: config.cases }]
      : [];
  if (subtasks.length) {
    atMost(subtasks.length, L.subtasksMax, 'subtasks', '子任务数量', 'config.yaml 中 subtasks 的个数');
    const cases = subtasks.flatMap((s) => (Array.isArray(s?.cases) ? s.cases : []));
    atMost(cases.length, L.testsMax, 'tests', '测试点数量', 'config.yaml 的 subtasks 中 cases 的个数');
    for (const sub of subtasks) {
      const group: HydroGroup = { subtask: sub ?? {}, tests: [], scores: [] };
      groups.push(group);
      for (const c of Array.isArray(sub?.cases) ? sub.cases : []) {
        const input = c?.input ? files.get(`${data}${c.input}`) : undefined;
        const output = c?.output ? files.get(`${data}${c.output}`) : undefined;
        if (!input) {
          raw.warnings.push(`缺少测试输入「${String(c?.input ?? '').slice(0, 64)}」，已略过该测试点`);
          continue;
        }
        tests.push({ input, output: output ?? Buffer.alloc(0) });
        group.tests.push(tests.length);
        group.scores.push(typeof c.score === 'number' ? c.score : undefined);
      }
    }
    return tests;
  }
  // No subtasks: pairs by name, x.in with x.out or x.ans.
  const names = files.under(data).map((n) => n.slice(data.length));
  const inputs = names.filter((n) => /\.in$/i.test(n)).sort(naturalCompare);
  atMost(inputs.length, L.testsMax, 'tests', '测试点数量', 'testdata 中 .in 文件的个数');
  for (const name of inputs) {
    const base = name.slice(0, -3);
    const out = [`${base}.out`, `${base}.ans`].find((o) => files.has(`${data}${o}`));
    if (!out) {
      raw.warnings.push(`测试点「${name}」没有对应的 .out / .ans，已略过`);
      continue;
    }
    tests.push({ input: files.get(`${data}${name}`)!, output: files.get(`${data}${out}`)! });
  }
  return tests;
}

/** Our problems as a HydroOJ zip: one folder per problem, named by its id. */
export function buildHydro(problems: ExportedProblem[]): { files: ArchiveFile[]; warnings: string[] } {
  const out: ArchiveFile[] = [];
  const warnings: string[] = [];
  for (const p of problems) {
    const dir = `${p.problem_id}/`;
    let statement = p.description;
    for (const img of p.images) {
      statement = statement.split(img.url).join(`file://${img.name}`);
      out.push({ name: `${dir}additional_file/${img.name}`, bytes: img.bytes });
    }
    const ours: OurMeta = {
      english_name: p.english_name,
      difficulty: p.difficulty,
      source_name: p.source_name,
      stop_at_first_failure: p.stop_at_first_failure,
      output_limit: p.output_limit,
      ...(p.checker.kind !== 'special' && p.checker.case_insensitive ? { case_insensitive: true } : {}),
    };
    const meta = {
      pid: `P${p.problem_id}`,
      owner: 1,
      title: p.chinese_name,
      tag: p.tag_names,
      nSubmit: 0,
      nAccept: 0,
      'x-oj': ours,
    };
    out.push({ name: `${dir}problem_zh.md`, bytes: Buffer.from(appendSampleBlocks(statement, p.samples)) });
    const config: HydroConfig = {
      type: 'default',
      time: `${p.time_limit}ms`,
      memory: `${p.memory_limit}m`,
    };
    writeChecker(p, dir, config, out);
    const judging = writeHydroJudging(p, dir, config, out, warnings);
    if (judging) ours.judging = judging;
    out.push({ name: `${dir}problem.yaml`, bytes: Buffer.from(yamlLib().stringify(meta)) });
    out.push({ name: `${dir}testdata/config.yaml`, bytes: Buffer.from(yamlLib().stringify(config)) });
    p.tests.forEach((t, i) => {
      out.push({ name: `${dir}testdata/${i + 1}.in`, bytes: t.input });
      out.push({ name: `${dir}testdata/${i + 1}.out`, bytes: t.output });
    });
  }
  return { files: out, warnings };
}

/**
 * The checker in testdata/: a special one as it is, its protocol in `checker_type` (testlib or
 * kattis, both HydroOJ's) and its files as `judge_extra_files`; float as a testlib checker our
 * import reads back as float (checkers.ts).
 */
function writeChecker(p: ExportedProblem, dir: string, config: HydroConfig, out: ArchiveFile[]): void {
  const c = p.checker;
  const source = c.kind === 'special' ? c.source : checkerToSource(c);
  if (!source) {
    config.checker_type = 'default';
    return;
  }
  config.checker_type = c.kind === 'special' && c.protocol === 'kattis' ? 'kattis' : 'testlib';
  config.checker = 'checker.cc';
  out.push({ name: `${dir}testdata/checker.cc`, bytes: Buffer.from(source) });
  if (c.kind !== 'special' || !c.files?.length) return;
  config.judge_extra_files = c.files.map((f) => f.name);
  for (const f of c.files) out.push({ name: `${dir}testdata/${f.name}`, bytes: Buffer.from(f.content) });
}
