import type { JudgingFile, ProblemJudging, ScoringInput, SubtaskInput } from '@oj/shared';
import { juryLanguageOf } from '@oj/shared';
import type { ArchiveFile } from '../problems';
import type { ExportedProblem } from './exported';
import type { HydroConfig, HydroGroup } from './hydro';
import { interactorOf, setJudging, subtask } from './judging';
import type { RawProblem } from './model';
import type { PackageFiles } from './package-files';
import { baseName, includedFiles } from './programs';

/**
 * HydroOJ's judging in config.yaml, both ways: `type` (default, interactive, submit_answer),
 * `filename` (file I/O), `interactor`, `user_extra_files` (a grader), `subtasks` (score, type
 * min / sum / max, `if` dependencies, per-case score). What HydroOJ has no words for travels in
 * problem.yaml's `x-oj.judging` (OurJudging), so that our own export imports back identical.
 */

/** Our judging without file contents (those are in testdata/, named here). */
export interface OurJudging {
  type?: ProblemJudging['type'];
  file_io?: { input: string; output: string } | null;
  interactor?: { files?: string[]; protocol?: 'testlib' | 'kattis'; clashing?: JudgingFile[] } | null;
  grader?: {
    files: string[];
    submission_name?: string;
    includes_submission?: boolean;
    clashing?: JudgingFile[];
  } | null;
  scoring?: ScoringInput | null;
  /**
   * The checker's own files when judge_extra_files also holds the interactor's (HydroOJ compiles
   * both with the whole list; ours keeps each program's own).
   */
  checker_files?: string[];
}

const GRADER_FILE = /\.(?:c|cc|cpp|cxx|h|hh|hpp|hxx)$/i;
const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** HydroOJ's sharing of what is left: `count` integer parts of `rest`, the larger ones last. */
function shares(rest: number, count: number): number[] {
  const base = Math.floor(rest / count);
  const extra = count - (rest % count);
  return Array.from({ length: count }, (_, i) => (i >= extra ? base + 1 : base));
}

/**
 * Files named in testdata/; `clashing` are ours whose name another program's file took (a
 * checker's testlib.h beside the interactor's), carried whole in x-oj.
 */
function readFiles(
  files: PackageFiles,
  data: string,
  names: string[],
  raw: RawProblem,
  what: string,
  clashing: JudgingFile[] = [],
): JudgingFile[] {
  const out: JudgingFile[] = [];
  for (const name of names) {
    const own = clashing.find((f) => f.name === name);
    if (own && typeof own.content === 'string') {
      out.push({ name, content: own.content });
      continue;
    }
    const content = files.doc(`${data}${name}`);
    if (content === undefined) raw.warnings.push(`找不到${what}文件「${name.slice(0, 64)}」，已略过`);
    else out.push({ name: baseName(name), content });
  }
  return out;
}

export function hydroJudging(
  files: PackageFiles,
  data: string,
  config: HydroConfig,
  groups: HydroGroup[],
  ours: OurJudging | undefined,
  raw: RawProblem,
): void {
  const type = config.type ?? 'default';
  if (type === 'interactive') hydroInteractor(files, data, config, ours, raw);
  else if (type === 'submit_answer') setJudging(raw, { type: 'output-only' });
  else if (type === 'objective') raw.warnings.push('客观题（objective）本站不支持，已按传统题导入');
  else if (type !== 'default') raw.warnings.push(`评测类型「${type.slice(0, 20)}」本站不支持，按传统题导入`);
  const batch = type === 'default';
  if (ours?.file_io && batch) setJudging(raw, { file_io: ours.file_io });
  else if (typeof config.filename === 'string' && config.filename) {
    if (batch)
      setJudging(raw, { file_io: { input: `${config.filename}.in`, output: `${config.filename}.out` } });
    else raw.warnings.push('文件输入输出（filename）只用于传统题，已略去');
  }
  hydroGrader(files, data, config, ours, raw, type);
  if (Array.isArray(config.langs) && config.langs.length)
    raw.warnings.push(`题目限定的语言（langs：${config.langs.join('、').slice(0, 80)}）未导入，本站不限语言`);
  if (ours && ours.scoring !== undefined) setJudging(raw, { scoring: ours.scoring });
  else hydroScoring(groups, raw);
}

