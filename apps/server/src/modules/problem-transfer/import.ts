import { AppError } from '../../lib/errors';
import type { TransferDeps } from './deps';
import { makeGeneratedTests } from './generated-tests';
import { type RawProblem, toProblemInput } from './model';

/** How a problem is named in warnings and refusals: its title, cut to a title's length. */
export const labelOf = (raw: RawProblem) => raw.label.slice(0, 100);

/**
 * Stores one parsed problem, hidden until an admin publishes it: the tests its package describes
 * by generator commands made first (generated-tests.ts; a stop meanwhile leaves the problem out),
 * its images through the files module (the statement then links them), then the problem with its
 * test set in one transaction (`problems.addWithTests`: never half a problem), the importing
 * admin as its author. A problem our rules refuse, or one whose store fails, is left out: its
 * reason goes to `warnings` and the import goes on with the next.
 */
export async function storeProblem(
  d: TransferDeps,
  raw: RawProblem,
  warnings: string[],
  authorId: number,
  signal?: AbortSignal,
): Promise<{ problem_id: number; title: string } | null> {
  const label = labelOf(raw);
  try {
    await makeGeneratedTests(d, raw, signal);
    if (signal?.aborted) {
      warnings.push(`「${label}」未导入：服务器停止时它的测试点正在生成`);
      return null;
    }
    await storeImages(d, raw);
    const { input, error } = toProblemInput(raw);
    if (!input) {
      warnings.push(`「${label}」未导入：${error}`);
      return null;
    }
    if (!raw.tests.length) raw.warnings.push('没有测试数据：请在题目管理中上传测试数据后再公开');
    const id = await d.problems.addWithTests(input, raw.tests, authorId);
    await storeJury(d, id, raw);
    warnings.push(...raw.warnings.map((w) => `「${label}」（${id}）：${w}`));
    return { problem_id: id, title: input.chinese_name };
  } catch (err) {
    // The problems before it are in: an unexpected failure of one (a lost database connection,
    // a concurrent id) must not hide them; the import says which one failed.
    warnings.push(
      `「${label}」未导入：${err instanceof AppError ? err.message : '保存时出错，请稍后重新导入这道题'}`,
    );
    return null;
  }
}

/**
 * The package's labelled solutions (judged at once) and its input validator: one per problem here,
 * the first one in C++ (checktestdata or VIVA files are not programs we run).
 */
async function storeJury(d: TransferDeps, id: number, raw: RawProblem): Promise<void> {
  if (raw.solutions?.length) raw.warnings.push(...(await d.jury.saveJurySolutions(id, raw.solutions)).warnings);
  const all = raw.validators ?? [];
  const validator = all.find((v) => v.language === 'C++');
  if (!validator) {
    if (all.length) raw.warnings.push(`输入校验器「${all[0].name}」不是 C++ 程序，未保存`);
    return;
  }
  const refused = await d.jury.saveValidator(id, validator);
  if (refused) raw.warnings.push(refused);
  else if (all.length > 1)
    raw.warnings.push(`题目包有 ${all.length} 个输入校验器，本站每题只用一个：已保存「${validator.name}」`);
}

async function storeImages(d: TransferDeps, raw: RawProblem): Promise<void> {
  for (const img of raw.images) {
    let url: string;
    try {
      url = await d.files.saveImage(img.bytes);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      raw.warnings.push(`图片「${img.ref.slice(0, 100)}」无法识别（${err.message}），未导入`);
      continue;
    }
    // Polygon names images as markdown links `](pic.png)`; the others by the exact reference.
    const to = img.ref.startsWith('](') ? `](${url})` : url;
    raw.description = raw.description.split(img.ref).join(to);
  }
}
