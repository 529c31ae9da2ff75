import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { join } from 'node:path';
import { exists } from './files';

/**
 * Where the engine gets test files: by sha256 of their content, as a path on this host. The server
 * passes its own content-addressed storage; the CLI maps a local folder; a remote worker downloads.
 */
export interface TestDataStore {
  path(sha256: string): Promise<string>;
}

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Files already on this host, known by hash (the CLI hashes the test folder once). */
export class LocalFilesStore implements TestDataStore {
  private readonly byHash = new Map<string, string>();

  /** Hashes the file and remembers it; returns the hash. */
  async add(path: string): Promise<string> {
    const hash = await sha256File(path);
    this.byHash.set(hash, path);
    return hash;
  }

  async path(sha256: string): Promise<string> {
    const found = this.byHash.get(sha256);
    if (!found) throw new Error(`test data ${sha256} is not known to this store`);
    return found;
  }
}

const HASH = /^[0-9a-f]{64}$/;

/**
 * A remote worker's store: `GET <server>/api/judge/testdata/<sha256>` with the judge token, kept on
 * disk under `<cacheDir>/<first two hex>/<sha256>` forever (content never changes for a hash). The
 * body is verified against the hash before it is trusted, and concurrent asks share one download.
 */
export class HttpTestDataStore implements TestDataStore {
  private readonly inflight = new Map<string, Promise<string>>();

  constructor(
    private readonly serverUrl: string,
    private readonly token: string,
    private readonly cacheDir: string,
  ) {}

  async path(sha256: string): Promise<string> {
    if (!HASH.test(sha256)) throw new Error(`invalid test data hash: ${sha256}`);
    const file = join(this.cacheDir, sha256.slice(0, 2), sha256);
    if (await exists(file)) return file;
    let pending = this.inflight.get(sha256);
    if (!pending) {
      pending = this.download(sha256, file).finally(() => this.inflight.delete(sha256));
      this.inflight.set(sha256, pending);
    }
    return pending;
  }

  private async download(sha256: string, file: string): Promise<string> {
    const url = `${this.serverUrl.replace(/\/+$/, '')}/api/judge/testdata/${sha256}`;
    // The server may answer with a redirect (test data in object storage): follow it without the
    // bearer token, which is for the server only.
    let res = await fetch(url, { headers: { authorization: `Bearer ${this.token}` }, redirect: 'manual' });
    const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
    if (location) res = await fetch(new URL(location, url));
    if (!res.ok || !res.body) throw new Error(`GET ${url} answered ${res.status}`);
    await saveVerified(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), sha256, file);
    return file;
  }
}

/**
 * Writes the bytes of `sha256` from `source` to `file`: streamed to a side file while hashing (test
 * files can be large), checked, then renamed, so a crash or a source that hands back other bytes
 * never leaves a wrong or truncated file under a valid hash name.
 */
export async function saveVerified(source: Readable, sha256: string, file: string): Promise<string> {
  await mkdir(join(file, '..'), { recursive: true });
  const tmp = `${file}.${randomUUID()}.part`;
  const hash = createHash('sha256');
  try {
    await pipeline(
      source,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          hash.update(chunk);
          yield chunk;
        }
      },
      createWriteStream(tmp),
    );
    const actual = hash.digest('hex');
    if (actual !== sha256) throw new Error(`test data ${sha256} arrived with hash ${actual}`);
    await rename(tmp, file);
  } finally {
    await rm(tmp, { force: true });
  }
  return file;
}
