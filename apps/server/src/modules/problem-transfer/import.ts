import type { ImportResult } from '@oj/shared';
import { AppError } from '../../lib/errors';
import type { TransferDeps } from './deps';
import { parsePackage } from './detect';
import { type RawProblem, toProblemInput } from './model';

/**
 * Imports every problem of an uploaded package, each hidden until an admin publishes it. Each
 * problem is written in one transaction with its tests; one that fails is left out (its reason in
 * `warnings`) and the others still come in. Images are stored through the files module and linked.
 */
export async function importPackage(d: TransferDeps, bytes: Buffer): Promise<ImportResult> {
  const { format, problems } = await parsePackage(bytes);
  const imported: number[] = [];
  const warnings: string[] = [];
  for (const raw of problems) {
    try {
      await storeImages(d, raw);
      const { input, error } = toProblemInput(raw);
      if (!input) {
        warnings.push(`「${raw.label}」未导入：${error}`);
        continue;
      }
      if (!raw.tests.length) raw.warnings.push('没有测试数据：请在题目管理中上传测试数据后再公开');
      const id = await d.problems.addWithTests(input, raw.tests);
      imported.push(id);
      warnings.push(...raw.warnings.map((w) => `「${raw.label}」（${id}）：${w}`));
    } catch (err) {
      // The problems before it are in: an unexpected failure of one (a lost database connection,
      // a concurrent id) must not turn the whole answer into an error that hides them.
      warnings.push(
        `「${raw.label}」未导入：${err instanceof AppError ? err.message : '保存时出错，请稍后重新导入这道题'}`,
      );
    }
  }
  return { format, imported, warnings };
}

async function storeImages(d: TransferDeps, raw: RawProblem): Promise<void> {
  for (const img of raw.images) {
    let url: string;
    try {
      url = await d.files.saveImage(img.bytes);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      raw.warnings.push(`图片「${img.ref}」无法识别（${err.message}），未导入`);
      continue;
    }
    // Polygon names images as markdown links `](pic.png)`; the others by the exact reference.
    const to = img.ref.startsWith('](') ? `](${url})` : url;
    raw.description = raw.description.split(img.ref).join(to);
  }
}
