import { IMPORT_LIMITS as L } from '@oj/shared';
import { type DomjudgeIni, readDomjudgeIni } from './domjudge';
import { kattisChecker, kattisPrograms, type KattisMeta } from './kattis-judging';
import { kattisScoring } from './kattis-scoring';
import { atMost, limitImage, readYaml } from './limits';
import { htmlToMarkdown, sampleText } from './markup';
import type { RawProblem, RawTest } from './model';
import { isImageName, type PackageFiles } from './package-files';
import { texToMarkdown } from './tex';

/**
 * Kattis / ICPC problem package (legacy, 2023-07 and 2025-09 versions of the format), which
 * DOMjudge also takes (with `domjudge-problem.ini` beside it: domjudge.ts): `problem.yaml` (name,
 * type, limits, validation and validator_flags), the statement in `problem_statement/` or
 * `statement/` (`problem.<lang>.tex|md`), `data/sample/` and `data/secret/**` (`.in` / `.ans`,
 * nested groups), output and input validators, and labelled `submissions/`.
 */

type X = Record<string, unknown>;
const obj = (v: unknown): X => (v && typeof v === 'object' && !Array.isArray(v) ? (v as X) : {});
const num = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) && n > 0 ? n : undefined;
};

export function parseKattisFolder(files: PackageFiles, dir: string, raw: RawProblem): RawProblem {
  const meta =
    readYaml<KattisMeta>(files.doc(`${dir}problem.yaml`), raw, 'problem.yaml') ?? ({} as KattisMeta);
  const ini = files.has(`${dir}domjudge-problem.ini`) ? readDomjudgeIni(files, dir, raw) : undefined;
  const found = statement(files, dir, raw);
  names(meta, ini, found, raw);
  limits(files, dir, meta, ini, raw);
  const types = [meta.type ?? []].flat().map(String);
  const validation = String(meta.validation ?? 'default').split(/\s+/);
  const interactive = types.includes('interactive') || validation.includes('interactive');
  const paths: string[] = [];
  raw.tests = kattisTests(files, dir, raw, interactive, paths);
  raw.checker = kattisChecker(files, dir, meta, raw, { interactive, types, validation, ini });
  if (types.includes('scoring') || validation.includes('score'))
    kattisScoring(files, dir, paths, raw, validation.includes('score'));
  kattisPrograms(files, dir, raw);
  return raw;
}

/** The title in Chinese when there is one, else English, else any; the English name beside it. */
function names(meta: KattisMeta, ini: DomjudgeIni | undefined, statementTitle: string, raw: RawProblem) {
  const byLang: Record<string, string> =
    typeof meta.name === 'string'
      ? { en: meta.name }
      : Object.fromEntries(Object.entries(obj(meta.name)).map(([k, v]) => [k, String(v ?? '')]));
  const zh = Object.keys(byLang).find((k) => /^zh/i.test(k));
  const first = zh ?? (byLang.en ? 'en' : Object.keys(byLang)[0]);
  raw.title = (first ? byLang[first] : '') || ini?.name || statementTitle;
  if (zh && byLang.en) raw.english_name = byLang.en;
  if (raw.title) raw.label = raw.title;
  else if (ini?.shortName) raw.label = ini.shortName;
  const source = typeof meta.source === 'string' ? meta.source : String(obj(meta.source).name ?? '');
  if (source) raw.source = source;
  const keywords = [meta.keywords ?? []]
    .flat()
    .flatMap((k) => String(k).split(/\s+/))
    .filter(Boolean);
  atMost(keywords.length, L.tagsMax, 'tags', '标签数量', 'problem.yaml 中 keywords 的个数');
  raw.tags = keywords;
}

