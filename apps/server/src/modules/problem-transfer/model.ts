import {
  ALGORITHM_TAGS,
  type CheckerInput,
  Difficulty,
  type ExpectableVerdict,
  type Language,
  PROBLEM_LIMITS,
  PROBLEM_SOURCES,
  ProblemInput,
  type ProblemJudgingRaw,
  type ProblemSource,
  type SampleCase,
} from '@oj/shared';
import { judgingOf } from './judging';

/** One test: input and expected answer (the answer may be empty when a special judge decides). */
export interface RawTest {
  input: Buffer;
  output: Buffer;
}

/** An image a statement embeds: `ref` is how the statement names it, replaced by our URL once stored. */
export interface RawImage {
  ref: string;
  bytes: Buffer;
}

/** A jury solution a package labels (Kattis `submissions/`, Polygon tags, DOMjudge markers). */
export interface RawSolution {
  /** Where it was in the package (`submissions/accepted/a.cpp`). */
  name: string;
  language: Language;
  source: string;
  /** Any of these verdicts agrees with the label. */
  expected: ExpectableVerdict[];
}

/**
 * A program of the package other than solutions and the checker: an input validator, an interactor
 * or a scoring validator, kept as it was so that a later step can use it.
 */
export interface RawProgram {
  name: string;
  /** Ours when we run the language; null for others (checktestdata `.ctd`, VIVA, scripts). */
  language: Language | null;
  /** `testlib`: exit 0 = valid / accepted; `kattis`: exit 42 = valid / accepted, 43 = not. */
  protocol: 'testlib' | 'kattis';
  source: string;
  /** Files beside it (headers it includes). */
  files?: { name: string; content: string }[];
}

/** A program the import runs itself (a generator, the main solution): no protocol of its own. */
export type RawSource = Omit<RawProgram, 'protocol'>;

/**
 * A test the package describes by a generator command instead of holding it (Polygon's
 * `<test method="generated" cmd="gen 10 3"/>`): its place in `tests` is held by an empty test
 * until the import makes it (generated-tests.ts), or drops it.
 */
export interface RawGeneratedTest {
  /** Its number in `tests` (from 1). */
  at: number;
  /** The package's number for it, as warnings name it. */
  label: number;
  /** The command as the package wrote it, for warnings. */
  cmd: string;
  generator: string;
  args: string[];
  /** testlib multigen: the file of the generator's run holding this test. */
  fromFile?: string;
}

/** What makes the generated tests: the generators by the name commands call, the main solution. */
export interface RawGeneration {
  generators: Record<string, RawSource>;
  solution: RawSource;
  tests: RawGeneratedTest[];
}

/**
 * One problem as a format parser reads it, before our rules: limits in ms / MiB as the package
 * says, tags and source as names, the statement as markdown. `warnings` collects what the parser
 * could not carry over; `toProblemInput` adds what our limits refuse.
 */
export interface RawProblem {
  /** How the warnings name it: its title, else where it was in the file. */
  label: string;
  title: string;
  english_name?: string;
  description: string;
  samples: SampleCase[];
  timeMs?: number;
  memoryMiB?: number;
  /** Bytes a test's output may reach, when the package says (absent: our default). */
  outputBytes?: number;
  tags: string[];
  source?: string;
  /** What our own exports carry besides the format (HydroOJ `x-oj`): kept when valid. */
  ours?: { difficulty?: number; source_name?: string; stop_at_first_failure?: boolean };
  checker: CheckerInput;
  tests: RawTest[];
  images: RawImage[];
  warnings: string[];
  /** Labelled jury solutions of the package, carried to the store (issue 24 item 5 keeps them). */
  solutions?: RawSolution[];
  /** Input validators of the package (item 5). */
  validators?: RawProgram[];
  /** The interactor or scoring validator of a problem imported as a plain one (kept for the judge). */
  interactor?: RawProgram;
  /** Tests to make at import, before the problem is stored (they hold places in `tests`). */
  generation?: RawGeneration;
  /**
   * How the package judges (type, file I/O, interactor, grader, scoring), in our contract's words;
   * tests numbered from 1 in `tests`' order. `toProblemInput` validates it (judging.ts).
   */
  judging?: ProblemJudgingRaw;
}

