// First-load JavaScript of the user site's `/` and of the management site: the entry script plus every
// module it preloads, as the browser downloads them (gzip level 9). Run after `vite build`:
//   npx tsx apps/web/bench/bundle.ts
import { readFileSync, existsSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// OJ_WEB_DIST: measure a build made elsewhere (`vite build --outDir …`), e.g. while others rebuild dist.
const dist = process.env.OJ_WEB_DIST ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

const kb = (n: number) => (n / 1024).toFixed(1);

/** Scripts and stylesheets an HTML entry makes the browser fetch before the first route chunk. */
function firstLoad(htmlPath: string) {
  const html = readFileSync(htmlPath, 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  let js = 0;
  let jsGz = 0;
  let css = 0;
  let cssGz = 0;
  for (const ref of new Set(refs)) {
    const buf = readFileSync(join(dist, ref));
    const gz = gzipSync(buf, { level: 9 }).length;
    if (ref.endsWith('.js')) {
      js += buf.length;
      jsGz += gz;
    } else {
      css += buf.length;
      cssGz += gz;
    }
  }
  return { files: new Set(refs).size, js, jsGz, css, cssGz };
}

if (!existsSync(join(dist, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npx vite build` in apps/web first');
  process.exit(1);
}

for (const [name, file] of [
  ['user site /', 'index.html'],
  ['management site /admin/', 'admin/index.html'],
] as const) {
  const r = firstLoad(join(dist, file));
  console.log(
    `${name}: first-load JS ${kb(r.jsGz)} KB gzip (${kb(r.js)} KB raw, ${r.files} files), CSS ${kb(r.cssGz)} KB gzip`,
  );
}

// `/` redirects to /home, whose page chunk (and what it imports statically) loads before anything shows.
const staticImports = (file: string) =>
  [
    ...readFileSync(join(dist, 'assets', file), 'utf8').matchAll(
      /(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g,
    ),
  ].map((m) => m[1]);
const gzSize = (f: string) => gzipSync(readFileSync(join(dist, 'assets', f)), { level: 9 }).length;

/** A page's first load: the entry scripts plus its page chunk and what they import statically. */
function pageFirstLoad(chunkPrefix: string): { gz: number; files: number; own: number } | null {
  const chunk = readdirSync(join(dist, 'assets')).find((f) => new RegExp(`^${chunkPrefix}-.*\\.js$`).test(f));
  if (!chunk) return null;
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const seen = new Set<string>();
  const stack = [...html.matchAll(/src="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]).concat(chunk);
  while (stack.length) {
    const f = stack.pop()!;
    if (!seen.has(f)) stack.push(...staticImports(f));
    seen.add(f);
  }
  const gz = [...seen].reduce((s, f) => s + gzSize(f), 0);
  return { gz, files: seen.size, own: gzSize(chunk) };
}
for (const [route, chunk] of [
  ['/home', 'HomePage'],
  ['/special', 'SpecialPage'],
  ['/introduction', 'IntroductionPage'],
  ['/game', 'GamePage'],
] as const) {
  const r = pageFirstLoad(chunk);
  if (r)
    console.log(
      `user site ${route} with its page chunk: first-load JS ${kb(r.gz)} KB gzip (${r.files} files)`,
    );
}

// Other pages opened directly (their address typed or bookmarked): the entry scripts plus the page's
// chunk and what it imports statically. Heavy parts they load later (KaTeX, highlight.js) are not counted.
for (const [route, chunk] of [
  ['/data-structure-animation', 'DataStructureAnimationPage'],
  ['/markdown', 'MarkdownEditorPage'],
] as const) {
  const r = pageFirstLoad(chunk);
  if (!r) {
    console.log(`user site ${route}: no page chunk ${chunk}`);
    continue;
  }
  console.log(
    `user site ${route} with its page chunk: first-load JS ${kb(r.gz)} KB gzip (${r.files} files; page chunk ${kb(r.own)} KB)`,
  );
}

const all = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const total = all.reduce(
  (s, f) => s + gzipSync(readFileSync(join(dist, 'assets', f)), { level: 9 }).length,
  0,
);
console.log(`all JS chunks: ${all.length} files, ${kb(total)} KB gzip`);

// Issue 15's pages: the entry, the page chunk and what they import statically (Ace and the player's
// editor load after, lazily: they are not in these figures).
for (const page of ['ReplayListPage', 'ReplayPlayerPage', 'SnippetsPage']) {
  const r = pageFirstLoad(page);
  if (r)
    console.log(
      `user site ${page}: first-load JS ${kb(r.gz)} KB gzip (${r.files} files; the page chunk ${kb(r.own)} KB)`,
    );
}
