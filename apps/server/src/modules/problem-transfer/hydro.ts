import { stringify as toYaml } from 'yaml';
import { type CheckerInput, IMPORT_LIMITS as L } from '@oj/shared';
import { AppError } from '../../lib/errors';
import type { ArchiveFile } from '../problems';
import { checkerFromSource, checkerToSource } from './checkers';
import { atMost, limitImage, parseYaml } from './limits';
import { appendSampleBlocks, extractSampleBlocks, sampleText } from './markup';
import { eachProblemFolder, parseMemory, parseTime, type RawProblem, type RawTest } from './model';
import { isImageName, naturalCompare, type PackageFiles } from './package-files';
import type { ExportedProblem } from './exported';

/**
 * HydroOJ problem zip: one folder per problem with `problem.yaml` (title, tag), `problem_zh.md` /
 * `problem.md` (markdown; samples as ```inputN / ```outputN blocks), `testdata/` (tests and
 * `config.yaml`: time, memory, subtasks, checker) and `additional_file/` (images, `file://name`).
 */
export const isHydro = (files: PackageFiles) => files.foldersWith('problem.yaml').length > 0;

interface HydroConfig {
  type?: string;
  time?: string | number;
  memory?: string | number;
  checker_type?: string;
  checker?: string;
  subtasks?: { score?: number; cases?: { input?: string; output?: string }[] }[];
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
}

const STATEMENTS = ['problem_zh.md', 'problem.md', 'problem_cn.md', 'problem_en.md'];

export function parseHydro(files: PackageFiles): RawProblem[] {
  return eachProblemFolder(files, 'problem.yaml', (dir, raw) => parseOne(files, dir, raw));
}

/** YAML of the package; not valid YAML is warned and ignored, over our limits is refused. */
function readYaml<T>(text: string | undefined, raw: RawProblem, what: string): T | undefined {
  if (text === undefined) return undefined;
  try {
    return (parseYaml(text, `${what} `) ?? undefined) as T | undefined;
  } catch (err) {
    if (err instanceof AppError) throw err;
    raw.warnings.push(`${what} 不是有效的 YAML，已忽略`);
    return undefined;
  }
}

function parseOne(files: PackageFiles, dir: string, raw: RawProblem): RawProblem {
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
  if (config.type && config.type !== 'default')
    raw.warnings.push(`评测类型「${config.type}」本站不支持，按普通题导入`);
  raw.checker = hydroChecker(files, data, config, raw);
  if (typeof ours?.output_limit === 'number') raw.outputBytes = ours.output_limit;
  if (ours?.case_insensitive === true && raw.checker.kind !== 'special')
    raw.checker = { ...raw.checker, case_insensitive: true };
  raw.tests = hydroTests(files, data, config, raw);
  return raw;
}

function hydroChecker(files: PackageFiles, data: string, config: HydroConfig, raw: RawProblem): CheckerInput {
  const type = config.checker_type ?? 'default';
  if (type === 'default' || type === 'strict') {
    if (type === 'strict') raw.warnings.push('严格比较（strict）按本站默认比较（忽略行末空白）导入');
    return { kind: 'default' };
  }
  const source = config.checker ? files.doc(`${data}${String(config.checker)}`) : undefined;
  if (type === 'testlib' && source) return checkerFromSource(source, raw);
  raw.warnings.push(
    source
      ? `评测器类型「${type}」不是 testlib 协议，本站无法使用，已改为默认比较`
      : `找不到评测器文件「${config.checker ?? ''}」，已改为默认比较`,
  );
  return { kind: 'default' };
}

function hydroTests(files: PackageFiles, data: string, config: HydroConfig, raw: RawProblem): RawTest[] {
  const tests: RawTest[] = [];
  const subtasks = Array.isArray(config.subtasks) ? config.subtasks : [];
  if (subtasks.length) {
    atMost(subtasks.length, L.subtasksMax, 'subtasks', '子任务数量', 'config.yaml 中 subtasks 的个数');
    const cases = subtasks.flatMap((s) => (Array.isArray(s?.cases) ? s.cases : []));
    atMost(cases.length, L.testsMax, 'tests', '测试点数量', 'config.yaml 的 subtasks 中 cases 的个数');
    if (subtasks.length > 1 || subtasks.some((s) => s?.score !== undefined && s.score !== 100)) {
      raw.warnings.push(`子任务（${subtasks.length} 个）与分值无法映射：本站按全部测试点评测，已按顺序合并`);
    }
    for (const c of cases) {
      const input = c?.input ? files.get(`${data}${c.input}`) : undefined;
      const output = c?.output ? files.get(`${data}${c.output}`) : undefined;
      if (!input) raw.warnings.push(`缺少测试输入「${c?.input ?? ''}」，已略过该测试点`);
      else tests.push({ input, output: output ?? Buffer.alloc(0) });
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
    out.push({ name: `${dir}problem.yaml`, bytes: Buffer.from(toYaml(meta)) });
    out.push({ name: `${dir}problem_zh.md`, bytes: Buffer.from(appendSampleBlocks(statement, p.samples)) });
    const config: HydroConfig = {
      type: 'default',
      time: `${p.time_limit}ms`,
      memory: `${p.memory_limit}m`,
      subtasks: [
        { score: 100, cases: p.tests.map((_, i) => ({ input: `${i + 1}.in`, output: `${i + 1}.out` })) },
      ],
    };
    const checker = checkerToSource(p.checker);
    if (checker) {
      config.checker_type = 'testlib';
      config.checker = 'checker.cc';
      out.push({ name: `${dir}testdata/checker.cc`, bytes: Buffer.from(checker) });
    } else config.checker_type = 'default';
    out.push({ name: `${dir}testdata/config.yaml`, bytes: Buffer.from(toYaml(config)) });
    p.tests.forEach((t, i) => {
      out.push({ name: `${dir}testdata/${i + 1}.in`, bytes: t.input });
      out.push({ name: `${dir}testdata/${i + 1}.out`, bytes: t.output });
    });
    if (p.checker.kind === 'special' && p.checker.files?.length) {
      warnings.push(`题目 ${p.problem_id} 的评测器附加文件未导出（HydroOJ 只带一个评测器源文件）`);
    }
  }
  return { files: out, warnings };
}
