import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** One stored object as listed: its key (`files/ab/<sha256>.png`, `testdata/ab/<sha256>` …) and size. */
export interface ObjectInfo {
  key: string;
  size: number;
}

/** An inclusive byte range of an object (HTTP `Range: bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface PresignOptions {
  /** Seconds the URL stays valid. */
  expiresIn: number;
  /** Content-Type the store answers with. */
  contentType?: string;
  /** Offered file name (Content-Disposition: attachment). */
  filename?: string;
  /** When the URL counts as made (default now; its expiry runs from then). */
  signedAt?: Date;
}

/**
 * Where every file of the site lives, by key: the local disk (`LocalObjectStore`, the default) or an
 * S3-compatible store (`S3ObjectStore`, when `OJ_STORAGE_URL` is set). Keys are relative paths with
 * `/`; the same key names the same bytes in both, so an install can be moved from one to the other
 * (`npm run storage -- push|pull`, storage-cli.ts).
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** Where the objects are, for logs and the move command (never with credentials). */
  readonly description: string;
  put(key: string, body: Buffer, contentType?: string): Promise<void>;
  /** Streams a file of this host into the store (large uploads: videos, imports). */
  putFile(key: string, path: string, contentType?: string): Promise<void>;
  /** Size of the object, or null when there is none. */
  stat(key: string): Promise<{ size: number } | null>;
  exists(key: string): Promise<boolean>;
  /** The bytes (or the range of them); throws `ObjectNotFound` when there is no such object. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  read(key: string): Promise<Buffer>;
  /** Copies the object to a file of this host (written aside, then renamed). */
  download(key: string, path: string): Promise<void>;
  /**
   * An expiring URL that serves the object directly with Range support, or null when the store
   * cannot make one (the local disk: the server keeps serving those bytes itself).
   */
  presign(key: string, options: PresignOptions): Promise<string | null>;
  /** Every object whose key starts with `prefix`, in key order. */
  list(prefix?: string): AsyncIterable<ObjectInfo>;
  delete(key: string): Promise<void>;
  /** The file of this key on this host, when the store is the local disk (the judge reads in place). */
  localPath(key: string): string | null;
}

export class ObjectNotFound extends Error {
  constructor(readonly key: string) {
    super(`object ${key} does not exist`);
    this.name = 'ObjectNotFound';
  }
}

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

export function checkKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((p) => p === '..' || p === '.'))
    throw new Error(`invalid object key ${JSON.stringify(key)}`);
  return key;
}

/** The local disk: a key is a path under `root` (the data directory). */
export class LocalObjectStore implements ObjectStore {
  readonly kind = 'local' as const;
  readonly description: string;

  constructor(private readonly root: string) {
    mkdirSync(root, { recursive: true });
    this.description = root;
  }

  localPath(key: string): string {
    return join(this.root, ...checkKey(key).split('/'));
  }

  put(key: string, body: Buffer): Promise<void> {
    return this.writeAside(key, (tmp) => writeFile(tmp, body));
  }

  putFile(key: string, path: string): Promise<void> {
    return this.writeAside(key, (tmp) => copyFile(path, tmp));
  }

