import { IMPORT_LIMITS, type ImportFormat } from '@oj/shared';
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
  entriesMax: IMPORT_LIMITS.entriesMax,
  fileMaxBytes: IMPORT_LIMITS.fileMaxBytes,
  totalMaxBytes: IMPORT_LIMITS.totalMaxBytes,
};

const isZip = (b: Buffer) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b;

/**
 * What kind of file an upload is, from its first bytes (cheap: it runs on the request path, so a
 * file that is neither a zip nor FPS XML is refused at once, before any job is made).
 */
export function sniffUpload(bytes: Buffer): 'zip' | 'fps' {
  if (looksLikeFps(bytes)) return 'fps';
  if (isZip(bytes)) return 'zip';
  throw badRequest('无法识别的文件：请上传 zip 题目包或 FPS XML 文件', 'file');
}

/**
 * The format of an upload, decided by its content (never by its name), and its problems parsed.
 * Every count and size the package declares is checked against IMPORT_LIMITS on the way
 * (limits.ts): a package over any of them is refused whole. CPU-heavy: the import runs it in a
 * worker thread (parse-thread.ts).
 */
export async function parsePackage(
  bytes: Buffer,
  limits: ArchiveLimits = PACKAGE_LIMITS,
): Promise<{ format: ImportFormat; problems: RawProblem[] }> {
  let found: { format: ImportFormat; problems: RawProblem[] };
  if (sniffUpload(bytes) === 'fps') found = { format: 'fps', problems: parseFps(bytes) };
  else {
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
  }
  if (!found.problems.length) throw badRequest('文件中没有题目', 'file');
  return found;
}
