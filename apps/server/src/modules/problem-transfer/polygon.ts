import { XMLParser } from 'fast-xml-parser';
import type { CheckerInput } from '@oj/shared';
import { badRequest } from '../../lib/errors';
import { checkerFromSource, standardChecker } from './checkers';
import { composeStatement, htmlToMarkdown, sampleText } from './markup';
import { rawProblem, type RawProblem, type RawTest } from './model';
import { isImageName, type PackageFiles } from './package-files';
import { texToMarkdown } from './tex';

/**
 * Polygon package: `problem.xml` (names, judging/testset with limits, path patterns and tests,
 * assets/checker, tags), `statements/<language>/` (problem-properties.json or legend.tex /
 * input.tex / output.tex / notes.tex, example.NN / example.NN.a), `tests/NN` / `tests/NN.a`
 * (generated tests may be missing from a package built without them), `files/` (checker source).
 */
export const isPolygon = (files: PackageFiles) => files.foldersWith('problem.xml').length > 0;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name, _path, _leaf, isAttribute) =>
    !isAttribute && ['name', 'statement', 'testset', 'test', 'tag', 'group', 'file', 'source'].includes(name),
});

type X = Record<string, unknown>;
const obj = (v: unknown): X => (v && typeof v === 'object' && !Array.isArray(v) ? (v as X) : {});
const arr = (v: unknown): X[] => (Array.isArray(v) ? (v as X[]) : []);
const str = (v: unknown): string =>
  v === undefined || v === null ? '' : typeof v === 'object' ? String((v as X)['#text'] ?? '') : String(v);

const LANGS = ['chinese', 'english'];

export function parsePolygon(files: PackageFiles): RawProblem[] {
  return files.foldersWith('problem.xml').map((dir) => parseOne(files, dir));
}

function parseOne(files: PackageFiles, dir: string): RawProblem {
  const xml = files.text(`${dir}problem.xml`) ?? '';
  if (/<!ENTITY/i.test(xml)) throw badRequest('problem.xml 不能包含实体定义（<!ENTITY>）');
  let doc: X;
  try {
    doc = obj(obj(parser.parse(xml, true)).problem);
  } catch (err) {
    throw badRequest(`problem.xml 格式错误：${(err as Error).message.slice(0, 200)}`);
  }
  const raw = rawProblem(str(doc['short-name']) || dir.replace(/\/$/, '') || '题目');
  const names = arr(obj(doc.names).name);
  const nameOf = (lang: string) => str(names.find((n) => n.language === lang)?.value);
  raw.title = nameOf('chinese') || nameOf('english') || str(names[0]?.value);
  raw.english_name = nameOf('english') && nameOf('chinese') ? nameOf('english') : undefined;
  if (raw.title) raw.label = raw.title;
  raw.tags = arr(obj(doc.tags).tag).map((t) => str(t.value));

  const testset =
    arr(obj(doc.judging).testset).find((t) => t.name === 'tests') ?? arr(obj(doc.judging).testset)[0] ?? {};
  const time = Number(str(testset['time-limit']));
  const memory = Number(str(testset['memory-limit']));
  if (time > 0) raw.timeMs = time;
  if (memory > 0) raw.memoryMiB = Math.round(memory / 1024 / 1024);
  const judging = obj(doc.judging);
  if (str(judging['input-file']) || str(judging['output-file'])) {
    raw.warnings.push('题目使用文件输入输出，本站只支持标准输入输出');
  }

  const tests = arr(obj(testset.tests).test);
  const sampleTests: RawTest[] = [];
  raw.tests = polygonTests(files, dir, testset, tests, raw, sampleTests);
  statement(files, dir, raw, sampleTests);
  raw.checker = polygonChecker(files, dir, obj(obj(doc.assets).checker), raw);
  if (obj(doc.assets).interactor) raw.warnings.push('交互题的交互器本站不支持，已按普通题导入');
  if (arr(obj(testset.groups).group).length || tests.some((t) => t.points !== undefined)) {
    raw.warnings.push('测试组（groups）与分值无法映射：本站按全部测试点评测');
  }
  return raw;
}

/** `tests/%02d` → `tests/07`. */
const pathOf = (pattern: string, n: number) =>
  pattern.replace(/%0?(\d*)d/, (_m, w: string) => String(n).padStart(Number(w || 0), '0'));

