import { IMPORT_LIMITS as L } from '@oj/shared';
import { AppError } from '../../lib/errors';
import { checkerFromSource } from './checkers';
import { atMost, parseJson } from './limits';
import { composeStatement, fieldToMarkdown, htmlToMarkdown, sampleText } from './markup';
import { type RawProblem, type RawTest } from './model';
import { naturalCompare, type PackageFiles } from './package-files';
import { setJudging } from './judging';

/**
 * QDUOJ's problem export zip: folders `1/`, `2/` … each with `problem.json` (title, description /
 * input_description / output_description / hint as `{format: html|markdown, value}`, time_limit ms,
 * memory_limit MB, samples, tags, source, spj `{language, code}`, rule_type, test_case_score) and
 * `testcase/` (`1.in`, `1.out` …; only inputs when the problem has a special judge).
 */
export function isQduojFolder(files: PackageFiles, dir: string): boolean {
  // Recognised by its fields; a file over the limit is refused when it is parsed, not read here.
  const name = `${dir}problem.json`;
  if (files.size(name) > L.documentMaxBytes) return true;
  const json = files.text(name) ?? '';
  return json.includes('"test_case_score"') || json.includes('"input_description"');
}

interface Formatted {
  format?: string;
  value?: string;
}
interface QduojProblem {
  title?: string;
  description?: Formatted;
  input_description?: Formatted;
  output_description?: Formatted;
  hint?: Formatted;
  time_limit?: number;
  memory_limit?: number;
  samples?: { input?: string; output?: string }[];
  tags?: string[];
  source?: string;
  spj?: { language?: string; code?: string } | null;
  rule_type?: string;
  test_case_score?: { input_name?: string; output_name?: string; score?: number }[] | null;
  /** `{io_mode: 'Standard IO' | 'File IO', input, output}`. */
  io_mode?: { io_mode?: string; input?: string; output?: string } | null;
  template?: Record<string, unknown>;
  answers?: unknown[];
}

const md = (f: Formatted | undefined, what: string) =>
  !f?.value || typeof f.value !== 'string'
    ? ''
    : f.format === 'markdown'
      ? f.value.trim()
      : f.format === 'html'
        ? htmlToMarkdown(f.value, what)
        : fieldToMarkdown(f.value, what);

/** A list the package declares, or none. */
const listOf = <T>(v: T[] | null | undefined): T[] => (Array.isArray(v) ? v : []);

export function parseQduojFolder(files: PackageFiles, dir: string, raw: RawProblem): RawProblem {
  let p: QduojProblem = {};
  try {
    p = (parseJson(files.doc(`${dir}problem.json`) ?? '{}', 'problem.json ') ?? {}) as QduojProblem;
  } catch (err) {
    if (err instanceof AppError) throw err;
    raw.warnings.push('problem.json 不是有效的 JSON');
  }
  raw.title = String(p.title ?? '');
  if (raw.title) raw.label = raw.title;
  raw.description = composeStatement({
    description: md(p.description, '题目描述（description）'),
    input: md(p.input_description, '输入格式（input_description）'),
    output: md(p.output_description, '输出格式（output_description）'),
    hint: md(p.hint, '提示（hint）'),
  });
  raw.timeMs = typeof p.time_limit === 'number' ? p.time_limit : undefined;
  raw.memoryMiB = typeof p.memory_limit === 'number' ? p.memory_limit : undefined;
  const samples = listOf(p.samples);
  atMost(samples.length, L.samplesMax, 'samples', '样例数量', 'problem.json 中 samples 的个数');
  raw.samples = samples.map((s) => ({
    input: sampleText(String(s?.input ?? '')),
    output: sampleText(String(s?.output ?? '')),
  }));
  const tags = listOf(p.tags);
  atMost(tags.length, L.tagsMax, 'tags', '标签数量', 'problem.json 中 tags 的个数');
  raw.tags = tags.map(String);
  raw.source = p.source ?? '';
  if (p.spj?.code) {
    raw.checker = checkerFromSource(p.spj.code, raw, `特殊评测程序（${p.spj.language ?? '未注明语言'}）`, {
      protocol: 'qduoj',
      language: p.spj.language,
    });
  }
  if (p.template && Object.keys(p.template).length) raw.warnings.push('代码模板（template）未导入');
  if (p.answers?.length) raw.warnings.push('参考程序（answers）未导入');
  const scores: number[] = [];
  raw.tests = qduojTests(files, `${dir}testcase/`, p, raw, scores);
  qduojJudging(p, raw, scores);
  return raw;
}

/** OI: each test's `score` (ACM: all or nothing); File IO: the file names. */
function qduojJudging(p: QduojProblem, raw: RawProblem, scores: number[]): void {
  const io = p.io_mode;
  if (io && io.io_mode === 'File IO') {
    if (io.input && io.output)
      setJudging(raw, { file_io: { input: String(io.input), output: String(io.output) } });
    else raw.warnings.push('文件输入输出缺少文件名，已按标准输入输出导入');
  }
  if (p.rule_type !== 'OI' || !raw.tests.length) return;
  const total = scores.reduce((a, b) => a + b, 0);
  if (total > 0) setJudging(raw, { scoring: { test_points: scores, full_score: total } });
  else setJudging(raw, { scoring: { full_score: 100 } });
}

function qduojTests(
  files: PackageFiles,
  data: string,
  p: QduojProblem,
  raw: RawProblem,
  kept: number[],
): RawTest[] {
  const scores = listOf(p.test_case_score);
  atMost(scores.length, L.testsMax, 'tests', '测试点数量', 'problem.json 中 test_case_score 的个数');
  const inputs = files
    .under(data)
    .map((n) => n.slice(data.length))
    .filter((n) => n.endsWith('.in'));
  if (!scores.length) atMost(inputs.length, L.testsMax, 'tests', '测试点数量', 'testcase 中 .in 文件的个数');
  const names = scores.length
    ? scores.map((t) => ({
        input: String(t?.input_name ?? ''),
        output: String(t?.output_name ?? ''),
        score: Number(t?.score) || 0,
      }))
    : inputs.sort(naturalCompare).map((n) => ({ input: n, output: `${n.slice(0, -3)}.out`, score: 0 }));
  const tests: RawTest[] = [];
  let missingOut = 0;
  for (const n of names) {
    const input = files.get(`${data}${n.input}`);
    if (!input) {
      raw.warnings.push(`缺少测试输入「${n.input}」，已略过该测试点`);
      continue;
    }
    const output = n.output ? files.get(`${data}${n.output}`) : undefined;
    if (!output) missingOut++;
    tests.push({ input, output: output ?? Buffer.alloc(0) });
    kept.push(n.score);
  }
  if (missingOut) raw.warnings.push(`${missingOut} 个测试点没有答案文件（特殊评测题），答案按空文件保存`);
  return tests;
}
