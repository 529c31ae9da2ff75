import type { XMLParser } from 'fast-xml-parser';
import { type CheckerInput, expectedVerdictsOf, IMPORT_LIMITS as L, juryLanguageOf } from '@oj/shared';
import { AppError, badRequest } from '../../lib/errors';
import { checkerFromSource, standardChecker } from './checkers';
import { xmlLib } from './libs';
import { atMost, limitImage, parseJson, refuse, XML_NESTING, xmlError } from './limits';
import { composeStatement, htmlToMarkdown, sampleText } from './markup';
import type { RawProblem, RawProgram, RawTest } from './model';
import { folderOf, includedFiles, SolutionSet } from './programs';
import { interactorOf, setJudging, subtask } from './judging';
import { isImageName, type PackageFiles } from './package-files';
import { GeneratedTests } from './polygon-generation';
import { texToMarkdown } from './tex';

/**
 * Polygon package: `problem.xml` (names, judging/testset with limits, path patterns and tests,
 * assets/checker, tags), `statements/<language>/` (problem-properties.json or legend.tex /
 * input.tex / output.tex / notes.tex, example.NN / example.NN.a), `tests/NN` / `tests/NN.a`
 * (generated tests may be missing from a package built without them: made at import by its
 * generators and main solution, polygon-generation.ts), `files/` (checker source, generators).
 */

let parser: XMLParser | undefined;
const makeParser = () =>
  new (xmlLib().XMLParser)({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseTagValue: false,
    parseAttributeValue: false,
    ...XML_NESTING,
    isArray: (name, _path, _leaf, isAttribute) =>
      !isAttribute &&
      [
        'name',
        'statement',
        'testset',
        'test',
        'tag',
        'group',
        'file',
        'source',
        'solution',
        'validator',
        'dependency',
      ].includes(name),
  });

type X = Record<string, unknown>;
const obj = (v: unknown): X => (v && typeof v === 'object' && !Array.isArray(v) ? (v as X) : {});
const arr = (v: unknown): X[] => (Array.isArray(v) ? (v as X[]) : []);
const str = (v: unknown): string =>
  v === undefined || v === null ? '' : typeof v === 'object' ? String((v as X)['#text'] ?? '') : String(v);

const LANGS = ['chinese', 'english'];