  /** Write aside then rename: a reader never sees half a file under its final name. */
  private async writeAside(key: string, write: (tmp: string) => Promise<void>): Promise<void> {
    const file = this.localPath(key);
    await mkdir(dirname(file), { recursive: true });
    const tmp = `${file}.${randomUUID()}.tmp`;
    try {
      await write(tmp);
      await rename(tmp, file);
    } finally {
      await rm(tmp, { force: true });
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const s = await stat(this.localPath(key));
      return s.isFile() ? { size: s.size } : null;
    } catch (err) {
      if ((err as { code?: string }).code === 'ENOENT') return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return existsSync(this.localPath(key));
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.localPath(key);
    if (!existsSync(file)) throw new ObjectNotFound(key);
    return createReadStream(file, range);
  }

  async read(key: string): Promise<Buffer> {
    try {
      return await readFile(this.localPath(key));
    } catch (err) {
      if ((err as { code?: string }).code === 'ENOENT') throw new ObjectNotFound(key);
      throw err;
    }
  }

  download(key: string, path: string): Promise<void> {
    return downloadTo(this, key, path);
  }

  async presign(): Promise<null> {
    return null;
  }

  async *list(prefix = ''): AsyncIterable<ObjectInfo> {
    // Walk only the folder the prefix names (`files/`, `testdata/ab` …), in key order.
    const cut = prefix.lastIndexOf('/');
    const base = cut < 0 ? '' : prefix.slice(0, cut);
    const start = base ? join(this.root, ...base.split('/')) : this.root;
    for await (const file of walk(start)) {
      const key = relative(this.root, file).split(sep).join('/');
      if (!key.startsWith(prefix) || !KEY.test(key) || /\.(tmp|part)$/.test(key)) continue;
      const s = await stat(file).catch(() => null);
      if (s?.isFile()) yield { key, size: s.size };
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.localPath(key), { force: true });
  }
}

async function* walk(dir: string): AsyncIterable<string> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT' || (err as { code?: string }).code === 'ENOTDIR') return;
    throw err;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) yield* walk(path);
    else if (e.isFile()) yield path;
  }
}

/** Credentials of the S3 store: OJ_STORAGE_* first, then the usual AWS_* variables. */
export interface StorageCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** `OJ_STORAGE_URL` parsed: `s3://bucket/prefix?endpoint=…&region=…&forcePathStyle=1`. */
export interface S3Location {
  bucket: string;
  prefix: string;
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
}

export function parseStorageUrl(url: string): S3Location {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`OJ_STORAGE_URL 无效：${url}`);
  }
  if (u.protocol !== 's3:' || !u.hostname) throw new Error(`OJ_STORAGE_URL 必须形如 s3://桶名/前缀：${url}`);
  if (u.username || u.password)
    throw new Error('OJ_STORAGE_URL 不能包含密钥，请使用 OJ_STORAGE_ACCESS_KEY_ID 等变量');
  const prefix = decodeURIComponent(u.pathname).replace(/^\/+|\/+$/g, '');
  const flag = u.searchParams.get('forcePathStyle') ?? '';
  return {
    bucket: u.hostname,
    prefix: prefix ? `${prefix}/` : '',
    endpoint: u.searchParams.get('endpoint') || undefined,
    region: u.searchParams.get('region') || 'us-east-1',
    forcePathStyle: flag === '1' || flag === 'true',
  };
}

type S3Sdk = typeof import('@aws-sdk/client-s3');
type S3Client = InstanceType<S3Sdk['S3Client']>;

