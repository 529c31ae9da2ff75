import { createHash, randomUUID, webcrypto } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import type { ReadStream } from 'node:fs';
import { mkdir, open as openFile, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { TestDataStore } from '@oj/judge';

const SHA256 = /^[0-9a-f]{64}$/;

/**
 * Test files by sha256 of their content, stored once whatever the number of problems using them.
 * Kept apart from the public files of `/api/files` on purpose: hidden test data must never be
 * served to anyone who can guess a hash (a short answer like "3\n" is trivially guessable); only
 * admins (through the problem) and judge workers (with the judge token) read it. The judge engine
 * reads the files in place through `judgeStore()`.
 */
export class TestDataStorage {
  constructor(private readonly root: string) {
    mkdirSync(root, { recursive: true });
  }

  private file(sha256: string): string {
    if (!SHA256.test(sha256)) throw new Error(`invalid test data hash ${sha256}`);
    return join(this.root, sha256.slice(0, 2), sha256);
  }

  put(bytes: Buffer): string {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const file = this.file(sha256);
    if (!existsSync(file)) {
      mkdirSync(dirname(file), { recursive: true });
      // Write aside then rename: a judge never reads half a file under its final name.
      const tmp = `${file}.${randomUUID()}.tmp`;
      writeFileSync(tmp, bytes);
      renameSync(tmp, file);
    }
    return sha256;
  }

  /**
   * `put` off the event loop, for large test sets (a problem import may store hundreds of MiB):
   * the hash is computed on libuv's thread pool (Web Crypto) and the file written asynchronously.
   */
  async putAsync(bytes: Buffer): Promise<string> {
    const sha256 = Buffer.from(await webcrypto.subtle.digest('SHA-256', bytes)).toString('hex');
    const file = this.file(sha256);
    if (!existsSync(file)) {
      await mkdir(dirname(file), { recursive: true });
      const tmp = `${file}.${randomUUID()}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, file);
    }
    return sha256;
  }

  has(sha256: string): boolean {
    return SHA256.test(sha256) && existsSync(this.file(sha256));
  }

  read(sha256: string): Promise<Buffer> {
    return readFile(this.file(sha256));
  }

  /** The first `bytes` bytes of a file (a preview of a large test without reading all of it). */
  async head(sha256: string, bytes: number): Promise<Buffer> {
    const fh = await openFile(this.file(sha256), 'r');
    try {
      const buf = Buffer.alloc(bytes);
      const { bytesRead } = await fh.read(buf, 0, bytes, 0);
      return buf.subarray(0, bytesRead);
    } finally {
      await fh.close();
    }
  }

  open(sha256: string): ReadStream {
    return createReadStream(this.file(sha256));
  }

  /** The judge engine's view: a path on this host for a hash. */
  judgeStore(): TestDataStore {
    return {
      path: async (sha256) => {
        if (!this.has(sha256)) throw new Error(`test data ${sha256} is missing from the store`);
        return this.file(sha256);
      },
    };
  }
}
