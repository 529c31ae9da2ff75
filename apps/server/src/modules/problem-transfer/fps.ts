import type { XMLParser } from 'fast-xml-parser';
import { IMPORT_LIMITS as L } from '@oj/shared';
import { badRequest } from '../../lib/errors';
import { checkerFromSource, checkerToSource } from './checkers';
import { xmlLib } from './libs';
import { atMost, boundedText, inProblem, limitImage, limitProblems, XML_NESTING, xmlError } from './limits';
import type { ExportedProblem } from './exported';
import { composeStatement, fieldToMarkdown, markdownField, sampleText, splitStatement } from './markup';
import { rawProblem, type RawProblem, sourceOf, tagIdOf } from './model';
import { SolutionSet } from './programs';

/**
 * FPS (free problem set) XML of HUSTOJ and QDUOJ: `<fps><item>…</item>…</fps>`, one item per
 * problem: title, time_limit (unit s / ms), memory_limit (unit mb / kb), description, input,
 * output, hint (HTML), sample_input / sample_output and test_input / test_output pairs, source,
 * spj (source of a special judge), img (src + base64: images embedded in the statement).
 */
export const looksLikeFps = (bytes: Buffer) => {
  const head = bytes
    .subarray(0, 2048)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('<') && /<fps[\s>]/i.test(head);
};

type Node = string | { '#text'?: string; [attr: string]: unknown };
const REPEATED = new Set([
  'item',
  'sample_input',
  'sample_output',
  'test_input',
  'test_output',
  'img',
  'solution',
  'spj',
  'template',
  'src',
  'base64',
]);
let parser: XMLParser | undefined;
const makeParser = () =>
  new (xmlLib().XMLParser)({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    textNodeName: '#text',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    ...XML_NESTING,
    isArray: (name, _path, _leaf, isAttribute) => !isAttribute && REPEATED.has(name),
  });

const text = (n: unknown): string => {
  if (n === undefined || n === null) return '';
  if (typeof n === 'string' || typeof n === 'number') return String(n);
  const t = (n as { '#text'?: unknown })['#text'];
  return t === undefined ? '' : String(t);
};
const attr = (n: unknown, name: string): string | undefined =>
  n && typeof n === 'object' ? ((n as Record<string, unknown>)[name] as string | undefined) : undefined;
const list = (n: unknown): Node[] => (Array.isArray(n) ? (n as Node[]) : n === undefined ? [] : [n as Node]);

export function parseFps(bytes: Buffer): RawProblem[] {
  const xml = bytes.toString('utf8').replace(/^\uFEFF/, '');
  // Entity definitions are how an XML bomb expands; no FPS file needs them.
  if (/<!ENTITY/i.test(xml)) throw badRequest('XML 文件不能包含实体定义（<!ENTITY>）', 'file');
  boundCounts(xml);
  let doc: { fps?: { item?: Record<string, unknown>[] } };
  try {
    doc = (parser ??= makeParser()).parse(xml, true) as typeof doc;
  } catch (err) {
    throw xmlError(err, 'XML 文件');
  }
  const items = doc.fps?.item ?? [];
  if (!items.length) throw badRequest('FPS 文件中没有题目（<item>）', 'file');
  limitProblems(items.length);
  return items.map((item, i) => {
    const raw = rawProblem(`第 ${i + 1} 题`);
    return inProblem(
      () => raw.label,
      () => parseItem(item, raw),
    );
  });
}

/** Elements named `tag` in the text (a count, without building anything). */
function countElements(xml: string, tag: string): number {
  const re = new RegExp(`<${tag}[\\s/>]`, 'g');
  let n = 0;
  while (re.exec(xml)) n++;
  return n;
}

/**
 * The counts of the whole file, before the parser builds a node for each element: more problems
 * than one import takes, or more tests, samples or images than that many problems may hold, are
 * refused at once (each problem's own counts are checked again once it is read).
 */