/**
 * An S3-compatible store through the AWS SDK v3, loaded on first use only (the SDK costs several
 * MiB of memory that an install on the local disk never pays).
 */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3' as const;
  readonly description: string;
  private sdk: Promise<{ s3: S3Sdk; client: S3Client }> | null = null;

  constructor(
    readonly location: S3Location,
    private readonly credentials: StorageCredentials | null,
  ) {
    this.description = `s3://${location.bucket}/${location.prefix}${location.endpoint ? ` (${location.endpoint})` : ''}`;
  }

  private load() {
    this.sdk ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: this.location.region,
        endpoint: this.location.endpoint,
        forcePathStyle: this.location.forcePathStyle,
        credentials: this.credentials ?? undefined,
        // Checksums only where S3 requires them: many S3-compatible servers refuse the newer
        // aws-chunked uploads with trailing checksums.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return this.sdk;
  }

  private key(key: string): string {
    return this.location.prefix + checkKey(key);
  }

  localPath(): null {
    return null;
  }

  async put(key: string, body: Buffer, contentType?: string): Promise<void> {
    const { s3, client } = await this.load();
    await client.send(
      new s3.PutObjectCommand({
        Bucket: this.location.bucket,
        Key: this.key(key),
        Body: body,
        ContentType: contentType,
      }),
    );
  }

  async putFile(key: string, path: string, contentType?: string): Promise<void> {
    const { s3, client } = await this.load();
    const { size } = await stat(path);
    await client.send(
      new s3.PutObjectCommand({
        Bucket: this.location.bucket,
        Key: this.key(key),
        Body: createReadStream(path),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  }

  async stat(key: string): Promise<{ size: number } | null> {
    const { s3, client } = await this.load();
    try {
      const head = await client.send(
        new s3.HeadObjectCommand({ Bucket: this.location.bucket, Key: this.key(key) }),
      );
      return { size: head.ContentLength ?? 0 };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const { s3, client } = await this.load();
    try {
      const res = await client.send(
        new s3.GetObjectCommand({
          Bucket: this.location.bucket,
          Key: this.key(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return res.Body as Readable;
    } catch (err) {
      if (isNotFound(err)) throw new ObjectNotFound(key);
      throw err;
    }
  }

  async read(key: string): Promise<Buffer> {
    return streamToBuffer(await this.get(key));
  }

  download(key: string, path: string): Promise<void> {
    return downloadTo(this, key, path);
  }

  async presign(key: string, options: PresignOptions): Promise<string> {
    const [{ s3, client }, { getSignedUrl }] = await Promise.all([
      this.load(),
      import('@aws-sdk/s3-request-presigner'),
    ]);
    const command = new s3.GetObjectCommand({
      Bucket: this.location.bucket,
      Key: this.key(key),
      ResponseContentType: options.contentType,
      ResponseContentDisposition: options.filename
        ? `attachment; filename*=UTF-8''${encodeURIComponent(options.filename)}`
        : undefined,
    });
    return getSignedUrl(client, command, { expiresIn: options.expiresIn, signingDate: options.signedAt });
  }

  async *list(prefix = ''): AsyncIterable<ObjectInfo> {
    const { s3, client } = await this.load();
    let token: string | undefined;
    do {
      const page = await client.send(
        new s3.ListObjectsV2Command({
          Bucket: this.location.bucket,
          Prefix: this.location.prefix + prefix,
          ContinuationToken: token,
        }),
      );
      for (const o of page.Contents ?? [])
        if (o.Key) yield { key: o.Key.slice(this.location.prefix.length), size: o.Size ?? 0 };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async delete(key: string): Promise<void> {
    const { s3, client } = await this.load();
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.location.bucket, Key: this.key(key) }));
  }

  /** Closes the SDK's sockets (the move command, tests). */
  async close(): Promise<void> {
    if (this.sdk) (await this.sdk).client.destroy();
  }
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/** The store of a configuration: S3 when `storageUrl` is set, the data directory otherwise. */
export function openObjectStore(opts: {
  dataDir: string;
  storageUrl: string;
  credentials: StorageCredentials | null;
}): ObjectStore {
  if (!opts.storageUrl) return new LocalObjectStore(opts.dataDir);
  return new S3ObjectStore(parseStorageUrl(opts.storageUrl), opts.credentials);
}

/** Reads OJ_STORAGE_ACCESS_KEY_ID / OJ_STORAGE_SECRET_ACCESS_KEY, else AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY. */
export function storageCredentialsFrom(env: NodeJS.ProcessEnv): StorageCredentials | null {
  const id = (env.OJ_STORAGE_ACCESS_KEY_ID ?? env.AWS_ACCESS_KEY_ID ?? '').trim();
  const secret = (env.OJ_STORAGE_SECRET_ACCESS_KEY ?? env.AWS_SECRET_ACCESS_KEY ?? '').trim();
  return id && secret ? { accessKeyId: id, secretAccessKey: secret } : null;
}

/** Drains a stream into memory (small objects: images of an export …). */
export async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** An object copied to a file of this host: written aside, then renamed (never half a file). */
async function downloadTo(store: ObjectStore, key: string, path: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${randomUUID()}.part`;
  try {
    await pipeline(await store.get(key), createWriteStream(tmp));
    await rename(tmp, path);
  } finally {
    await rm(tmp, { force: true });
  }
}
