import { AppError, badRequest } from '../../lib/errors';
import { IMPORT_LIMITS as L } from '@oj/shared';
import { yamlLib } from './libs';
import type { RawProblem } from './model';

/**
 * The import's own limits applied to what a package declares (issue 22): every count is compared
 * with our limit before the work it would cause (a Polygon `test-count` of 4 000 000 used to drive
 * a loop of that length), every text is bounded in size and nesting before it is parsed. Going over
 * any of them refuses the whole package, nothing stored; the message names the field in words and
 * `field` carries which limit it was.
 */
export type LimitField =
  'problems' | 'tests' | 'subtasks' | 'samples' | 'tags' | 'images' | 'size' | 'nesting' | 'pattern';

export const refuse = (field: LimitField, message: string) => badRequest(message, field);

const mib = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MiB`;

/** `what` (测试点数量 …) of `n` declared by `source` against `max`. */
export function atMost(n: number, max: number, field: LimitField, what: string, source: string): void {
  if (n > max) throw refuse(field, `${what}不能超过 ${max}（${source}为 ${n}）`);
}

export function limitProblems(n: number): void {
  if (n > L.problemsMax) throw refuse('problems', `一次最多导入 ${L.problemsMax} 道题目（文件中有 ${n} 道）`);
}

/** A text the import is about to parse (metadata, statement, checker): at most 1 MiB. */
export function boundedText(text: string, what: string): string {
  limitSize(Buffer.byteLength(text), what);
  return text;
}

export function limitSize(bytes: number, what: string): void {
  if (bytes > L.documentMaxBytes)
    throw refuse('size', `${what}不能超过 ${mib(L.documentMaxBytes)}（为 ${mib(bytes)}）`);
}

export function limitImage(bytes: number, name: string): void {
  if (bytes > L.imageMaxBytes)
    throw refuse('images', `图片「${name}」不能超过 ${mib(L.imageMaxBytes)}（为 ${mib(bytes)}）`);
}

const tooDeep = (what: string) => refuse('nesting', `${what}的嵌套层数不能超过 ${L.nestingMax}`);

/**
 * YAML with its nesting checked on the syntax tree before anything is built: deep flow nesting
 * (`[[[[…`) makes the yaml package's own error reporting exhaust the process's memory. Aliases are
 * capped by the package (maxAliasCount 100). Throws `YAMLError` for YAML that is not valid.
 */
export function parseYaml(text: string, what: string): unknown {
  const { Composer, Parser } = yamlLib();
  const tokens = [...new Parser().parse(text)];
  if (depthOver(tokens, (n) => COLLECTIONS.has(String(n.type)))) throw tooDeep(what);
  const [doc] = new Composer().compose(tokens);
  if (!doc) return undefined;
  if (doc.errors.length) throw doc.errors[0];
  return doc.toJS({ maxAliasCount: 100 });
}
const COLLECTIONS = new Set(['block-map', 'block-seq', 'flow-collection']);

/** YAML of the package; not valid YAML is warned and ignored, over our limits is refused. */
export function readYaml<T>(text: string | undefined, raw: RawProblem, what: string): T | undefined {
  if (text === undefined) return undefined;
  try {
    return (parseYaml(text, `${what} `) ?? undefined) as T | undefined;
  } catch (err) {
    if (err instanceof AppError) throw err;
    raw.warnings.push(`${what} 不是有效的 YAML，已忽略`);
    return undefined;
  }
}

/** JSON with its nesting checked (V8 parses any depth; what is read from it must stay shallow). */
export function parseJson(text: string, what: string): unknown {
  const value: unknown = JSON.parse(text);
  if (depthOver([value], () => true)) throw tooDeep(what);
  return value;
}

/**
 * Deeper than the limit? Counts the levels of objects for which `counts` holds, without recursion
 * (the trees checked here are the ones too deep to recurse into).
 */
function depthOver(roots: unknown[], counts: (node: Record<string, unknown>) => boolean): boolean {
  const stack: [unknown, number][] = roots.map((r) => [r, 0]);
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (!node || typeof node !== 'object') continue;
    const level = depth + (counts(node as Record<string, unknown>) ? 1 : 0);
    if (level > L.nestingMax) return true;
    for (const child of Object.values(node))
      if (child && typeof child === 'object') stack.push([child, level]);
  }
  return false;
}

// Elements that hold no content, and those whose end tag HTML lets out (`<p>a<p>b` are siblings):
// neither makes the tree deeper, so neither is counted.
const FLAT_TAGS = new Set(
  'area base br col embed hr img input link meta param source track wbr p li dt dd tr td th option optgroup thead tbody tfoot colgroup caption rb rt rp html head body'.split(
    ' ',
  ),
);
const TAG = /<(\/?)([a-z][a-z0-9-]*)\b[^<>]*?(\/?)>/gi;

/**
 * HTML before it is converted: turndown walks the tree recursively and slows down quadratically
 * with depth (20 000 nested `<div>` take seconds), so the depth is counted from the tags first.
 */
export function checkHtml(html: string, what: string): void {
  boundedText(html, what);
  let depth = 0;
  for (const m of html.matchAll(TAG)) {
    if (FLAT_TAGS.has(m[2].toLowerCase())) continue;
    if (m[1]) depth = Math.max(0, depth - 1);
    else if (!m[3] && ++depth > L.nestingMax) throw tooDeep(what);
  }
}

/** XML parser option and its refusal: fast-xml-parser counts open elements itself. */
export const XML_NESTING = { maxNestedTags: L.nestingMax };
export function xmlError(err: unknown, what: string): AppError {
  const message = (err as Error).message ?? '';
  if (/nested tags/i.test(message)) return tooDeep(what);
  return badRequest(`${what}格式错误：${message.slice(0, 200)}`, 'file');
}

/**
 * A refusal inside one problem of a package names that problem (its title once read, else where
 * it is in the file), so the admin knows where to look.
 */
export function inProblem<T>(label: () => string, parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const named = Object.assign(
      new AppError(err.code, `题目「${label().slice(0, 100)}」：${err.message}`, err.status),
      {
        field: err.field,
      },
    );
    throw named;
  }
}