function boundCounts(xml: string): void {
  const items = countElements(xml, 'item');
  limitProblems(items);
  const per = (tag: string, max: number, field: 'tests' | 'samples' | 'images', what: string) =>
    atMost(countElements(xml, tag), Math.max(1, items) * max, field, what, `文件中 <${tag}> 的个数`);
  per('test_input', L.testsMax, 'tests', `${items} 道题的测试点数量`);
  per('sample_input', L.samplesMax, 'samples', `${items} 道题的样例数量`);
  per('img', L.imagesMax, 'images', `${items} 道题的图片数量`);
}

function parseItem(item: Record<string, unknown>, raw: RawProblem): RawProblem {
  raw.title = boundedText(text(item.title), '题目名（title）').trim();
  if (raw.title) raw.label = raw.title;
  const time = Number(text(item.time_limit));
  const timeUnit = (attr(item.time_limit, 'unit') ?? 's').toLowerCase();
  if (Number.isFinite(time) && time > 0) raw.timeMs = Math.round(timeUnit === 'ms' ? time : time * 1000);
  const memory = Number(text(item.memory_limit));
  const memoryUnit = (attr(item.memory_limit, 'unit') ?? 'mb').toLowerCase();
  if (Number.isFinite(memory) && memory > 0)
    raw.memoryMiB = Math.round(memoryUnit === 'kb' ? memory / 1024 : memory);

  raw.description = composeStatement({
    description: fieldToMarkdown(text(item.description), '题目描述（description）'),
    input: fieldToMarkdown(text(item.input), '输入格式（input）'),
    output: fieldToMarkdown(text(item.output), '输出格式（output）'),
    hint: fieldToMarkdown(text(item.hint), '提示（hint）'),
  });
  const ins = list(item.sample_input).map(text);
  const outs = list(item.sample_output).map(text);
  atMost(ins.length, L.samplesMax, 'samples', '样例数量', '<sample_input> 的个数');
  atMost(outs.length, L.samplesMax, 'samples', '样例数量', '<sample_output> 的个数');
  raw.samples = ins.map((input, k) => ({ input: sampleText(input), output: sampleText(outs[k] ?? '') }));

  const tin = list(item.test_input);
  const tout = list(item.test_output);
  atMost(tin.length, L.testsMax, 'tests', '测试点数量', '<test_input> 的个数');
  atMost(tout.length, L.testsMax, 'tests', '测试点数量', '<test_output> 的个数');
  if (tout.length && tout.length !== tin.length)
    raw.warnings.push('测试输入与输出的组数不一致，已按顺序配对');
  raw.tests = tin.map((t, k) => ({
    input: Buffer.from(text(t)),
    output: Buffer.from(text(tout[k])),
  }));

  for (const img of list(item.img)) {
    const o = img as Record<string, unknown>;
    const src = text(list(o.src)[0]).trim();
    const b64 = text(list(o.base64)[0]).replace(/\s+/g, '');
    if (!src || !b64 || !raw.description.includes(src)) continue;
    limitImage(Math.floor((b64.length * 3) / 4), src.slice(0, 100));
    raw.images.push({ ref: src, bytes: Buffer.from(b64, 'base64') });
  }
  atMost(raw.images.length, L.imagesMax, 'images', '图片数量', '题面引用的图片个数');

  const spj = list(item.spj)[0];
  if (spj !== undefined && text(spj).trim()) {
    // FPS comes from HUSTOJ: a special judge that is not testlib speaks HUSTOJ's protocol.
    const language = attr(spj, 'language');
    raw.checker = checkerFromSource(
      boundedText(text(spj), '特殊评测程序（spj）'),
      raw,
      `特殊评测程序（${language ?? '未注明语言'}）`,
      { protocol: 'hustoj', language },
    );
  }
  // Reference solutions: each is expected to be accepted.
  const solutions = new SolutionSet();
  for (const [i, node] of list(item.solution).entries()) {
    const language = fpsLanguage(attr(node, 'language'));
    if (!language) solutions.skip('语言本站不支持');
    else solutions.add(`solution-${i + 1}.${language}`, text(node), ['AC']);
  }
  solutions.into(raw);
  if (list(item.template).length || item.prepend !== undefined || item.append !== undefined) {
    raw.warnings.push('代码模板（template / prepend / append）未导入');
  }
  // HUSTOJ keeps categories in source: words that are our tags become tags.
  const source = boundedText(text(item.source), '来源（source）').trim();
  raw.source = source;
  const words = source.split(/[\s,，;；]+/).filter(Boolean);
  raw.tags = words.filter((w) => tagIdOf(w) !== undefined);
  const rest = words.filter((w) => tagIdOf(w) === undefined && sourceOf(w) === 'original');
  if (rest.length) raw.warnings.push(`来源中的「${rest.join(' ')}」没有对应的本站标签或来源，未保存`);
  return raw;
}

