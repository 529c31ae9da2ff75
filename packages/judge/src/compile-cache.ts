import { createHash, randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import { cp, lstat, mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Language } from '@oj/shared';
import type { CompileStep } from './languages';

/**
 * Content-addressed cache of successful compiles: the key is a hash of (language, compiler
 * command and environment, the compiler binary and the files bound in, such as the precompiled
 * header, with their modification times, and the source), so a rejudge of a whole contest or an
 * identical resubmission skips compiling, and upgrading the toolchain or rebuilding the header
 * misses. Each entry is `<root>/<key>/` holding the work dir as the compiler left it (`files/`)
 * and its messages (`message.txt`); entries are written aside and renamed into place, so several
 * processes may share the root. Bounded in bytes: the least recently used entries go first.
 * What the compiler left is as untrusted as any output of the box; it is only ever bound
 * read-only into later boxes, as a fresh compile's would be.
 */
export class CompileCache {
  private index: Map<string, { bytes: number; usedAt: number }> | undefined;
  private loading: Promise<void> | undefined;
  private readonly inflight = new Map<string, Promise<unknown>>();

  constructor(
    readonly root: string,
    readonly maxBytes: number,
  ) {}

  key(language: Language, step: CompileStep, source: string): string {
    const stamp = (path: string) => {
      try {
        const st = statSync(path);
        return `${st.size}:${st.mtimeMs}`;
      } catch {
        return 'missing';
      }
    };
    const binds = step.readOnlyBinds.map((b) => [b.host, b.box, stamp(b.host), treeStamp(b.host)]);
    return createHash('sha256')
      .update(JSON.stringify([language, step.argv, step.env, binds, stamp(step.argv[0]), source]))
      .digest('hex');
  }

  /** Copies a cached compile into `workDir`; its messages, or null on a miss. */
  async restore(key: string, workDir: string): Promise<{ message: string } | null> {
    const dir = join(this.root, key);
    try {
      const message = await readFile(join(dir, 'message.txt'), 'utf8');
      await cp(join(dir, 'files'), workDir, { recursive: true, force: true, verbatimSymlinks: true });
      const now = new Date();
      await utimes(dir, now, now).catch(() => undefined); // recently used: evicted last
      const index = await this.loadIndex();
      const entry = index.get(key);
      if (entry) entry.usedAt = now.getTime();
      return { message };
    } catch {
      return null; // not there, or evicted by another process meanwhile
    }
  }

  /** Keeps a successful compile of `workDir` under `key` (never throws: a cache is optional). */
  async store(key: string, workDir: string, message: string): Promise<void> {
    try {
      const bytes = await treeBytes(workDir);
      if (bytes > this.maxBytes / 8) return; // one huge build would push everything else out
      const index = await this.loadIndex();
      if (index.has(key)) return;
      const tmp = join(this.root, `.${key}.${randomUUID()}`);
      await mkdir(tmp, { recursive: true, mode: 0o700 });
      await cp(workDir, join(tmp, 'files'), { recursive: true, verbatimSymlinks: true });
      await writeFile(join(tmp, 'message.txt'), message);
      try {
        await rename(tmp, join(this.root, key));
      } catch {
        await rm(tmp, { recursive: true, force: true }); // another process stored it first
        return;
      }
      index.set(key, { bytes, usedAt: Date.now() });
      await this.evict(index);
    } catch {
      // Out of disk, a race with another process: the next compile simply misses.
    }
  }

  /** One compile per key at a time in this process: identical submissions judged at once share it. */
  once<T>(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.inflight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const p = work().finally(() => this.inflight.delete(key));
    this.inflight.set(key, p);
    return p;
  }

  private async evict(index: Map<string, { bytes: number; usedAt: number }>): Promise<void> {
    let total = [...index.values()].reduce((s, e) => s + e.bytes, 0);
    if (total <= this.maxBytes) return;
    const oldest = [...index.entries()].sort((a, b) => a[1].usedAt - b[1].usedAt);
    for (const [key, entry] of oldest) {
      if (total <= this.maxBytes * 0.9) break;
      index.delete(key);
      total -= entry.bytes;
      await rm(join(this.root, key), { recursive: true, force: true });
    }
  }

  private async loadIndex(): Promise<Map<string, { bytes: number; usedAt: number }>> {
    if (this.index) return this.index;
    this.loading ??= (async () => {
      const index = new Map<string, { bytes: number; usedAt: number }>();
      await mkdir(this.root, { recursive: true, mode: 0o700 });
      for (const name of await readdir(this.root)) {
        if (!/^[0-9a-f]{64}$/.test(name)) {
          if (name.startsWith('.')) await rm(join(this.root, name), { recursive: true, force: true }); // a crashed store
          continue;
        }
        const dir = join(this.root, name);
        const st = await stat(dir).catch(() => null);
        if (st) index.set(name, { bytes: await treeBytes(dir), usedAt: st.mtimeMs });
      }
      this.index = index;
    })();
    await this.loading;
    return this.index ?? new Map<string, { bytes: number; usedAt: number }>();
  }
}

/** Newest modification time in a directory's first level (the precompiled header's folder). */
function treeStamp(path: string): string {
  try {
    const st = statSync(path);
    if (!st.isDirectory()) return '';
    return String(st.mtimeMs);
  } catch {
    return '';
  }
}

/** Bytes of the regular files under a directory, symlinks not followed. */
async function treeBytes(dir: string): Promise<number> {
  let total = 0;
  const visit = async (path: string): Promise<void> => {
    const st = await lstat(path).catch(() => null);
    if (!st) return;
    if (st.isDirectory())
      for (const name of await readdir(path).catch(() => [])) await visit(join(path, name));
    else if (st.isFile()) total += st.size;
  };
  await visit(dir);
  return total;
}

const caches = new Map<string, CompileCache>();

/**
 * The cache under `<cacheRoot>/compiled`, `OJ_JUDGE_COMPILE_CACHE_MB` megabytes at most (default
 * 256; 0 turns it off).
 */
export function compileCacheAt(cacheRoot: string): CompileCache | null {
  const mb = Number(process.env.OJ_JUDGE_COMPILE_CACHE_MB ?? 256);
  if (!Number.isFinite(mb) || mb <= 0) return null;
  const root = join(cacheRoot, 'compiled');
  let cache = caches.get(root);
  if (!cache) {
    cache = new CompileCache(root, mb * 1024 * 1024);
    caches.set(root, cache);
  }
  return cache;
}
