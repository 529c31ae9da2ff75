import yauzl from 'yauzl';
import yazl from 'yazl';
import { PROBLEM_LIMITS } from '@oj/shared';
import { badRequest, tooLarge } from '../../lib/errors';
import { UPLOAD_FIELD } from '../../lib/upload';

export interface TestPair {
  input: Buffer;
  output: Buffer;
  /** Its number in an uploaded zip (`N` of N.in / N.out), for messages naming the file. */
  name?: string;
}

/** `N.in` / `N.out`, optionally inside one top-level folder (what zipping a folder gives). */
const ENTRY = /^(?:([^/]+)\/)?(\d{1,4})\.(in|out)$/;
const IGNORED = /^(?:__MACOSX\/|.*\/?\.DS_Store$)/;
const mib = (n: number) => `${Math.round(n / 1024 / 1024)} MiB`;

/**
 * Reads an uploaded zip of test data with the checks an attacker would probe: entry names (only
 * N.in / N.out, no path traversal, no absolute paths), entry count, and sizes — declared sizes are
 * checked before anything is inflated and actual bytes are counted while inflating, so a zip bomb
 * is stopped at the limit, never expanded in memory.
 */
export interface ZipLimits {
  testCountMax: number;
  testFileMaxBytes: number;
  testTotalMaxBytes: number;
}

/**
 * A zip read entry by entry, strict about names and sizes; not a zip: a refusal naming the upload.
 * Backslashes in entry names are read as folder separators (zips made by older Windows tools write
 * `tests\1.in`): the name is then checked like any other, so `..\x` is still refused by name.
 */
async function openZip(bytes: Buffer): Promise<yauzl.ZipFile> {
  try {
    return await yauzl.fromBufferPromise(bytes, {
      lazyEntries: true,
      strictFileNames: false,
      validateEntrySizes: true,
    });
  } catch {
    throw badRequest('文件不是有效的 zip 文件', UPLOAD_FIELD);
  }
}

export async function readTestZip(bytes: Buffer, limits: ZipLimits = PROBLEM_LIMITS): Promise<TestPair[]> {
  const zip = await openZip(bytes);
  const maxEntries = limits.testCountMax * 2 + 20;
  if (zip.entryCount > maxEntries) {
    zip.close();
    throw badRequest(`文件中的文件过多（最多 ${limits.testCountMax} 组测试数据）`, UPLOAD_FIELD);
  }
  const files = new Map<number, { in?: Buffer; out?: Buffer }>();
  let folder: string | undefined;
  let total = 0;
  try {
    for (;;) {
      const entry = await nextEntry(zip);
      if (!entry) break;
      const name = entry.fileName;
      if (name.endsWith('/') || IGNORED.test(name)) continue;
      const invalid = yauzl.validateFileName(name);
      const m = ENTRY.exec(name);
      if (invalid || !m || name.includes('..')) {
        throw badRequest(`文件中的「${name}」不合法：只能包含 N.in 与 N.out（N 为编号）`, UPLOAD_FIELD);
      }
      if (folder !== undefined && folder !== (m[1] ?? ''))
        throw badRequest('文件中的测试数据必须放在同一个文件夹里', UPLOAD_FIELD);
      folder = m[1] ?? '';
      if (entry.isEncrypted()) throw badRequest(`文件中的「${name}」已加密，无法读取`, UPLOAD_FIELD);
      if (entry.uncompressedSize > limits.testFileMaxBytes) {
        throw tooLarge(`文件中的「${name}」超过 ${mib(limits.testFileMaxBytes)}`, UPLOAD_FIELD);
      }
      total += entry.uncompressedSize;
      if (total > limits.testTotalMaxBytes) {
        throw tooLarge(`文件解压后超过 ${mib(limits.testTotalMaxBytes)}`, UPLOAD_FIELD);
      }
      const n = Number(m[2]);
      const slot = files.get(n) ?? {};
      const kind = m[3] as 'in' | 'out';
      if (slot[kind]) throw badRequest(`文件中的「${name}」重复`, UPLOAD_FIELD);
      slot[kind] = await readEntry(zip, entry, name, limits.testFileMaxBytes);
      files.set(n, slot);
    }
  } finally {
    zip.close();
  }
  if (files.size === 0) throw badRequest('文件中没有测试数据（需要 1.in、1.out …）', UPLOAD_FIELD);
  if (files.size > limits.testCountMax) {
    throw badRequest(`文件中的测试数据过多（最多 ${limits.testCountMax} 组）`, UPLOAD_FIELD);
  }
  const numbers = [...files.keys()].sort((a, b) => a - b);
  return numbers.map((n) => {
    const pair = files.get(n)!;
    if (!pair.in) throw badRequest(`文件中缺少 ${n}.in`, UPLOAD_FIELD);
    if (!pair.out) throw badRequest(`文件中缺少 ${n}.out`, UPLOAD_FIELD);
    return { input: pair.in, output: pair.out, name: String(n) };
  });
}