/** Time: the ini, then problem.yaml (2025-09), then `.timelimit` (problemtools, DOMjudge exports), in seconds. */
function limits(
  files: PackageFiles,
  dir: string,
  meta: KattisMeta,
  ini: DomjudgeIni | undefined,
  raw: RawProblem,
) {
  const l = obj(meta.limits);
  const seconds = ini?.timelimit ?? num(l.time_limit) ?? num(files.text(`${dir}.timelimit`)?.trim());
  if (seconds !== undefined) raw.timeMs = Math.round(seconds * 1000);
  else {
    const multiplier = l.time_multiplier ?? obj(l.time_multipliers).ac_to_time_limit;
    raw.warnings.push(
      `包中没有时间限制：Kattis 格式按评测方 AC 程序的最慢用时乘以倍数（time_multiplier${multiplier !== undefined ? ` = ${String(multiplier)}` : ''}）推算，请导入后设置`,
    );
  }
  const memory = num(l.memory);
  if (memory !== undefined) raw.memoryMiB = Math.round(memory);
  const output = num(l.output);
  if (output !== undefined) raw.outputBytes = output * 1024 * 1024;
}

const STATEMENT_DIRS = ['statement/', 'problem_statement/'];
const STATEMENT_FILE = /^problem(?:\.([A-Za-z]{2,3}(?:-[A-Za-z0-9]+)?))?\.(tex|md|pdf)$/;
const rank = (lang: string, type: string) =>
  (/^zh/i.test(lang) ? 0 : lang === 'en' ? 10 : 20) + (type === 'pdf' ? 5 : type === 'md' ? 1 : 0);

/** The statement, in Chinese when there is one, else English; answers the title it names. */
function statement(files: PackageFiles, dir: string, raw: RawProblem): string {
  const found = STATEMENT_DIRS.flatMap((folder) =>
    files
      .under(`${dir}${folder}`)
      .map((path) => ({
        path,
        folder: `${dir}${folder}`,
        m: STATEMENT_FILE.exec(path.slice(dir.length + folder.length)),
      }))
      .filter((f) => f.m)
      .map((f) => ({ path: f.path, folder: f.folder, lang: f.m![1] ?? 'en', type: f.m![2] })),
  ).sort((a, b) => rank(a.lang, a.type) - rank(b.lang, b.type));
  const pick = found[0];
  if (!pick) return rootStatement(files, dir, raw);
  const langs = new Set(found.map((f) => f.lang));
  if (langs.size > 1) raw.warnings.push(`只导入了 ${pick.lang} 的题面（另有 ${langs.size - 1} 种语言）`);
  if (pick.type === 'pdf') {
    raw.warnings.push('题面只有 PDF 版本，未导入，请在题目管理中补上题面');
    return '';
  }
  const text = files.doc(pick.path) ?? '';
  const { markdown, title } = pick.type === 'tex' ? kattisTex(text) : { markdown: text.trim(), title: '' };
  if (pick.type === 'tex') raw.warnings.push('题面由 LaTeX 转换为 Markdown，请核对公式与排版');
  raw.description = withSections(markdown);
  // Pictures the statement names (\illustration, \includegraphics, ![](…)) live beside it.
  for (const path of files.under(pick.folder).filter((n) => isImageName(n))) {
    const short = path.slice(pick.folder.length);
    if (!raw.description.includes(`](${short})`)) continue;
    limitImage(files.size(path), short);
    raw.images.push({ ref: `](${short})`, bytes: files.get(path)! });
  }
  atMost(raw.images.length, L.imagesMax, 'images', '图片数量', '题面引用的图片个数');
  return title;
}

/** DOMjudge's older place: problem.html, problem.txt or problem.pdf beside problem.yaml. */
function rootStatement(files: PackageFiles, dir: string, raw: RawProblem): string {
  const html = files.doc(`${dir}problem.html`);
  const txt = html === undefined ? files.doc(`${dir}problem.txt`) : undefined;
  if (html !== undefined) raw.description = htmlToMarkdown(html, '题面（problem.html）');
  else if (txt !== undefined) raw.description = txt.trim();
  else if (files.has(`${dir}problem.pdf`))
    raw.warnings.push('题面只有 PDF 版本，未导入，请在题目管理中补上题面');
  else raw.warnings.push('包中没有题面（problem_statement / statement）');
  return '';
}

