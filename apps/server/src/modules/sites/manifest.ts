import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One entry of Vite's build manifest (`build.manifest`): a source module and what it became. */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** What a page's first load needs beyond the entry: its scripts (to preload) and stylesheets. */
export interface PageAssets {
  scripts: string[];
  styles: string[];
}

/**
 * The built site's module graph (dist/.vite/manifest.json), for the HTML of a route to name every
 * script its page chunk will import: the browser then fetches them all at once with the entry,
 * instead of learning of each from the one before (on a slow link one round trip each). A build
 * without a manifest gives nothing to preload, never an error.
 */
export class SiteManifest {
  private constructor(private readonly chunks: Manifest) {}

  static read(dist: string): SiteManifest {
    try {
      return new SiteManifest(
        JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest,
      );
    } catch {
      return new SiteManifest({});
    }
  }

  /**
   * The scripts and stylesheets of the module `src` (a path from the site's root, e.g.
   * `src/pages/home/HomePage.tsx`) and of everything it imports statically, without what the
   * entries load anyway.
   */
  pageAssets(src: string): PageAssets {
    const entryFiles = new Set<string>();
    for (const chunk of Object.values(this.chunks))
      if (chunk.isEntry)
        this.walk(chunk, new Set(), (c) => {
          entryFiles.add(c.file);
          for (const css of c.css ?? []) entryFiles.add(css);
        });
    const scripts: string[] = [];
    const styles: string[] = [];
    const root = this.chunks[src];
    if (!root) return { scripts, styles };
    this.walk(root, new Set(), (c) => {
      if (!entryFiles.has(c.file)) scripts.push(`/${c.file}`);
      for (const css of c.css ?? []) if (!entryFiles.has(css)) styles.push(`/${css}`);
    });
    return { scripts, styles: [...new Set(styles)] };
  }

  /** The built file of a module or asset whose source path ends so (e.g. KaTeX's stylesheet), or null. */
  fileOf(srcSuffix: string): string | null {
    for (const [key, chunk] of Object.entries(this.chunks))
      if (key.endsWith(srcSuffix)) return `/${chunk.file}`;
    return null;
  }

  private walk(chunk: ManifestChunk, seen: Set<string>, visit: (c: ManifestChunk) => void): void {
    if (seen.has(chunk.file)) return;
    seen.add(chunk.file);
    visit(chunk);
    for (const key of chunk.imports ?? []) {
      const next = this.chunks[key];
      if (next) this.walk(next, seen, visit);
    }
  }
}