export function rawProblem(label: string): RawProblem {
  return {
    label,
    title: '',
    description: '',
    samples: [],
    tags: [],
    checker: { kind: 'default' },
    tests: [],
    images: [],
    warnings: [],
  };
}

/** Codeforces / Polygon tag names → ours (only those whose target exists are used). */
const ALIASES: Record<string, string> = {
  implementation: '模拟',
  'brute force': '枚举',
  greedy: '贪心',
  sortings: '排序',
  'binary search': '二分查找',
  'ternary search': '三分法',
  'two pointers': '双指针',
  bitmasks: '位运算',
  'constructive algorithms': '构造',
  'divide and conquer': '分治',
  interactive: '交互题',
  dp: '动态规划',
  math: '数学',
  'number theory': '数论',
  combinatorics: '组合数学',
  graphs: '图论',
  'shortest paths': '最短路',
  'dfs and similar': '深度优先搜索',
  '2-sat': '2-SAT',
  'graph matchings': '二分图',
  'meet-in-the-middle': '折半枚举',
  fft: '快速傅里叶变换(FFT)',
  'chinese remainder theorem': '中国剩余定理',
  'expression parsing': '表达式求值',
  'string suffix structures': '后缀数组',
  hashing: '字符串哈希',
  strings: '字符串处理',
  probabilities: '概率论',
  matrices: '矩阵运算',
};

const TAG_BY_NAME = new Map(ALGORITHM_TAGS.map((t) => [t.tag_name.toLowerCase(), t.tag_id]));
for (const [alias, name] of Object.entries(ALIASES)) {
  const id = TAG_BY_NAME.get(name.toLowerCase());
  if (id !== undefined && !TAG_BY_NAME.has(alias)) TAG_BY_NAME.set(alias, id);
}

/** Our tag id for a tag name of another judge (exact name, any case, or a known alias). */
export const tagIdOf = (name: string): number | undefined => TAG_BY_NAME.get(name.trim().toLowerCase());

/** The name of one of our tags (exports write names: other judges have no ids of ours). */
export const tagNameOf = (id: number): string | undefined =>
  ALGORITHM_TAGS.find((t) => t.tag_id === id)?.tag_name;

const SOURCE_WORDS: [RegExp, ProblemSource][] = [
  [/codeforces|polygon/i, 'codeforces'],
  [/luogu|洛谷/i, 'luogu'],
  [/leetcode|力扣/i, 'leetcode'],
  [/niuke|nowcoder|牛客/i, 'niuke'],
];

export const sourceOf = (text: string | undefined): ProblemSource =>
  SOURCE_WORDS.find(([re]) => re.test(text ?? ''))?.[1] ?? 'original';

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Time limit text of packages: `1s`, `1.5 s`, `500ms`, `1000` (ms). */
export function parseTime(text: string | number | undefined): number | undefined {
  if (text === undefined || text === null || text === '') return undefined;
  const m = /^\s*([\d.]+)\s*(ms|s)?\s*$/i.exec(String(text));
  if (!m) return undefined;
  const v = Number(m[1]);
  return Math.round(m[2]?.toLowerCase() === 's' ? v * 1000 : v);
}

/** Memory text of packages: `256m`, `256 MB`, `262144k`, `1g`, bare numbers in MiB. */
export function parseMemory(text: string | number | undefined): number | undefined {
  if (text === undefined || text === null || text === '') return undefined;
  const m = /^\s*([\d.]+)\s*([kmg])?(?:i?b)?\s*$/i.exec(String(text));
  if (!m) return undefined;
  const v = Number(m[1]);
  const unit = (m[2] ?? 'm').toLowerCase();
  return Math.round(unit === 'k' ? v / 1024 : unit === 'g' ? v * 1024 : v);
}

/**
 * Applies our rules to a parsed problem: limits within range, tags we know, at most the samples
 * and title length we keep; what changes is said in `raw.warnings`. The result is hidden (an admin
 * publishes it). Throws nothing: a problem our schema still refuses comes back as `error`.
 */
