import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ObjectInfo, ObjectStore } from './object-store';

/** The kinds of objects an install keeps, by key prefix (files, test data, videos). */
export const OBJECT_PREFIXES = ['files/', 'testdata/', 'videos/'] as const;

export interface MoveProgress {
  /** Objects looked at so far, of `total` on the source. */
  done: number;
  total: number;
  key: string;
  size: number;
  action: 'copied' | 'skipped';
}

export interface MoveResult {
  copied: number;
  skipped: number;
  bytes: number;
}

/**
 * Copies every object of `from` to `to` (`npm run storage -- push|pull`). Resumable: an object the
 * target already has under the same key with the same size is skipped, so a run stopped half way
 * (or run twice) copies only what is missing. Names are content hashes for files and test data
 * (same key, same bytes) and random for videos; each object is written whole or not at all.
 */
export async function copyObjects(
  from: ObjectStore,
  to: ObjectStore,
  options: { prefixes?: readonly string[]; onProgress?: (p: MoveProgress) => void; tmpDir: string },
): Promise<MoveResult> {
  const objects: ObjectInfo[] = [];
  for (const prefix of options.prefixes ?? OBJECT_PREFIXES)
    for await (const o of from.list(prefix)) objects.push(o);
  const result: MoveResult = { copied: 0, skipped: 0, bytes: 0 };
  let done = 0;
  for (const o of objects) {
    const there = await to.stat(o.key);
    let action: MoveProgress['action'] = 'skipped';
    if (there?.size === o.size) result.skipped++;
    else {
      await copyOne(from, to, o.key, options.tmpDir);
      result.copied++;
      result.bytes += o.size;
      action = 'copied';
    }
    options.onProgress?.({ done: ++done, total: objects.length, key: o.key, size: o.size, action });
  }
  return result;
}

async function copyOne(from: ObjectStore, to: ObjectStore, key: string, tmpDir: string): Promise<void> {
  // A file on this host is streamed as it is; a remote object goes through a temporary file, so
  // a large video is never held whole in memory.
  const local = from.localPath(key);
  if (local) return to.putFile(key, local);
  const target = to.localPath(key);
  if (target) return from.download(key, target);
  const tmp = join(tmpDir, `${process.pid}-${key.replace(/\//g, '_')}`);
  try {
    await from.download(key, tmp);
    await to.putFile(key, tmp);
  } finally {
    await rm(tmp, { force: true });
  }
}
