import { JURY_LIMITS, type ValidatorChecked, type ValidatorInput } from '@oj/shared';
import { badRequest, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { parseJson } from '../problems';
import type { JuryDeps } from './deps';
import * as repo from './repo';
import type { JuryValidatorRow } from './tables';

type Files = { name: string; content: string }[];

/** The stored validator as the judge runs it. */
const runnable = (row: JuryValidatorRow) => ({
  source: row.source,
  files: parseJson<Files>(row.files, []),
  protocol: row.protocol === 'kattis' ? ('kattis' as const) : ('testlib' as const),
});

/** Refusals named in one upload's message at most (the validator runs until then). */
const NAMED_MAX = 5;
const cut = (text: string, n = 200) => (text.length > n ? `${text.slice(0, n)}…` : text);

/** One test input of an upload, named as the admin knows it (`3.in`, 第 3 组的输入). */
export interface NamedInput {
  name: string;
  input: Buffer;
}

/**
 * Checks the inputs of a test upload with the problem's validator, if it has one, before anything
 * is stored: an input it refuses refuses the whole upload, naming the file and the validator's
 * message (nothing changes). A validator that cannot run refuses it too (what it would let in is
 * unknown).
 */
export async function checkInputs(d: JuryDeps, problemId: number, inputs: NamedInput[]): Promise<void> {
  const validator = await repo.validatorOf(d.db, problemId);
  if (!validator || !inputs.length) return;
  const r = await d.validate(
    runnable(validator),
    inputs.map((t) => t.input),
    { stopAfterInvalid: NAMED_MAX },
  );
  if (!r.ok) throw badRequest(`输入校验器无法运行，测试数据未保存：${cut(r.message, 500)}`);
  const refused = r.inputs.flatMap((v, i) => (v.valid ? [] : [`${inputs[i].name}：${cut(v.message)}`]));
  if (refused.length) throw badRequest(`测试数据未通过输入校验，未保存：${refused.join('；')}`, 'file');
}

/**
 * Sets a problem's validator: compiled first (a validator that does not compile is refused), then
 * run on the tests the problem has now, which are reported, not changed. Files kept with an imported
 * validator (its own testlib.h) stay with it.
 */
export async function setValidator(
  d: JuryDeps,
  problemId: number,
  input: ValidatorInput,
): Promise<ValidatorChecked> {
  if (!(await d.problems.row(problemId))) throw notFound(`题目 ${problemId} 不存在`);
  const before = await repo.validatorOf(d.db, problemId);
  const files = before ? parseJson<Files>(before.files, []) : [];
  const pairs = await d.problems.testPairs(problemId);
  const r = await d.validate(
    { source: input.source, files, protocol: input.protocol },
    pairs.map((p) => p.input),
    { stopAfterInvalid: 20 },
  );
  if (!r.ok) throw badRequest(cut(r.message, 2000), 'source');
  await repo.saveValidator(d.db, {
    problem_id: problemId,
    language: input.language,
    source: input.source,
    protocol: input.protocol,
    files: JSON.stringify(files),
    update_time: nowIso(),
  });
  return {
    checked: pairs.length,
    invalid: r.inputs.flatMap((v, i) => (v.valid ? [] : [{ index: i + 1, message: cut(v.message) }])),
  };
}

export async function removeValidator(d: JuryDeps, problemId: number): Promise<void> {
  if (!(await repo.deleteValidator(d.db, problemId))) throw notFound(`题目 ${problemId} 没有输入校验器`);
}

/** A validator as a package brings it (the importers' RawProblem.validators). */
export interface PackagedValidator {
  name?: string;
  /** Ours when we run the language; only C++ validators are kept. */
  language?: string | null;
  protocol?: 'testlib' | 'kattis';
  source: string;
  files?: Files;
}

/**
 * For the importer: keeps a package's validator with the problem it has just created, when it is
 * C++ and compiles (a Polygon testlib validator, a Kattis `input_validators/` program: exit 42 =
 * valid). Answers a warning in Chinese when it was left out, else null.
 */
export async function saveImportedValidator(
  d: JuryDeps,
  problemId: number,
  validator: PackagedValidator,
): Promise<string | null> {
  const label = validator.name ? `「${cut(validator.name, 100)}」` : '';
  if ((validator.language ?? 'C++') !== 'C++') return `输入校验器${label}不是 C++ 程序，未保存`;
  if (!validator.source.trim() || validator.source.length > JURY_LIMITS.validatorMaxChars)
    return `输入校验器${label}未保存：代码为空或超过 256 KiB`;
  const protocol = validator.protocol === 'kattis' ? 'kattis' : 'testlib';
  const files = validator.files ?? [];
  const r = await d.validate({ source: validator.source, files, protocol }, [], {});
  if (!r.ok) return `输入校验器${label}未保存：${cut(r.message)}`;
  await repo.saveValidator(d.db, {
    problem_id: problemId,
    language: 'C++',
    source: validator.source,
    protocol,
    files: JSON.stringify(files),
    update_time: nowIso(),
  });
  return null;
}
