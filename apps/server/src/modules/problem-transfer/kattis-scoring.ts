import type { ScoringInput, SubtaskInput } from '@oj/shared';
import { readYaml } from './limits';
import type { RawProblem } from './model';
import type { PackageFiles } from './package-files';
import { setJudging, subtask } from './judging';

/**
 * A Kattis scoring problem's scores as ours, as far as they map. Each folder directly under
 * `data/secret/` is a subtask: aggregation `min` → a min subtask worth `accept_score` (or the
 * 2023-07 `scoring.score`), `sum` (the default) → a sum subtask worth `accept_score` × its tests.
 * Secret tests outside folders are worth `accept_score` each; samples score nothing. Approximations,
 * each said in a warning: deeper folders belong to their top folder, `reject_score`, `range`,
 * `on_reject: continue` and aggregations other than sum / min are not ours, nor is a custom score
 * validator's `score.txt` (the tests count as passed or not).
 */

type X = Record<string, unknown>;
const obj = (v: unknown): X => (v && typeof v === 'object' && !Array.isArray(v) ? (v as X) : {});

interface GroupRules {
  accept: number;
  aggregation: string;
}

/** The rules of a folder: testdata.yaml / test_group.yaml there, over those of its parents. */
function rulesOf(files: PackageFiles, folder: string, parent: GroupRules, raw: RawProblem): GroupRules {
  const name = [`${folder}testdata.yaml`, `${folder}test_group.yaml`].find((n) => files.has(n));
  if (!name) return parent;
  const doc = obj(readYaml(files.doc(name), raw, name.slice(name.lastIndexOf('data/'))));
  const scoring = obj(doc.scoring);
  const flags = [doc.grader_flags ?? []].flat().join(' ').split(/\s+/).filter(Boolean);
  const aggregation =
    (typeof scoring.aggregation === 'string' ? scoring.aggregation : undefined) ??
    flags.find((f) => ['sum', 'min', 'max', 'avg', 'first_error', 'worst_error'].includes(f)) ??
    parent.aggregation;
  const accept = Number(scoring.score ?? doc.accept_score ?? parent.accept);
  const where = name.slice(name.lastIndexOf('data/'));
  if (doc.reject_score !== undefined && Number(doc.reject_score) !== 0)
    raw.warnings.push(`${where} 的 reject_score 未映射：未通过的测试点本站记 0 分`);
  if (doc.on_reject === 'continue' && aggregation === 'min')
    raw.warnings.push(`${where} 的 on_reject: continue 未映射`);
  if (doc.range !== undefined) raw.warnings.push(`${where} 的得分范围（range）未映射：按测试点得分计算`);
  return { accept: Number.isFinite(accept) && accept >= 0 ? accept : parent.accept, aggregation };
}

export function kattisScoring(
  files: PackageFiles,
  dir: string,
  paths: string[],
  raw: RawProblem,
  customScore: boolean,
): void {
  if (customScore)
    raw.warnings.push('输出校验器给出的得分（score.txt）未映射：每个测试点按通过 / 不通过计分');
  const secret = `${dir}data/secret/`;
  const top = rulesOf(
    files,
    secret,
    rulesOf(files, `${dir}data/`, { accept: 1, aggregation: 'sum' }, raw),
    raw,
  );
  if (top.aggregation !== 'sum')
    raw.warnings.push(`整题的计分方式「${top.aggregation}」未映射：本站把各子任务的得分相加`);
  const groups = new Map<string, number[]>();
  const loose: number[] = [];
  let deep = false;
  paths.forEach((path, i) => {
    if (!path.startsWith(secret)) return;
    const parts = path.slice(secret.length).split('/');
    if (parts.length === 1) return loose.push(i + 1);
    if (parts.length > 2) deep = true;
    groups.set(parts[0], [...(groups.get(parts[0]) ?? []), i + 1]);
  });
  if (deep) raw.warnings.push('data/secret 下多层嵌套的测试组已并入其最上层的测试组');
  if (!groups.size) {
    const test_points = paths.map((p) => (p.startsWith(secret) ? top.accept : 0));
    setJudging(raw, { scoring: { test_points, full_score: sum(test_points) || undefined } });
    return;
  }
  const subtasks: SubtaskInput[] = [];
  if (loose.length) subtasks.push(subtask(top.accept * loose.length, loose, 'sum'));
  for (const [name, tests] of groups) {
    const rules = rulesOf(files, `${secret}${name}/`, top, raw);
    const min = rules.aggregation === 'min';
    if (!min && rules.aggregation !== 'sum')
      raw.warnings.push(
        `测试组「${name.slice(0, 40)}」的计分方式「${rules.aggregation}」未映射，已按 sum 导入`,
      );
    subtasks.push(subtask(min ? rules.accept : rules.accept * tests.length, tests, min ? 'min' : 'sum'));
  }
  const scoring: ScoringInput = { subtasks };
  const total = sum(subtasks.map((s) => s.points));
  if (total > 0) scoring.full_score = total;
  setJudging(raw, { scoring });
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