export function toProblemInput(raw: RawProblem): { input?: ProblemInput; error?: string } {
  const w = raw.warnings;
  const L = PROBLEM_LIMITS;
  let time = raw.timeMs ?? 1000;
  if (raw.timeMs === undefined) w.push('未给出时间限制，已设为 1000 毫秒');
  else if (time < L.timeMinMs || time > L.timeMaxMs) {
    time = clamp(time, L.timeMinMs, L.timeMaxMs);
    w.push(`时间限制 ${raw.timeMs} 毫秒超出本站范围，已改为 ${time} 毫秒`);
  }
  let memory = raw.memoryMiB ?? 256;
  if (raw.memoryMiB === undefined) w.push('未给出内存限制，已设为 256 MiB');
  else if (memory < L.memoryMinMiB || memory > L.memoryMaxMiB) {
    memory = clamp(memory, L.memoryMinMiB, L.memoryMaxMiB);
    w.push(`内存限制 ${raw.memoryMiB} MiB 超出本站范围，已改为 ${memory} MiB`);
  }
  const output = outputLimit(raw.outputBytes, w);
  const tags: number[] = [];
  for (const name of raw.tags) {
    const id = tagIdOf(name);
    if (id === undefined) w.push(`标签「${name}」在本站标签表中没有对应项，已略过`);
    else if (!tags.includes(id)) tags.push(id);
  }
  if (tags.length > L.tagsMax) {
    w.push(`标签超过 ${L.tagsMax} 个，只保留前 ${L.tagsMax} 个`);
    tags.length = L.tagsMax;
  }
  // More than 10 samples never gets here: the parsers refuse such a package (limits.ts).
  let samples = raw.samples;
  if (samples.some((s) => s.input.length > L.sampleMaxChars || s.output.length > L.sampleMaxChars)) {
    w.push(`有样例超过 ${L.sampleMaxChars} 个字符，已略去这些样例`);
    samples = samples.filter(
      (s) => s.input.length <= L.sampleMaxChars && s.output.length <= L.sampleMaxChars,
    );
  }
  let title = raw.title.trim() || raw.label;
  if (title.length > L.titleMax) {
    w.push(`题目名超过 ${L.titleMax} 个字符，已截断`);
    title = title.slice(0, L.titleMax);
  }
  let description = raw.description;
  if (!description.trim()) {
    w.push('题面为空');
    description = `# ${title}`;
  }
  const ours = raw.ours ?? {};
  const judging = judgingOf(raw);
  const parsed = ProblemInput.safeParse({
    chinese_name: title,
    english_name: (raw.english_name ?? '').slice(0, L.titleMax),
    description,
    difficulty: (Object.values(Difficulty) as unknown[]).includes(ours.difficulty)
      ? ours.difficulty
      : Difficulty.Unknown,
    tags_list: tags,
    source_name: (PROBLEM_SOURCES as readonly unknown[]).includes(ours.source_name)
      ? ours.source_name
      : sourceOf(raw.source),
    stop_at_first_failure:
      typeof ours.stop_at_first_failure === 'boolean' ? ours.stop_at_first_failure : undefined,
    time_limit: time,
    memory_limit: memory,
    output_limit: output,
    samples,
    checker: raw.checker,
    ...(judging ? { judging } : {}),
    visible: false,
  });
  if (!parsed.success) return { error: parsed.error.issues.map((i) => i.message).join('；') };
  return { input: parsed.data };
}

const MiB = 1024 * 1024;
const sizeText = (bytes: number) =>
  bytes >= MiB
    ? `${+(bytes / MiB).toFixed(2)} MiB`
    : bytes >= 1024
      ? `${+(bytes / 1024).toFixed(2)} KiB`
      : `${bytes} 字节`;

/** A package's output limit within ours (whole bytes); absent or not a number: our default. */
function outputLimit(bytes: number | undefined, warnings: string[]): number | undefined {
  if (bytes === undefined || !Number.isFinite(bytes)) return undefined;
  const { outputMinBytes: min, outputMaxBytes: max } = PROBLEM_LIMITS;
  const kept = clamp(Math.round(bytes), min, max);
  if (kept !== Math.round(bytes))
    warnings.push(`输出限制 ${sizeText(bytes)} 超出本站范围，已改为 ${sizeText(kept)}`);
  return kept;
}
