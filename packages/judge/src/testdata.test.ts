import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTestDataStore, LocalFilesStore } from './testdata';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

describe('LocalFilesStore', () => {
  it('finds files by their content hash', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'oj-store-'));
    await writeFile(join(dir, 'a.in'), '1 2\n');
    const store = new LocalFilesStore();
    const hash = await store.add(join(dir, 'a.in'));
    expect(hash).toBe(sha('1 2\n'));
    expect(await store.path(hash)).toBe(join(dir, 'a.in'));
    await expect(store.path(sha('other'))).rejects.toThrow(/not known/);
    await rm(dir, { recursive: true });
  });
});

describe('HttpTestDataStore', () => {
  const files = new Map([
    [sha('hello\n'), 'hello\n'],
    [sha('liar'), 'not what the hash says'],
  ]);
  let server: Server;
  let url: string;
  let requests = 0;
  let cache: string;

  beforeAll(async () => {
    cache = await mkdtemp(join(tmpdir(), 'oj-cache-'));
    server = createServer((req, res) => {
      requests++;
      const hash = req.url?.match(/^\/api\/judge\/testdata\/([0-9a-f]{64})$/)?.[1];
      if (req.headers.authorization !== 'Bearer secret') return void res.writeHead(401).end();
      if (!hash || !files.has(hash)) return void res.writeHead(404).end();
      res.writeHead(200).end(files.get(hash));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.close();
    await rm(cache, { recursive: true, force: true });
  });

  it('downloads once with the token, verifies and caches by hash', async () => {
    const store = new HttpTestDataStore(url, 'secret', cache);
    const before = requests;
    const [a, b] = await Promise.all([store.path(sha('hello\n')), store.path(sha('hello\n'))]);
    expect(a).toBe(b);
    expect(await readFile(a, 'utf8')).toBe('hello\n');
    expect(requests - before).toBe(1);
    // A new store (a restarted worker) finds the file on disk without asking again.
    await new HttpTestDataStore(url, 'secret', cache).path(sha('hello\n'));
    expect(requests - before).toBe(1);
  });

  it('rejects a wrong token, a missing file and content that does not match its hash', async () => {
    await expect(new HttpTestDataStore(url, 'wrong', cache).path(sha('x'))).rejects.toThrow(/401/);
    await expect(new HttpTestDataStore(url, 'secret', cache).path(sha('missing'))).rejects.toThrow(/404/);
    await expect(new HttpTestDataStore(url, 'secret', cache).path(sha('liar'))).rejects.toThrow(
      /arrived with hash/,
    );
    await expect(new HttpTestDataStore(url, 'secret', cache).path('../../etc/passwd')).rejects.toThrow(
      /invalid/,
    );
  });
});