export function parsePolygonFolder(files: PackageFiles, dir: string, raw: RawProblem): RawProblem {
  const xml = files.doc(`${dir}problem.xml`) ?? '';
  if (/<!ENTITY/i.test(xml)) throw badRequest('problem.xml 不能包含实体定义（<!ENTITY>）', 'file');
  let doc: X;
  try {
    doc = obj(obj((parser ??= makeParser()).parse(xml, true)).problem);
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
  const tests = arr(obj(testset.tests).test);
  const groups = arr(obj(testset.groups).group);
  atMost(groups.length, L.subtasksMax, 'subtasks', '测试组数量', 'problem.xml 的 groups ');
  const sampleTests: RawTest[] = [];
  const stored: (number | undefined)[] = [];
  raw.tests = polygonTests(files, dir, doc, testset, tests, raw, sampleTests, stored);
  statement(files, dir, raw, sampleTests);
  raw.checker = polygonChecker(files, dir, doc, raw);
  polygonPrograms(files, dir, doc, raw);
  polygonJudging(files, dir, doc, raw, { tests, groups, stored });
  return raw;
}

/**
 * Type, file I/O and scoring: the interactor (testlib; the checker then checks its `tout`, as
 * Polygon runs them), `input-file` / `output-file`, test points and groups (complete-group → min,
 * each-test → sum, dependencies). `stored[i]` is Polygon's test i + 1 as ours (absent: not imported).
 */
function polygonJudging(
  files: PackageFiles,
  dir: string,
  doc: X,
  raw: RawProblem,
  t: { tests: X[]; groups: X[]; stored: (number | undefined)[] },
): void {
  const judging = obj(doc.judging);
  const input = str(judging['input-file']);
  const output = str(judging['output-file']);
  if (input || output) {
    if (input && output) setJudging(raw, { file_io: { input, output } });
    else
      raw.warnings.push(
        `题目只有${input ? '输入' : '输出'}使用文件（${input || output}），本站的文件输入输出须两者都是文件，已按标准输入输出导入`,
      );
  }
  const interactor = obj(obj(doc.assets).interactor);
  if (obj(doc.assets).interactor !== undefined) {
    const path = str(arr(interactor.source)[0]?.path);
    const source = path ? files.doc(`${dir}${path}`) : undefined;
    if (!source) raw.warnings.push(`找不到交互程序「${path.slice(0, 64)}」的源文件，已按传统题导入`);
    else {
      const what = `交互程序「${path}」`;
      const included = includedFiles(
        files,
        [`${dir}${folderOf(path)}`, `${dir}files/`, dir],
        source,
        raw,
        what,
      );
      const program: RawProgram = { name: path, language: juryLanguageOf(path), protocol: 'testlib', source };
      const mapped = interactorOf(program, raw, included);
      if (mapped && raw.judging?.file_io) raw.warnings.push('交互题不使用文件输入输出，已略去输入输出文件名');
      if (mapped) setJudging(raw, { type: 'interactive', interactor: mapped, file_io: null });
    }
  }
  polygonScoring(raw, t);
}

function polygonScoring(raw: RawProblem, t: { tests: X[]; groups: X[]; stored: (number | undefined)[] }) {
  const points = t.tests.map((x) => (x.points === undefined ? undefined : Number(str(x.points))));
  const grouped = t.tests.some((x) => str(x.group) !== '');
  if (!points.some((p) => p !== undefined) && !grouped) return;
  const ours = (i: number) => t.stored[i];
  if (!grouped) {
    const test_points: number[] = [];
    t.tests.forEach((_, i) => {
      if (ours(i) !== undefined) test_points[ours(i)! - 1] = Number.isFinite(points[i]) ? points[i]! : 0;
    });
    setJudging(raw, { scoring: { test_points, full_score: sum(test_points) || undefined } });
    return;
  }
  const names = [...new Set(t.tests.map((x) => str(x.group)))];
  const declared = new Map(t.groups.map((g) => [str(g.name), g]));
  const order = [...t.groups.map((g) => str(g.name)), ...names.filter((n) => !declared.has(n))].filter(
    (n, i, all) => n && all.indexOf(n) === i && names.includes(n),
  );
  const subtasks = order.map((name) => {
    const g = declared.get(name) ?? {};
    const members = t.tests.flatMap((x, i) => (str(x.group) === name && ours(i) !== undefined ? [i] : []));
    const testPoints = sum(members.map((i) => (Number.isFinite(points[i]) ? points[i]! : 0)));
    const groupPoints = Number(str(g.points));
    const each = str(g['points-policy']) === 'each-test';
    // Ours shares a sum subtask's points equally among its tests.
    if (each && new Set(members.map((i) => points[i] ?? 0)).size > 1)
      raw.warnings.push(`测试组「${name.slice(0, 40)}」各测试点分值不同，本站按该组总分平均分给各测试点`);
    const deps = arr(obj(g.dependencies).dependency)
      .map((d) => order.indexOf(str(d.group)) + 1)
      .filter((n) => n > 0);
    return {
      name,
      st: subtask(
        groupPoints > 0 ? groupPoints : testPoints,
        members.map((i) => ours(i)!),
        each ? 'sum' : 'min',
        deps,
      ),
    };
  });
  const empty = subtasks.filter((s) => !s.st.tests.length).map((s) => s.name);
  if (empty.length) {
    raw.warnings.push(`测试组「${empty.join('、').slice(0, 100)}」没有导入的测试点，分值与子任务未导入`);
    return;
  }
  if (t.tests.some((x, i) => !str(x.group) && ours(i) !== undefined))
    raw.warnings.push('有测试点不属于任何测试组，不计分');
  if (t.groups.some((g) => str(g['feedback-policy']) && str(g['feedback-policy']) !== 'complete'))
    raw.warnings.push('测试组的反馈方式（feedback-policy）未映射：本站对选手显示每个测试点的结果');
  const list = subtasks.map((s) => s.st);
  const total = sum(list.map((s) => s.points));
  setJudging(raw, { scoring: { subtasks: list, ...(total > 0 ? { full_score: total } : {}) } });
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

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

/**
 * The tests in Polygon's order. A generated test the package lacks holds its place with an empty
 * test and is listed in `raw.generation` to be made at import (generated-tests.ts), when the package
 * has its generators and main solution; otherwise it is left out, warned.
 */
function polygonTests(
  files: PackageFiles,
  dir: string,
  doc: X,
  testset: X,
  tests: X[],
  raw: RawProblem,
  samples: RawTest[],
  stored: (number | undefined)[],
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
  const generated = new GeneratedTests(files, dir, doc, raw);
  for (let i = 1; i <= count; i++) {
    const input = files.get(`${dir}${pathOf(inPattern, i)}`);
    const answer = files.get(`${dir}${pathOf(ansPattern, i)}`);
    if (!input) {
      if (tests[i - 1]?.method !== 'generated') raw.warnings.push(`缺少测试点 ${i} 的输入文件，已略过`);
      else if (generated.take(tests[i - 1], i, out.length + 1)) {
        out.push({ input: Buffer.alloc(0), output: Buffer.alloc(0) });
        stored[i - 1] = out.length;
      }
      continue;
    }
    if (!answer) raw.warnings.push(`测试点 ${i} 没有答案文件（.a），答案按空文件保存`);
    out.push({ input, output: answer ?? Buffer.alloc(0) });
    stored[i - 1] = out.length;
    if (tests[i - 1]?.sample === 'true') samples.push(out[out.length - 1]);
  }
  atMost(samples.length, L.samplesMax, 'samples', '样例数量', '标为 sample 的测试点个数');
  generated.finish();
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

function polygonChecker(files: PackageFiles, dir: string, doc: X, raw: RawProblem): CheckerInput {
  const checker = obj(obj(doc.assets).checker);
  const name = str(checker.name);
  const std = name ? standardChecker(name) : null;
  if (std?.exact) return std.checker;
  const sourcePath = str(arr(checker.source)[0]?.path);
  // A full package carries every checker's source, standard ones too (files/check.cpp, check.cpp).
  const path = [sourcePath, ...(std ? ['files/check.cpp', 'check.cpp'] : [])].find(
    (p) => p && files.has(`${dir}${p}`),
  );
  const source = path ? files.doc(`${dir}${path}`) : undefined;
  if (!source) {
    if (std) {
      raw.warnings.push(
        `标准评测器「${name}」的源文件不在包中，已改为本站最接近的比较：${std.differs ?? ''}`,
      );
      return std.checker;
    }
    if (name || sourcePath)
      raw.warnings.push(`找不到评测器「${name || sourcePath}」的源文件，已改为默认比较`);
    return { kind: 'default' };
  }
  if (checker.type && checker.type !== 'testlib') {
    raw.warnings.push(`评测器类型「${str(checker.type)}」不是 testlib，已改为默认比较`);
    return { kind: 'default' };
  }
  const what = `评测器「${name || path}」`;
  const found = checkerFromSource(source, raw, what);
  if (found.kind !== 'special') return found;
  // Its own testlib.h and whatever else it includes (files/ holds Polygon's resources).
  const included = includedFiles(files, [`${dir}${folderOf(path!)}`, `${dir}files/`, dir], source, raw, what);
  return included.length ? { ...found, files: included } : found;
}

/**
 * Polygon's solution tags (problem.xml writes them as words, the site as letters) as the jury
 * labels of jury-rules.ts.
 */
const TAGS: Record<string, string> = {
  main: 'MA',
  accepted: 'OK',
  rejected: 'RJ',
  'wrong-answer': 'WA',
  'presentation-error': 'PE',
  'time-limit-exceeded': 'TL',
  'time-limit-exceeded-or-accepted': 'TO',
  'time-limit-exceeded-or-memory-limit-exceeded': 'TM',
  'memory-limit-exceeded': 'ML',
  'runtime-error': 'RE',
};

/** Tagged solutions (jury solutions) and validators (testlib: exit 0 = valid). */
function polygonPrograms(files: PackageFiles, dir: string, doc: X, raw: RawProblem): void {
  const assets = obj(doc.assets);
  const set = new SolutionSet();
  for (const solution of arr(obj(assets.solutions).solution)) {
    const path = str(arr(solution.source)[0]?.path);
    const tag = str(solution.tag);
    if (!path || !files.has(`${dir}${path}`)) {
      set.skip('源文件不在包中');
      continue;
    }
    if (files.size(`${dir}${path}`) > L.documentMaxBytes) {
      set.skip('代码为空或超过 256 KiB');
      continue;
    }
    set.add(
      path,
      files.text(`${dir}${path}`)!,
      expectedVerdictsOf('polygon', TAGS[tag.toLowerCase()] ?? tag),
    );
  }
  set.into(raw);
  const validators: RawProgram[] = [];
  for (const v of arr(obj(assets.validators).validator).slice(0, 5)) {
    const path = str(arr(v.source)[0]?.path);
    const source = path ? files.doc(`${dir}${path}`) : undefined;
    if (!source) continue;
    const included = includedFiles(
      files,
      [`${dir}${folderOf(path)}`, `${dir}files/`, dir],
      source,
      raw,
      `校验器「${path}」`,
    );
    validators.push({
      name: path,
      language: juryLanguageOf(path),
      protocol: 'testlib',
      source,
      ...(included.length ? { files: included } : {}),
    });
  }
  if (validators.length) raw.validators = validators;
}
