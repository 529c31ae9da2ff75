import { closeSync, constants, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, open, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A directory the boxed program (an unprivileged uid) may write. Its parent is private to us, so
 * world-writable here exposes nothing to other users of the host.
 */
export async function makeBoxDir(parent: string, prefix: string): Promise<string> {
  await mkdir(parent, { recursive: true, mode: 0o700 });
  const dir = await mkdtemp(join(parent, prefix));
  await chmod(dir, 0o777);
  return dir;
}

/** Start of a file, at most `max` bytes, as UTF-8 (invalid sequences replaced). */
export async function readHead(path: string, max: number): Promise<string> {
  try {
    const fh = await open(path, 'r');
    try {
      const buf = Buffer.alloc(max);
      const { bytesRead } = await fh.read(buf, 0, max, 0);
      return buf.subarray(0, bytesRead).toString('utf8');
    } finally {
      await fh.close();
    }
  } catch {
    return '';
  }
}

/** End of a file, at most `max` bytes (runtime errors print their reason last). */
export async function readTail(path: string, max: number): Promise<string> {
  try {
    const size = (await stat(path)).size;
    const fh = await open(path, 'r');
    try {
      const start = Math.max(0, size - max);
      const buf = Buffer.alloc(Math.min(max, size));
      const { bytesRead } = await fh.read(buf, 0, buf.length, start);
      return buf.subarray(0, bytesRead).toString('utf8');
    } finally {
      await fh.close();
    }
  } catch {
    return '';
  }
}

/**
 * Start of a file a box left behind (copied back from it), at most `max` bytes; undefined unless it
 * is a regular file: a symlink the program planted is never followed.
 */
export async function readRegularHead(path: string, max: number): Promise<string | undefined> {
  try {
    const fh = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    try {
      if (!(await fh.stat()).isFile()) return undefined;
      const buf = Buffer.alloc(max);
      const { bytesRead } = await fh.read(buf, 0, max, 0);
      return buf.subarray(0, bytesRead).toString('utf8');
    } finally {
      await fh.close();
    }
  } catch {
    return undefined;
  }
}

export async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

export async function fileSize(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

export const readText = (path: string) => readFile(path, 'utf8');

/** Size of a file, 0 if it is missing (synchronous: one stat of a local file). */
export function fileSizeSync(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** Start of a small local file, at most `max` bytes, synchronously; '' if it cannot be read. */
export function readHeadSync(path: string, max: number): string {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return '';
  }
  try {
    const buf = Buffer.alloc(max);
    const n = readSync(fd, buf, 0, max, 0);
    return buf.subarray(0, n).toString('utf8');
  } catch {
    return '';
  } finally {
    closeSync(fd);
  }
}

/** End of a small local file, at most `max` bytes, synchronously (one open, stat, read). */
export function readTailSync(path: string, max: number): string {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return '';
  }
  try {
    const size = statSync(path).size;
    const buf = Buffer.alloc(Math.min(max, size));
    const n = readSync(fd, buf, 0, buf.length, Math.max(0, size - max));
    return buf.subarray(0, n).toString('utf8');
  } catch {
    return '';
  } finally {
    closeSync(fd);
  }
}

/** Whole text of a file; synchronously when it is small (no thread-pool hop), else asynchronously. */
export async function readTextFast(path: string, syncBelow = 1 << 20): Promise<string> {
  const size = fileSizeSync(path);
  if (size < syncBelow) {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      // Missing, or not readable: the asynchronous read reports it as the caller expects.
    }
  }
  return readFile(path, 'utf8');
}
