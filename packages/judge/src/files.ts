import { chmod, lstat, mkdir, mkdtemp, open, readdir, readFile, stat } from 'node:fs/promises';
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

/** Bytes of all regular files under a directory (symlinks are not followed). */
export async function treeSize(dir: string): Promise<number> {
  let total = 0;
  const visit = async (path: string): Promise<void> => {
    const st = await lstat(path).catch(() => null);
    if (!st) return;
    if (st.isDirectory()) {
      for (const name of await readdir(path).catch(() => [])) await visit(join(path, name));
    } else if (st.isFile()) {
      total += st.size;
    }
  };
  await visit(dir);
  return total;
}