/** Limits of a whole archive read by `readArchive` (a problem package: statements, tests, files). */
export interface ArchiveLimits {
  entriesMax: number;
  fileMaxBytes: number;
  totalMaxBytes: number;
}

export interface ArchiveFile {
  /** The entry's path inside the zip, `/`-separated, never absolute, never with `..`. */
  name: string;
  bytes: Buffer;
}

/**
 * Reads every file of a zip with the same checks as the test-data zip (no traversal, no absolute
 * paths, backslashes read as folders, entry count, declared sizes checked before inflating and
 * actual bytes counted while inflating), for any file names: the problem import reads packages.
 * Folders, `__MACOSX/` and `.DS_Store` are skipped.
 */
export async function readArchive(bytes: Buffer, limits: ArchiveLimits): Promise<ArchiveFile[]> {
  const zip = await openZip(bytes);
  if (zip.entryCount > limits.entriesMax) {
    zip.close();
    throw badRequest(`压缩包中的文件过多（最多 ${limits.entriesMax} 个）`, UPLOAD_FIELD);
  }
  const out: ArchiveFile[] = [];
  let total = 0;
  try {
    for (;;) {
      const entry = await nextEntry(zip);
      if (!entry) break;
      const name = entry.fileName;
      if (name.endsWith('/') || IGNORED.test(name)) continue;
      if (yauzl.validateFileName(name) || name.split('/').includes('..')) {
        throw badRequest(`压缩包中的「${name}」路径不合法`, UPLOAD_FIELD);
      }
      if (entry.isEncrypted()) throw badRequest(`压缩包中的「${name}」已加密，无法读取`, UPLOAD_FIELD);
      if (entry.uncompressedSize > limits.fileMaxBytes) {
        throw tooLarge(`压缩包中的「${name}」超过 ${mib(limits.fileMaxBytes)}`, UPLOAD_FIELD);
      }
      total += entry.uncompressedSize;
      if (total > limits.totalMaxBytes)
        throw tooLarge(`压缩包解压后超过 ${mib(limits.totalMaxBytes)}`, UPLOAD_FIELD);
      out.push({ name, bytes: await readEntry(zip, entry, name, limits.fileMaxBytes) });
    }
  } finally {
    zip.close();
  }
  return out;
}

/** Writes files into a zip (problem export). */
export async function writeArchive(files: ArchiveFile[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const f of files) zip.addBuffer(f.bytes, f.name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (e: yauzl.Entry) => {
      cleanup();
      resolve(e);
    };
    const onEnd = () => {
      cleanup();
      resolve(null);
    };
    const onError = () => {
      cleanup();
      reject(badRequest('文件不是有效的 zip 文件', UPLOAD_FIELD));
    };
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}

async function readEntry(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  name: string,
  maxBytes: number,
): Promise<Buffer> {
  const stream = await zip.openReadStreamPromise(entry).catch(() => {
    throw badRequest(`文件中的「${name}」无法解压`, UPLOAD_FIELD);
  });
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      // yauzl also checks the declared size; this keeps memory bounded even if that check changes.
      if (size > entry.uncompressedSize || size > maxBytes) {
        stream.destroy();
        throw badRequest(`文件中的「${name}」大小与声明不符`, UPLOAD_FIELD);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (err) {
    if (err instanceof Error && err.name === 'AppError') throw err;
    throw badRequest(`文件中的「${name}」已损坏，无法解压`, UPLOAD_FIELD);
  }
  return Buffer.concat(chunks);
}

/** The test data as a zip of N.in / N.out (what `admin/testCaseFile/get` downloads). */
export async function writeTestZip(pairs: { input: Buffer; output: Buffer }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  pairs.forEach((p, i) => {
    zip.addBuffer(p.input, `${i + 1}.in`);
    zip.addBuffer(p.output, `${i + 1}.out`);
  });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
