import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ByteRange, ObjectStore, PresignOptions } from './object-store';

/**
 * Where file bytes live. Content-addressed by sha256: the same bytes are stored once, a name never
 * changes meaning (so responses can be cached forever), and test data can be fetched by hash. The
 * bytes go to the object store (local disk or S3) under `files/<first two hex>/<name>`.
 */
export interface Storage {
  put(bytes: Buffer, ext: string): Promise<{ sha256: string; name: string }>;
  exists(name: string): Promise<boolean>;
  /** Size of the file, or null when there is none (or the name is not one of ours). */
  stat(name: string): Promise<{ size: number } | null>;
  open(name: string, range?: ByteRange): Promise<Readable>;
  /** An expiring direct URL when the store can make one (S3), else null. */
  presign(name: string, options: PresignOptions): Promise<string | null>;
}

export const FILE_NAME = /^([a-f0-9]{64})\.([a-z0-9]{1,8})$/;

/** The object key of a stored file name. */
export function fileKey(name: string): string {
  if (!FILE_NAME.test(name)) throw new Error(`invalid file name ${name}`);
  return `files/${name.slice(0, 2)}/${name}`;
}

export class FileStorage implements Storage {
  constructor(
    readonly objects: ObjectStore,
    private readonly mimeOf: (ext: string) => string | undefined = () => undefined,
  ) {}

  async put(bytes: Buffer, ext: string): Promise<{ sha256: string; name: string }> {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const name = `${sha256}.${ext}`;
    const key = fileKey(name);
    if (!(await this.objects.exists(key))) await this.objects.put(key, bytes, this.mimeOf(ext));
    return { sha256, name };
  }

  async exists(name: string): Promise<boolean> {
    return FILE_NAME.test(name) && this.objects.exists(fileKey(name));
  }

  async stat(name: string): Promise<{ size: number } | null> {
    return FILE_NAME.test(name) ? this.objects.stat(fileKey(name)) : null;
  }

  open(name: string, range?: ByteRange): Promise<Readable> {
    return this.objects.get(fileKey(name), range);
  }

  presign(name: string, options: PresignOptions): Promise<string | null> {
    return this.objects.presign(fileKey(name), options);
  }
}
