// Bootstrap shared by `npm start` and `npm test`: installs what is missing, builds what changed.
// Plain Node (no dependencies): it must run before node_modules exists.
import { createHash } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, readdirSync, statSync, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const STAMPS = join(ROOT, '.cache', 'stamps');
/** The workspaces as the root package.json lists them (in build order: shared first, web last). */
const WORKSPACES = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).workspaces;

export function log(message) {
  process.stdout.write(`[bootstrap] ${message}\n`);
}

export async function step(name, fn) {
  const started = Date.now();
  const result = await fn();
  const note = typeof result === 'string' ? ` (${result})` : '';
  log(`${name}: done in ${((Date.now() - started) / 1000).toFixed(1)} s${note}`);
  return result;
}

export function run(cmd, args, options = {}) {
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed with status ${res.status}`);
}

/** Hash of files under the given paths (recursive), skipping generated folders. */
export function hashPaths(paths) {
  const hash = createHash('sha256');
  const visit = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort()) {
        if (name === 'node_modules' || name === 'dist' || name === 'build' || name.startsWith('.')) continue;
        visit(join(p, name));
      }
    } else {
      hash.update(p.slice(ROOT.length));
      hash.update(readFileSync(p));
    }
  };
  paths.forEach((p) => visit(join(ROOT, p)));
  return hash.digest('hex');
}

/**
 * Runs `fn` only when the hash of `paths` (plus `extraKey`, e.g. a compiler version) differs from
 * the one recorded last time, or when `force` is set (an output went missing). `force` is not part
 * of the record, so the next run after a forced build is up to date again.
 */
export async function whenChanged(name, paths, fn, extraKey = '', force = false) {
  mkdirSync(STAMPS, { recursive: true });
  const stampFile = join(STAMPS, name);
  const digest = hashPaths(paths) + extraKey;
  if (!force && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === digest) return 'up to date';
  await fn();
  writeFileSync(stampFile, digest);
  return 'rebuilt';
}

export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function dpkgInstalled(pkg) {
  try {
    return execFileSync('dpkg-query', ['-W', '-f=${Status}', pkg], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).includes('install ok installed');
  } catch {
    return false;
  }
}

/** Installs missing Debian packages when running as root; otherwise says what is missing. */
export function ensureDebianPackages(packages) {
  if (!existsSync('/usr/bin/dpkg-query')) return 'not a Debian system, skipped';
  const missing = packages.filter((p) => !dpkgInstalled(p));
  if (missing.length === 0) return `all ${packages.length} present`;
  if (!isRoot()) {
    log(`missing Debian packages (run as root to install): ${missing.join(' ')}`);
    return 'missing packages not installed (not root)';
  }
  log(`installing Debian packages: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { env });
  return `installed ${missing.join(' ')}`;
}

/**
 * npm packages, installed as the lockfile says when node_modules is missing or the lockfile changed.
 * Not `npm ci`: the registry reachable here lacks some platform-only optional packages (rollup's
 * android/darwin builds), which `npm ci` counts as an out-of-sync lock; `npm install` skips them.
 * `--no-save` keeps the lockfile as committed.
 */
export async function ensureNodeModules() {
  const manifests = ['package.json', 'package-lock.json', ...WORKSPACES.map((w) => `${w}/package.json`)];
  return whenChanged(
    'node-modules',
    manifests,
    async () => {
      log('installing npm packages (npm install from the lockfile)');
      // `--include=dev`: a web node's environment has NODE_ENV=production (docs/deploy.md), which
      // would leave out what this install builds with (esbuild, vite) and fail the build.
      run('npm', ['install', '--include=dev', '--no-save', '--no-audit', '--no-fund', '--loglevel=error']);
    },
    // Part of the stamp: an install made before without the build tools is redone once.
    'include-dev',
    !existsSync(join(ROOT, 'node_modules')),
  );
}

/**
 * Workspace hooks: any workspace may ship `bootstrap.mjs` exporting
 *   `debianPackages: string[]` and `async build({ log, whenChanged, run, ROOT })`.
 * The judge's toolchains and the sandbox's native helper come in this way.
 */
export async function loadHooks() {
  const hooks = [];
  for (const dir of WORKSPACES) {
    const file = join(ROOT, dir, 'bootstrap.mjs');
    if (existsSync(file)) hooks.push({ dir, ...(await import(pathToFileURL(file).href)) });
  }
  return hooks;
}

/** Everything `npm start` and `npm test` need before the product can run. */
export async function bootstrap({ forTests = false } = {}) {
  const started = Date.now();
  await step('npm packages', ensureNodeModules);
  const hooks = await loadHooks();
  const debs = new Set(hooks.flatMap((h) => h.debianPackages ?? []));
  if (forTests) hooks.flatMap((h) => h.testDebianPackages ?? []).forEach((p) => debs.add(p));
  await step('Debian packages', () => ensureDebianPackages([...debs]));
  for (const hook of hooks) {
    if (typeof hook.build === 'function') {
      await step(`build ${hook.dir}`, () => hook.build({ log, whenChanged, run, ROOT, forTests }));
    }
  }
  log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
