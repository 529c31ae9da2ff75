import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import type { ReadStream } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Where file bytes live. Content-addressed by sha256: the same bytes are stored once, a name never
 * changes meaning (so responses can be cached forever), and test data can be fetched by hash.
 */
export interface Storage {
  put(bytes: Buffer, ext: string): Promise<{ sha256: string; name: string }>;
  exists(name: string): boolean;
  open(name: string): ReadStream;
}

export const FILE_NAME = /^([a-f0-9]{64})\.([a-z0-9]{1,8})$/;

export class LocalStorage implements Storage {
  constructor(private readonly root: string) {
    mkdirSync(root, { recursive: true });
  }

  private path(name: string): string {
    if (!FILE_NAME.test(name)) throw new Error(`invalid file name ${name}`);
    return join(this.root, name.slice(0, 2), name);
  }

  async put(bytes: Buffer, ext: string): Promise<{ sha256: string; name: string }> {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const name = `${sha256}.${ext}`;
    const file = this.path(name);
    if (!existsSync(file)) {
      mkdirSync(dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file under its final name.
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      writeFileSync(tmp, bytes);
      renameSync(tmp, file);
    }
    return { sha256, name };
  }

  exists(name: string): boolean {
    return FILE_NAME.test(name) && existsSync(this.path(name));
  }

  open(name: string): ReadStream {
    return createReadStream(this.path(name));
  }
}