function polygonTests(
  files: PackageFiles,
  dir: string,
  testset: X,
  tests: X[],
  raw: RawProblem,
  samples: RawTest[],
): RawTest[] {
  const inPattern = str(testset['input-path-pattern']) || 'tests/%02d';
  const ansPattern = str(testset['answer-path-pattern']) || 'tests/%02d.a';
  const count = tests.length || Number(str(testset['test-count'])) || 0;
  const out: RawTest[] = [];
  const generated: number[] = [];
  for (let i = 1; i <= count; i++) {
    const input = files.get(`${dir}${pathOf(inPattern, i)}`);
    const answer = files.get(`${dir}${pathOf(ansPattern, i)}`);
    if (!input) {
      if (tests[i - 1]?.method === 'generated') generated.push(i);
      else raw.warnings.push(`缺少测试点 ${i} 的输入文件，已略过`);
      continue;
    }
    if (!answer) raw.warnings.push(`测试点 ${i} 没有答案文件（.a），答案按空文件保存`);
    out.push({ input, output: answer ?? Buffer.alloc(0) });
    if (tests[i - 1]?.sample === 'true') samples.push(out[out.length - 1]);
  }
  if (generated.length) {
    raw.warnings.push(
      `${generated.length} 个由生成器生成的测试点不在包中（${generated.slice(0, 10).join('、')}${generated.length > 10 ? ' …' : ''}），请用含测试数据的完整包（Full package / Standard）导入`,
    );
  }
  return out;
}

function statement(files: PackageFiles, dir: string, raw: RawProblem, sampleTests: RawTest[]): void {
  const langs = [
    ...new Set(
      files
        .names()
        .filter((n) => n.startsWith(`${dir}statements/`))
        .map((n) => n.slice(dir.length).split('/')[1]),
    ),
  ];
  const lang = LANGS.find((l) => langs.includes(l)) ?? langs.find((l) => l && !l.startsWith('.'));
  const base = `${dir}statements/${lang}/`;
  const props = files.text(`${base}problem-properties.json`);
  let parts = { description: '', input: '', output: '', hint: '' };
  let samples: { input: string; output: string }[] = [];
  if (lang && props) {
    try {
      const p = JSON.parse(props) as X;
      parts = {
        description: texToMarkdown(str(p.legend)),
        input: texToMarkdown(str(p.input)),
        output: texToMarkdown(str(p.output)),
        hint: texToMarkdown(str(p.notes)),
      };
      samples = arr(p.sampleTests).map((s) => ({ input: str(s.input), output: str(s.output) }));
    } catch {
      raw.warnings.push('problem-properties.json 不是有效的 JSON');
    }
  } else if (lang && files.has(`${base}legend.tex`)) {
    const tex = (n: string) => texToMarkdown(files.text(`${base}${n}.tex`) ?? '');
    parts = { description: tex('legend'), input: tex('input'), output: tex('output'), hint: tex('notes') };
  } else {
    const html = files
      .names()
      .find((n) => n.startsWith(`${dir}statements/.html/`) && n.endsWith('problem.html'));
    if (html) {
      parts.description = htmlToMarkdown(files.text(html) ?? '');
      raw.warnings.push('题面取自 HTML 版本，请核对排版');
    } else raw.warnings.push('包中没有题面（statements）');
  }
  if (lang && !LANGS.includes(lang)) raw.warnings.push(`题面语言为「${lang}」`);
  if (langs.filter((l) => l && !l.startsWith('.')).length > 1) raw.warnings.push(`只导入了 ${lang} 的题面`);
  if (parts.description || parts.input) raw.warnings.push('题面由 LaTeX 转换为 Markdown，请核对公式与排版');
  raw.description = composeStatement(parts);
  if (!samples.length) {
    for (let i = 1; files.has(`${base}example.${String(i).padStart(2, '0')}`); i++) {
      const n = `${base}example.${String(i).padStart(2, '0')}`;
      samples.push({ input: files.text(n)!, output: files.text(`${n}.a`) ?? '' });
    }
  }
  if (!samples.length) {
    samples = sampleTests.map((t) => ({
      input: t.input.toString('utf8'),
      output: t.output.toString('utf8'),
    }));
  }
  raw.samples = samples.map((s) => ({ input: sampleText(s.input), output: sampleText(s.output) }));
  // Images the statement names (legend.tex: \includegraphics{pic.png}) live beside it.
  for (const name of files.under(base).filter((n) => isImageName(n))) {
    const short = name.slice(base.length);
    if (raw.description.includes(`](${short})`))
      raw.images.push({ ref: `](${short})`, bytes: files.get(name)! });
  }
}

function polygonChecker(files: PackageFiles, dir: string, checker: X, raw: RawProblem): CheckerInput {
  const name = str(checker.name);
  const std = name ? standardChecker(name) : null;
  if (std) return std;
  const sourcePath = str(arr(checker.source)[0]?.path);
  const source = sourcePath ? files.text(`${dir}${sourcePath}`) : undefined;
  if (!source) {
    if (name || sourcePath)
      raw.warnings.push(`找不到评测器「${name || sourcePath}」的源文件，已改为默认比较`);
    return { kind: 'default' };
  }
  if (checker.type && checker.type !== 'testlib') {
    raw.warnings.push(`评测器类型「${str(checker.type)}」不是 testlib，已改为默认比较`);
    return { kind: 'default' };
  }
  return checkerFromSource(source, raw, `评测器「${name || sourcePath}」`);
}