/** Kattis' LaTeX: `\problemname`, `\illustration`, comments; the rest as Polygon's (tex.ts). */
function kattisTex(tex: string): { markdown: string; title: string } {
  const title =
    /%%\s*plainproblemname:\s*(.+)/.exec(tex)?.[1]?.trim() ??
    /\\problemname\{([^{}]*)\}/.exec(tex)?.[1] ??
    '';
  const body = tex
    .replace(/\\problemname\{[^{}]*\}/g, '')
    .replace(/\\illustration\{[^{}]*\}\{([^{}]*)\}\{([^{}]*)\}/g, '\n![$2]($1)\n')
    .replace(/(^|[^\\])%.*$/gm, '$1');
  return { markdown: texToMarkdown(body), title: title.trim() };
}

const SECTION_NAMES: Record<string, string> = {
  input: '输入格式',
  output: '输出格式',
  interaction: '交互方式',
  scoring: '评分方式',
};

/** `### Input` (from `\section*{Input}`) or `## Input` as our statement's sections. */
function withSections(md: string): string {
  return md.replace(
    /^#{1,4}[ \t]*(Input|Output|Interaction|Scoring)[ \t]*$/gim,
    (_all, name: string) => `## ${SECTION_NAMES[name.toLowerCase()]}`,
  );
}

const sampleOf = (files: PackageFiles, base: string, ext: 'in' | 'ans') =>
  files.text(`${base}.${ext}.statement`) ?? files.text(`${base}.${ext}`) ?? '';

/**
 * Samples first, then the secret tests in natural order (`secret/group/…` nested groups flatten,
 * group by group). The samples are shown in the statement, the `.interaction` ones of an
 * interactive problem as its sample dialogues.
 */
function kattisTests(
  files: PackageFiles,
  dir: string,
  raw: RawProblem,
  interactive: boolean,
  paths: string[],
): RawTest[] {
  const data = `${dir}data/`;
  const inputs = (folder: string) => files.under(`${data}${folder}/`).filter((n) => n.endsWith('.in'));
  const samples = inputs('sample');
  const secret = inputs('secret');
  atMost(samples.length + secret.length, L.testsMax, 'tests', '测试点数量', 'data 中 .in 文件的个数');
  const tests: RawTest[] = [];
  let missing = 0;
  for (const path of [...samples, ...secret]) {
    const answer = files.get(`${path.slice(0, -3)}.ans`);
    if (!answer) missing++;
    tests.push({ input: files.get(path)!, output: answer ?? Buffer.alloc(0) });
    paths.push(path);
  }
  if (missing) raw.warnings.push(`${missing} 个测试点没有答案文件（.ans），答案按空文件保存`);
  if (!secret.length) raw.warnings.push('data/secret 中没有测试点');
  if (interactive) {
    const dialogues = files.under(`${data}sample/`).filter((n) => n.endsWith('.interaction'));
    atMost(dialogues.length, L.samplesMax, 'samples', '样例数量', 'data/sample 中 .interaction 文件的个数');
    const blocks = dialogues.map(
      (n, i) => `### 样例交互 ${i + 1}\n\n\`\`\`\n${(files.doc(n) ?? '').trimEnd()}\n\`\`\``,
    );
    if (blocks.length) raw.description = [raw.description, ...blocks].filter(Boolean).join('\n\n');
    return tests;
  }
  atMost(samples.length, L.samplesMax, 'samples', '样例数量', 'data/sample 中 .in 文件的个数');
  raw.samples = samples.map((path) => {
    const base = path.slice(0, -3);
    return {
      input: sampleText(sampleOf(files, base, 'in')),
      output: sampleText(sampleOf(files, base, 'ans')),
    };
  });
  return tests;
}
