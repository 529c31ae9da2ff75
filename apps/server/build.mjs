// Builds the server to plain JavaScript: apps/server/src/main.ts and the workspace packages it uses
// (@oj/shared, @oj/judge, @oj/sandbox, @oj/seed-data) bundled into apps/server/dist/main.js by
// esbuild; npm packages stay outside the bundle and load from node_modules as they do from source.
// `npm start` runs the result with plain `node`: no TypeScript loader in the running server.
//
//   node apps/server/build.mjs [outdir]      (the bootstrap calls buildServer when sources changed)
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SERVER_DIST = join(ROOT, 'apps', 'server', 'dist');
/** What the bundle is made of: a change to any of these rebuilds it. */
export const SERVER_INPUTS = [
  'apps/server/src',
  'apps/server/build.mjs',
  'apps/server/package.json',
  'packages/shared',
  'packages/judge/src',
  'packages/judge/package.json',
  'packages/sandbox/src',
  'packages/sandbox/package.json',
  'packages/seed-data/src',
  'packages/seed-data/package.json',
  'package-lock.json',
  'tsconfig.base.json',
];

/** Our workspace packages are compiled into the bundle; every other bare import stays external. */
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@oj/') ? undefined : { external: true },
    );
  },
};

/**
 * Worker threads: each `*.worker.ts` under apps/server/src is bundled as its own entry beside
 * main.js (`<name>.worker.js`), and a source's `new URL('./<name>.worker.ts', import.meta.url)`
 * points there in the bundle (the problem import parses packages in one: issue 22).
 */
const WORKER_REF = /new URL\((['"])\.\/([\w.-]+)\.worker\.ts\1,\s*import\.meta\.url\)/;
function workerEntries() {
  const src = join(ROOT, 'apps', 'server', 'src');
  const entries = {};
  for (const f of readdirSync(src, { recursive: true })) {
    const name = String(f).split(sep).join('/');
    if (name.endsWith('.worker.ts')) entries[name.split('/').pop().slice(0, -3)] = join(src, name);
  }
  return entries;
}

/**
 * Files of ours find things next to them from `import.meta.url` (the sandbox helper binary, the
 * judge's testlib.h and caches, the seed content). In the bundle `import.meta.url` is main.js, so
 * each file's own URL is put back: the file's path relative to the bundle, resolved at run time,
 * which keeps the repository movable; a worker's URL is the bundled worker's, beside main.js.
 * `import.meta.dirname`/`filename` are refused rather than silently pointing at dist/.
 */
function keepModuleUrls(outdir) {
  return {
    name: 'keep-module-urls',
    setup(build) {
      build.onLoad({ filter: /\.tsx?$/ }, (args) => {
        if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        const source = readFileSync(args.path, 'utf8');
        if (/import\.meta\.(dirname|filename)/.test(source)) {
          return { errors: [{ text: 'use import.meta.url: the server build rewrites only that one' }] };
        }
        if (!source.includes('import.meta.url')) return undefined;
        const fromBundle = relative(outdir, args.path).split(sep).join('/');
        const ownUrl = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
        // One pass, so that the bundle's own import.meta.url written for a worker is kept.
        const contents = source.replace(
          new RegExp(`${WORKER_REF.source}|import\\.meta\\.url`, 'g'),
          (found, _quote, worker) =>
            worker ? `new URL(${JSON.stringify(`./${worker}.worker.js`)}, import.meta.url)` : ownUrl,
        );
        return {
          contents,
          loader: args.path.endsWith('x') ? 'tsx' : 'ts',
        };
      });
    },
  };
}

/** Bundles the server into `outdir` (default apps/server/dist); returns the entry file. */
export async function buildServer(outdir = SERVER_DIST) {
  const { build } = await import('esbuild');
  const target = `node${process.versions.node.split('.')[0]}`;
  await build({
    entryPoints: { main: join(ROOT, 'apps', 'server', 'src', 'main.ts'), ...workerEntries() },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target,
    sourcemap: 'linked',
    // Stack traces name the TypeScript files (node --enable-source-maps is set by scripts/start.mjs).
    sourcesContent: false,
    logLevel: 'warning',
    plugins: [externalNpmPackages, keepModuleUrls(outdir)],
  });
  return join(outdir, 'main.js');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const entry = await buildServer(process.argv[2] ? resolve(process.argv[2]) : SERVER_DIST);
  process.stdout.write(`built ${relative(process.cwd(), entry)}\n`);
}