function hydroInteractor(
  files: PackageFiles,
  data: string,
  config: HydroConfig,
  ours: OurJudging | undefined,
  raw: RawProblem,
): void {
  const field = config.interactor;
  const name =
    typeof field === 'string' ? field : field && typeof field === 'object' ? String(field.file ?? '') : '';
  const source = name ? files.doc(`${data}${name}`) : undefined;
  if (!source) {
    raw.warnings.push(`找不到交互程序「${name.slice(0, 64)}」，已按传统题导入`);
    return;
  }
  const what = `交互程序「${name.slice(0, 64)}」`;
  const extra = ours?.interactor?.files
    ? readFiles(files, data, ours.interactor.files, raw, '交互程序的附加', ours.interactor.clashing)
    : includedFiles(files, [data], source, raw, what);
  const protocol = ours?.interactor?.protocol === 'kattis' ? 'kattis' : 'testlib';
  const mapped = interactorOf({ name, language: juryLanguageOf(name), protocol, source }, raw, extra);
  if (mapped) setJudging(raw, { type: 'interactive', interactor: mapped });
}

/** `user_extra_files` compiled with the submission: C / C++ sources and headers are a grader. */
function hydroGrader(
  files: PackageFiles,
  data: string,
  config: HydroConfig,
  ours: OurJudging | undefined,
  raw: RawProblem,
  type: string,
): void {
  const listed = (Array.isArray(config.user_extra_files) ? config.user_extra_files : []).map(String);
  if (!listed.length) return;
  if (type === 'submit_answer') {
    raw.warnings.push('提交答案题的选手附加文件（user_extra_files）未导入');
    return;
  }
  const kept = listed.filter((n) => GRADER_FILE.test(n));
  if (kept.length < listed.length)
    raw.warnings.push(
      `选手附加文件（user_extra_files）中「${listed
        .filter((n) => !GRADER_FILE.test(n))
        .join('、')
        .slice(0, 100)}」不是 C / C++ 源文件或头文件，未导入`,
    );
  const opts = ours?.grader;
  const grader = readFiles(files, data, kept, raw, '评测程序（grader）', opts?.clashing);
  if (!grader.length) return;
  setJudging(raw, {
    grader: {
      files: grader,
      ...(opts?.submission_name ? { submission_name: opts.submission_name } : {}),
      ...(opts?.includes_submission !== undefined ? { includes_submission: opts.includes_submission } : {}),
    },
  });
}

/**
 * HydroOJ's scores as ours: one min subtask of 100 over every test is all or nothing (no scoring);
 * one sum subtask is points per test; several are subtasks (unscored ones share what is left of
 * 100, as HydroOJ does). Tests found by name without a config (no groups) share 100 equally.
 */
function hydroScoring(groups: HydroGroup[], raw: RawProblem): void {
  const live = groups.filter((g) => g.tests.length);
  if (!groups.length) {
    if (raw.tests.length) setJudging(raw, { scoring: { full_score: 100 } });
    return;
  }
  if (!live.length) return;
  const given = live.map((g) =>
    typeof g.subtask.score === 'number' && g.subtask.score > 0 ? g.subtask.score : 0,
  );
  const unset = given.filter((s) => !s).length;
  const rest = unset ? shares(Math.max(100 - total(given), 0), unset) : [];
  const points = given.map((s) => s || rest.shift()!);
  const kind = (g: HydroGroup) =>
    g.subtask.type === 'sum' ? 'sum' : g.subtask.type === 'max' ? 'max' : 'min';
  if (live.some((g) => g.subtask.time !== undefined || g.subtask.memory !== undefined))
    raw.warnings.push('子任务各自的时间、内存限制未导入：本站整题一种限制');
  if (live.length === 1) {
    const g = live[0];
    if (kind(g) !== 'sum' && points[0] === 100 && !g.subtask.if?.length) return;
    if (kind(g) === 'sum') {
      if (g.scores.every((s) => s === undefined)) setJudging(raw, { scoring: { full_score: points[0] } });
      else setJudging(raw, { scoring: { full_score: points[0], test_points: caseScores(g, points[0]) } });
      return;
    }
  }
  const ids = live.map((g, i) => (typeof g.subtask.id === 'number' ? g.subtask.id : i + 1));
  const subtasks: SubtaskInput[] = live.map((g, i) => {
    if (kind(g) === 'max')
      raw.warnings.push(`子任务 ${i + 1} 按最高分计分（max），本站没有这种方式，已按最低分（min）导入`);
    if (kind(g) === 'sum' && new Set(caseScores(g, points[i])).size > 1)
      raw.warnings.push(`子任务 ${i + 1} 的测试点分值不同，本站按子任务分值平均分给各测试点`);
    const deps = (Array.isArray(g.subtask.if) ? g.subtask.if : []).map((id) => ids.indexOf(Number(id)) + 1);
    if (deps.some((d) => d === 0)) raw.warnings.push(`子任务 ${i + 1} 依赖的子任务不存在，已略去这一依赖`);
    return subtask(
      points[i],
      g.tests,
      kind(g) === 'sum' ? 'sum' : 'min',
      deps.filter((d) => d > 0),
    );
  });
  setJudging(raw, { scoring: { full_score: total(points) || undefined, subtasks } });
}

