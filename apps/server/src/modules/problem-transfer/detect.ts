import { PROBLEM_LIMITS, type ImportFormat } from '@oj/shared';
import { badRequest } from '../../lib/errors';
import { type ArchiveLimits, readArchive } from '../problems';
import { looksLikeFps, parseFps } from './fps';
import { isHydro, parseHydro } from './hydro';
import type { RawProblem } from './model';
import { PackageFiles } from './package-files';
import { isPolygon, parsePolygon } from './polygon';
import { isQduoj, parseQduoj } from './qduoj';

/** A package holds many problems, each up to the test data limits; all of it at most this, unpacked. */
export const PACKAGE_LIMITS: ArchiveLimits = {
  entriesMax: 4000,
  fileMaxBytes: PROBLEM_LIMITS.testFileMaxBytes,
  totalMaxBytes: PROBLEM_LIMITS.testTotalMaxBytes,
};

/** Most problems one import may create. */
export const IMPORT_PROBLEMS_MAX = 100;

const isZip = (b: Buffer) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b;

/** The format of an upload, decided by its content (never by its name), and its problems parsed. */
export async function parsePackage(
  bytes: Buffer,
  limits: ArchiveLimits = PACKAGE_LIMITS,
): Promise<{ format: ImportFormat; problems: RawProblem[] }> {
  let found: { format: ImportFormat; problems: RawProblem[] };
  if (looksLikeFps(bytes)) found = { format: 'fps', problems: parseFps(bytes) };
  else if (isZip(bytes)) {
    const files = new PackageFiles(await readArchive(bytes, limits));
    if (isHydro(files)) found = { format: 'hydro', problems: parseHydro(files) };
    else if (isQduoj(files)) found = { format: 'qduoj', problems: parseQduoj(files) };
    else if (isPolygon(files)) found = { format: 'polygon', problems: parsePolygon(files) };
    else {
      throw badRequest(
        '无法识别的压缩包：需要 HydroOJ（problem.yaml）、QDUOJ（problem.json）或 Polygon（problem.xml）题目包',
        'file',
      );
    }
  } else throw badRequest('无法识别的文件：请上传 zip 题目包或 FPS XML 文件', 'file');
  if (!found.problems.length) throw badRequest('文件中没有题目', 'file');
  if (found.problems.length > IMPORT_PROBLEMS_MAX) {
    throw badRequest(
      `一次最多导入 ${IMPORT_PROBLEMS_MAX} 道题目（文件中有 ${found.problems.length} 道）`,
      'file',
    );
  }
  return found;
}
