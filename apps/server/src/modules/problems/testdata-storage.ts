import { createHash, webcrypto } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { join } from 'node:path';
import { saveVerified, type TestDataStore } from '@oj/judge';
import type { ObjectStore } from '../files';

const SHA256 = /^[0-9a-f]{64}$/;

/** The object key of a test file (`testdata/<first two hex>/<sha256>`, as on disk before). */
export function testDataKey(sha256: string): string {
  if (!SHA256.test(sha256)) throw new Error(`invalid test data hash ${sha256}`);
  return `testdata/${sha256.slice(0, 2)}/${sha256}`;
}

/**
 * Test files by sha256 of their content, stored once whatever the number of problems using them.
 * Kept apart from the public files of `/api/files` on purpose: hidden test data must never be
 * served to anyone who can guess a hash (a short answer like "3\n" is trivially guessable); only
 * admins (through the problem) and judge workers (with the judge token) read it. The bytes are in
 * the object store (local disk or S3); the judge engine reads them as files of this host through
 * `judgeStore()`: in place on the local disk, else from a local cache filled from the store.
 */
export class TestDataStorage {
  private readonly inflight = new Map<string, Promise<string>>();

  constructor(
    readonly objects: ObjectStore,
    /** Where test files fetched from a remote store are kept (content never changes for a hash). */
    private readonly cacheDir: string,
  ) {}

  async put(bytes: Buffer): Promise<string> {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await this.store(sha256, bytes);
    return sha256;
  }

  /**
   * `put` off the event loop, for large test sets (a problem import may store hundreds of MiB):
   * the hash is computed on libuv's thread pool (Web Crypto) and the file written asynchronously.
   */
  async putAsync(bytes: Buffer): Promise<string> {
    const sha256 = Buffer.from(await webcrypto.subtle.digest('SHA-256', bytes)).toString('hex');
    await this.store(sha256, bytes);
    return sha256;
  }

  private async store(sha256: string, bytes: Buffer): Promise<void> {
    const key = testDataKey(sha256);
    if (!(await this.objects.exists(key))) await this.objects.put(key, bytes, 'application/octet-stream');
  }

  async has(sha256: string): Promise<boolean> {
    return SHA256.test(sha256) && this.objects.exists(testDataKey(sha256));
  }

  read(sha256: string): Promise<Buffer> {
    return this.objects.read(testDataKey(sha256));
  }

  /** The first `bytes` bytes of a file (a preview of a large test without reading all of it). */
  async head(sha256: string, bytes: number): Promise<Buffer> {
    const size = (await this.objects.stat(testDataKey(sha256)))?.size ?? 0;
    if (size === 0) return Buffer.alloc(0);
    const chunks: Buffer[] = [];
    const stream = await this.objects.get(testDataKey(sha256), { start: 0, end: Math.min(bytes, size) - 1 });
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks).subarray(0, bytes);
  }

  open(sha256: string): Promise<Readable> {
    return this.objects.get(testDataKey(sha256));
  }

  /** An expiring direct URL of a test file when the store can make one (S3), else null. */
  presign(sha256: string, expiresIn: number): Promise<string | null> {
    return this.objects.presign(testDataKey(sha256), { expiresIn, contentType: 'application/octet-stream' });
  }

  /** The judge engine's view: a path on this host for a hash. */
  judgeStore(): TestDataStore {
    return {
      path: async (sha256) => {
        if (!SHA256.test(sha256)) throw new Error(`invalid test data hash ${sha256}`);
        const local = this.objects.localPath(testDataKey(sha256));
        if (local) {
          if (!existsSync(local)) throw new Error(`test data ${sha256} is missing from the store`);
          return local;
        }
        return this.cached(sha256);
      },
    };
  }

  /** The cached copy of a test file of a remote store, downloaded once (concurrent asks share it). */
  private cached(sha256: string): Promise<string> {
    const file = join(this.cacheDir, sha256.slice(0, 2), sha256);
    if (existsSync(file)) return Promise.resolve(file);
    let pending = this.inflight.get(sha256);
    if (!pending) {
      pending = this.fetch(sha256, file).finally(() => this.inflight.delete(sha256));
      this.inflight.set(sha256, pending);
    }
    return pending;
  }

  private async fetch(sha256: string, file: string): Promise<string> {
    const source = await this.objects.get(testDataKey(sha256)).catch((err: unknown) => {
      throw new Error(`test data ${sha256} is missing from the store`, { cause: err });
    });
    // Checked before it is trusted: a store could hand back other bytes than were put.
    return saveVerified(source, sha256, file);
  }
}