/** Each test's score in a sum subtask: its own, or its share of what is left. */
function caseScores(g: HydroGroup, points: number): number[] {
  const unset = g.scores.filter((s) => s === undefined).length;
  const rest = unset ? shares(Math.max(points - total(g.scores.map((s) => s ?? 0)), 0), unset) : [];
  return g.scores.map((s) => s ?? rest.shift()!);
}

const testName = (n: number) => ({ input: `${n}.in`, output: `${n}.out` });

/**
 * Our judging into a HydroOJ config (and testdata/ files); answers what goes into `x-oj.judging`.
 * Without judging: one min subtask of 100 over every test (all or nothing), as before.
 */
export function writeHydroJudging(
  p: ExportedProblem,
  dir: string,
  config: HydroConfig,
  out: ArchiveFile[],
  warnings: string[],
): OurJudging | undefined {
  const j = p.judging;
  const all = p.tests.map((_, i) => i + 1);
  if (!j) {
    config.subtasks = [{ score: 100, cases: all.map(testName) }];
    return undefined;
  }
  const ours: OurJudging = { type: j.type, file_io: j.file_io, scoring: j.scoring };
  const written = new Map<string, string>();
  /** Writes a file into testdata/; false when another program's file of that name differs. */
  const put = (f: JudgingFile, what: string): boolean => {
    const had = written.get(f.name);
    if (had !== undefined && had !== f.content) {
      warnings.push(
        `题目 ${p.problem_id} 的${what}文件「${f.name}」与另一同名文件内容不同，HydroOJ 中只保留一个`,
      );
      return false;
    }
    if (had === undefined) {
      written.set(f.name, f.content);
      out.push({ name: `${dir}testdata/${f.name}`, bytes: Buffer.from(f.content) });
    }
    return true;
  };
  for (const name of config.judge_extra_files ?? []) {
    const f = p.checker.kind === 'special' ? p.checker.files?.find((c) => c.name === name) : undefined;
    if (f) written.set(f.name, f.content);
  }
  config.type =
    j.type === 'interactive' ? 'interactive' : j.type === 'output-only' ? 'submit_answer' : 'default';
  if (j.interactor) {
    config.interactor = 'interactor.cc';
    out.push({ name: `${dir}testdata/interactor.cc`, bytes: Buffer.from(j.interactor.source) });
    const names = (j.interactor.files ?? []).map((f) => f.name);
    const clashing = (j.interactor.files ?? []).filter((f) => !put(f, '交互程序的附加'));
    if (names.length) {
      ours.checker_files = config.judge_extra_files ?? [];
      config.judge_extra_files = [...new Set([...ours.checker_files, ...names])];
    }
    ours.interactor = {
      files: names,
      ...(j.interactor.protocol ? { protocol: j.interactor.protocol } : {}),
      ...(clashing.length ? { clashing } : {}),
    };
  }
  if (j.file_io) {
    const base = j.file_io.input.replace(/\.in$/, '');
    if (j.file_io.input === `${base}.in` && j.file_io.output === `${base}.out`) config.filename = base;
    else
      warnings.push(
        `题目 ${p.problem_id} 的输入输出文件名（${j.file_io.input}、${j.file_io.output}）HydroOJ 无法表示，只有本站能读回`,
      );
  }
  if (j.grader) {
    const clashing = j.grader.files.filter((f) => !put(f, '评测程序（grader）'));
    config.user_extra_files = j.grader.files.map((f) => f.name);
    ours.grader = {
      files: config.user_extra_files,
      ...(clashing.length ? { clashing } : {}),
      ...(j.grader.submission_name ? { submission_name: j.grader.submission_name } : {}),
      ...(j.grader.includes_submission !== undefined
        ? { includes_submission: j.grader.includes_submission }
        : {}),
    };
  }
  config.subtasks = hydroSubtasks(j.scoring, all);
  return ours;
}

function hydroSubtasks(scoring: ScoringInput | null, all: number[]): HydroConfig['subtasks'] {
  if (!scoring) return [{ score: 100, cases: all.map(testName) }];
  if (scoring.subtasks?.length)
    return scoring.subtasks.map((st, i) => ({
      id: i + 1,
      score: st.points,
      type: st.scoring ?? 'min',
      ...(st.dependencies?.length ? { if: st.dependencies } : {}),
      cases: st.tests.map(testName),
    }));
  const points = scoring.test_points ?? [];
  const full = scoring.full_score ?? (points.length ? total(points) : 100);
  return [
    {
      score: full,
      type: 'sum',
      cases: all.map((n) => ({
        ...testName(n),
        ...(points[n - 1] !== undefined ? { score: points[n - 1] } : {}),
      })),
    },
  ];
}
