import { XMLParser } from 'fast-xml-parser';
import { type CheckerInput, IMPORT_LIMITS as L } from '@oj/shared';
import { AppError, badRequest } from '../../lib/errors';
import { checkerFromSource, standardChecker } from './checkers';
import { atMost, limitImage, parseJson, refuse, XML_NESTING, xmlError } from './limits';
import { composeStatement, htmlToMarkdown, sampleText } from './markup';
import { eachProblemFolder, type RawProblem, type RawTest } from './model';
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
  ...XML_NESTING,
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
  return eachProblemFolder(files, 'problem.xml', (dir, raw) => parseOne(files, dir, raw));
}

function parseOne(files: PackageFiles, dir: string, raw: RawProblem): RawProblem {
  const xml = files.doc(`${dir}problem.xml`) ?? '';
  if (/<!ENTITY/i.test(xml)) throw badRequest('problem.xml 不能包含实体定义（<!ENTITY>）', 'file');
  let doc: X;
  try {
    doc = obj(obj(parser.parse(xml, true)).problem);
  } catch (err) {
    throw xmlError(err, 'problem.xml ');
  }
  if (str(doc['short-name'])) raw.label = str(doc['short-name']);
  const names = arr(obj(doc.names).name);
  const nameOf = (lang: string) => str(names.find((n) => n.language === lang)?.value);
  raw.title = nameOf('chinese') || nameOf('english') || str(names[0]?.value);
  raw.english_name = nameOf('english') && nameOf('chinese') ? nameOf('english') : undefined;
  if (raw.title) raw.label = raw.title;
  const tags = arr(obj(doc.tags).tag);
  atMost(tags.length, L.tagsMax, 'tags', '标签数量', 'problem.xml 的 tags ');
  raw.tags = tags.map((t) => str(t.value));

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
  const groups = arr(obj(testset.groups).group);
  atMost(groups.length, L.subtasksMax, 'subtasks', '测试组数量', 'problem.xml 的 groups ');
  const sampleTests: RawTest[] = [];
  raw.tests = polygonTests(files, dir, testset, tests, raw, sampleTests);
  statement(files, dir, raw, sampleTests);
  raw.checker = polygonChecker(files, dir, obj(obj(doc.assets).checker), raw);
  if (obj(doc.assets).interactor) raw.warnings.push('交互题的交互器本站不支持，已按普通题导入');
  if (groups.length || tests.some((t) => t.points !== undefined)) {
    raw.warnings.push('测试组（groups）与分值无法映射：本站按全部测试点评测');
  }
  return raw;
}

/** `tests/%02d` → `tests/07`. */
const pathOf = (pattern: string, n: number) =>
  pattern.replace(/%0?(\d*)d/, (_m, w: string) => String(n).padStart(Number(w || 0), '0'));

/** A path pattern as Polygon writes it; a huge width (`%0999999999d`) would be a string of that length. */
function pattern(testset: X, key: string, fallback: string): string {
  const p = str(testset[key]) || fallback;
  const width = Number(/%0?(\d*)d/.exec(p)?.[1] || 0);
  if (p.length > 200 || width > 9)
    throw refuse('pattern', `测试文件路径模板（${key}）不合法：「${p.slice(0, 40)}」`);
  return p;
}

function polygonTests(
  files: PackageFiles,
  dir: string,
  testset: X,
  tests: X[],
  raw: RawProblem,
  samples: RawTest[],
): RawTest[] {
  const inPattern = pattern(testset, 'input-path-pattern', 'tests/%02d');
  const ansPattern = pattern(testset, 'answer-path-pattern', 'tests/%02d.a');
  // Both counts are the package's word: bounded before the loop they drive (issue 22: a
  // test-count of 4 000 000 held the server for seconds).
  const declared = Number(str(testset['test-count'])) || 0;
  atMost(declared, L.testsMax, 'tests', '测试点数量', 'problem.xml 的 test-count ');
  atMost(tests.length, L.testsMax, 'tests', '测试点数量', 'problem.xml 中 <test> 的个数');
  const count = tests.length || declared;
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
  atMost(samples.length, L.samplesMax, 'samples', '样例数量', '标为 sample 的测试点个数');
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
  const props = files.doc(`${base}problem-properties.json`);
  let parts = { description: '', input: '', output: '', hint: '' };
  let samples: { input: string; output: string }[] = [];
  if (lang && props) {
    try {
      const p = obj(parseJson(props, 'problem-properties.json '));
      parts = {
        description: texToMarkdown(str(p.legend)),
        input: texToMarkdown(str(p.input)),
        output: texToMarkdown(str(p.output)),
        hint: texToMarkdown(str(p.notes)),
      };
      samples = arr(p.sampleTests).map((s) => ({ input: str(s.input), output: str(s.output) }));
    } catch (err) {
      if (err instanceof AppError) throw err;
      raw.warnings.push('problem-properties.json 不是有效的 JSON');
    }
  } else if (lang && files.has(`${base}legend.tex`)) {
    const tex = (n: string) => texToMarkdown(files.doc(`${base}${n}.tex`) ?? '');
    parts = { description: tex('legend'), input: tex('input'), output: tex('output'), hint: tex('notes') };
  } else {
    const html = files
      .names()
      .find((n) => n.startsWith(`${dir}statements/.html/`) && n.endsWith('problem.html'));
    if (html) {
      parts.description = htmlToMarkdown(files.doc(html) ?? '', `文件「${html}」`);
      raw.warnings.push('题面取自 HTML 版本，请核对排版');
    } else raw.warnings.push('包中没有题面（statements）');
  }
  if (lang && !LANGS.includes(lang)) raw.warnings.push(`题面语言为「${lang}」`);
  if (langs.filter((l) => l && !l.startsWith('.')).length > 1) raw.warnings.push(`只导入了 ${lang} 的题面`);
  if (parts.description || parts.input) raw.warnings.push('题面由 LaTeX 转换为 Markdown，请核对公式与排版');
  raw.description = composeStatement(parts);
  atMost(
    samples.length,
    L.samplesMax,
    'samples',
    '样例数量',
    'problem-properties.json 中 sampleTests 的个数',
  );
  if (!samples.length) {
    const example = (i: number) => `${base}example.${String(i).padStart(2, '0')}`;
    // The archive's entries bound this count.
    let n = 0;
    while (files.has(example(n + 1))) n++;
    atMost(n, L.samplesMax, 'samples', '样例数量', '题面中 example 文件的个数');
    for (let i = 1; i <= n; i++)
      samples.push({ input: files.doc(example(i))!, output: files.doc(`${example(i)}.a`) ?? '' });
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
    if (!raw.description.includes(`](${short})`)) continue;
    limitImage(files.size(name), short);
    raw.images.push({ ref: `](${short})`, bytes: files.get(name)! });
  }
  atMost(raw.images.length, L.imagesMax, 'images', '图片数量', '题面引用的图片个数');
}

function polygonChecker(files: PackageFiles, dir: string, checker: X, raw: RawProblem): CheckerInput {
  const name = str(checker.name);
  const std = name ? standardChecker(name) : null;
  if (std) return std;
  const sourcePath = str(arr(checker.source)[0]?.path);
  const source = sourcePath ? files.doc(`${dir}${sourcePath}`) : undefined;
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