/** FPS language names (HUSTOJ's) as a file extension our jury languages know; null for others. */
function fpsLanguage(name: string | undefined): string | null {
  const n = (name ?? '').trim().toLowerCase();
  if (n === 'c') return 'c';
  if (n === 'c++' || n === 'cpp' || n === 'g++') return 'cpp';
  if (n === 'python' || n === 'python3') return 'py';
  if (n === 'java') return 'java';
  if (n === 'go' || n === 'golang') return 'go';
  if (n === 'javascript' || n === 'js' || n === 'node') return 'js';
  return null;
}

const cdata = (s: string) => `<![CDATA[${s.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
// Characters XML 1.0 cannot carry at all.
const notXml = (s: string) => {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0xfffe || c === 0xffff) return true;
  }
  return false;
};

/** Our problems as one FPS file. Test data XML cannot carry (binary) leaves the problem out, with a warning. */
export function buildFps(problems: ExportedProblem[]): { xml: string; warnings: string[] } {
  const warnings: string[] = [];
  const items: string[] = [];
  for (const p of problems) {
    const tests = p.tests.map((t) => ({
      input: t.input.toString('utf8'),
      output: t.output.toString('utf8'),
    }));
    if (tests.some((t) => notXml(t.input) || notXml(t.output))) {
      warnings.push(`题目 ${p.problem_id} 的测试数据含 XML 无法表示的字符，未导出`);
      continue;
    }
    const parts = splitStatement(p.description);
    const source = [
      ...(p.source_name === 'original' || p.source_name === 'own' ? [] : [p.source_name]),
      ...p.tag_names,
    ];
    const lines = [
      `<title>${cdata(p.chinese_name)}</title>`,
      `<time_limit unit="ms">${p.time_limit}</time_limit>`,
      `<memory_limit unit="mb">${p.memory_limit}</memory_limit>`,
      ...p.images.map(
        (img) => `<img><src>${cdata(img.url)}</src><base64>${img.bytes.toString('base64')}</base64></img>`,
      ),
      `<description>${cdata(markdownField(parts.description))}</description>`,
      `<input>${cdata(parts.input ? markdownField(parts.input) : '')}</input>`,
      `<output>${cdata(parts.output ? markdownField(parts.output) : '')}</output>`,
      ...p.samples.flatMap((s) => [
        `<sample_input>${cdata(s.input)}</sample_input>`,
        `<sample_output>${cdata(s.output)}</sample_output>`,
      ]),
      ...tests.flatMap((t, i) => [
        `<test_input name="${i + 1}">${cdata(t.input)}</test_input>`,
        `<test_output name="${i + 1}">${cdata(t.output)}</test_output>`,
      ]),
      `<hint>${cdata(parts.hint ? markdownField(parts.hint) : '')}</hint>`,
      `<source>${cdata(source.join(' '))}</source>`,
    ];
    const checker = checkerToSource(p.checker);
    if (checker) lines.push(`<spj language="C++">${cdata(checker)}</spj>`);
    if (p.checker.kind === 'special' && p.checker.files?.length)
      warnings.push(`题目 ${p.problem_id} 的评测器附加文件未导出（FPS 只带一个评测器源文件）`);
    items.push(`<item>\n${lines.join('\n')}\n</item>`);
  }
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<fps version="1.4" url="https://github.com/zhblue/freeproblemset/">\n<generator name="字节OJ"/>\n${items.join('\n')}\n</fps>\n`;
  return { xml, warnings };
}
