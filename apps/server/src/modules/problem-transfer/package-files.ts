import type { ArchiveFile } from '../problems';
import { limitSize } from './limits';

/** The files of an unpacked package, by path, with the few lookups every format needs. */
export class PackageFiles {
  private readonly byName: Map<string, Buffer>;
  constructor(files: ArchiveFile[]) {
    this.byName = new Map(files.map((f) => [f.name, f.bytes]));
  }
  get(name: string): Buffer | undefined {
    return this.byName.get(name);
  }
  text(name: string): string | undefined {
    return this.byName
      .get(name)
      ?.toString('utf8')
      .replace(/^\uFEFF/, '');
  }
  /** A text the import parses (metadata, statement, checker), refused over the document limit. */
  doc(name: string): string | undefined {
    if (!this.byName.has(name)) return undefined;
    limitSize(this.size(name), `文件「${name}」`);
    return this.text(name);
  }
  size(name: string): number {
    return this.byName.get(name)?.length ?? 0;
  }
  has(name: string): boolean {
    return this.byName.has(name);
  }
  /** Paths under a folder (`dir` ends with `/` or is empty), in natural order. */
  under(dir: string): string[] {
    return [...this.byName.keys()].filter((n) => n.startsWith(dir)).sort(naturalCompare);
  }
  names(): string[] {
    return [...this.byName.keys()];
  }
  /** Folders (with trailing `/`, or '' for the root) that hold a file of that name. */
  foldersWith(file: string): string[] {
    return this.names()
      .filter((n) => n === file || n.endsWith(`/${file}`))
      .map((n) => n.slice(0, n.length - file.length))
      .sort(naturalCompare);
  }
}

/** `2.in` before `10.in`. */
export function naturalCompare(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

const IMAGE_EXT = /\.(png|jpe?g|gif|webp)$/i;
export const isImageName = (name: string) => IMAGE_EXT.test(name);
