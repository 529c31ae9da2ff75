// ESLint plugin `boundaries`: the dependency rules of DESIGN.md §1, checked on every import.
//
// Each rule resolves the import's specifier to a file of the repository (relative paths, and our
// workspace package names through their `exports`) and checks where it lands. Imports of npm
// packages are not ours and are never reported. Plain JavaScript so ESLint loads it as it is.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json', '.d.ts'];
const SERVER_SRC = 'apps/server/src/';
const MODULES = `${SERVER_SRC}modules/`;

/** Our workspaces by package name: { dir: 'packages/shared', exports: { './enums': … } }. */
function readWorkspaces() {
  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const byName = new Map();
  for (const dir of root.workspaces) {
    const manifest = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));
    const exports =
      typeof manifest.exports === 'string' ? { '.': manifest.exports } : (manifest.exports ?? {});
    byName.set(manifest.name, { dir, exports });
  }
  return byName;
}
const WORKSPACES = readWorkspaces();
const WORKSPACE_DIRS = [...WORKSPACES.values()].map((w) => w.dir);

const toPosix = (p) => p.split(sep).join('/');
const isFile = (p) => existsSync(p) && statSync(p).isFile();

/** The file a path names, as TypeScript and Vite find it: as is, with an extension, or its index. */
function resolveFile(path) {
  if (isFile(path)) return path;
  for (const ext of EXTENSIONS) if (isFile(path + ext)) return path + ext;
  if (/\.[cm]?js$/.test(path)) {
    const ts = path.replace(/\.([cm]?)js$/, '.$1ts');
    if (isFile(ts)) return ts;
  }
  if (existsSync(path) && statSync(path).isDirectory()) {
    for (const ext of EXTENSIONS) if (isFile(join(path, `index${ext}`))) return join(path, `index${ext}`);
  }
  return path; // not on disk (a planted import in a test, a generated file): judge it by its path
}

/** The target of an `exports` entry (a string, or conditions whose first string wins). */
function exportTarget(entry) {
  if (typeof entry === 'string') return entry;
  if (entry && typeof entry === 'object') {
    for (const value of Object.values(entry)) {
      const target = exportTarget(value);
      if (target) return target;
    }
  }
  return undefined;
}

/** Finds `./sub` in an `exports` map, `*` patterns included; undefined when not exported. */
function matchExport(exports, subpath) {
  if (subpath in exports) return exportTarget(exports[subpath]);
  for (const [key, value] of Object.entries(exports)) {
    const star = key.indexOf('*');
    if (star < 0) continue;
    const [before, after] = [key.slice(0, star), key.slice(star + 1)];
    if (subpath.startsWith(before) && subpath.endsWith(after) && subpath.length >= key.length - 1) {
      const target = exportTarget(value);
      return target?.replace('*', subpath.slice(before.length, subpath.length - after.length));
    }
  }
  return undefined;
}

/**
 * Where an import specifier leads: `{ path, byName, notExported }` with `path` relative to the
 * repository root (POSIX), or undefined for npm packages and Node built-ins.
 */
export function resolveImport(specifier, importer) {
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    const path = resolveFile(resolve(dirname(importer), specifier));
    return { path: toPosix(relative(ROOT, path)), byName: false };
  }
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  const workspace = WORKSPACES.get(name);
  if (!workspace) return undefined;
  const subpath = ['.', ...parts.slice(name.split('/').length)].join('/');
  const target = matchExport(workspace.exports, subpath);
  if (!target) return { path: `${workspace.dir}/${subpath.slice(2)}`, byName: true, notExported: true };
  const path = resolveFile(join(ROOT, workspace.dir, target));
  return { path: toPosix(relative(ROOT, path)), byName: true };
}

const workspaceOf = (rel) => WORKSPACE_DIRS.find((dir) => rel === dir || rel.startsWith(`${dir}/`));
const inside = (rel, dir) => rel.startsWith(`${dir}/`);
/** `apps/server/src/modules/<name>/…` → name; files directly in `modules/` belong to no module. */
function serverModuleOf(rel) {
  if (!rel.startsWith(MODULES)) return undefined;
  const rest = rel.slice(MODULES.length).split('/');
  return rest.length > 1 || !/\.[cm]?[jt]sx?$/.test(rest[0]) ? rest[0] : undefined;
}
/** `modules/<name>` (the folder: its index, written or yet to be) or `modules/<name>/index.*`. */
const isModuleEntry = (rel, name) =>
  rel === `${MODULES}${name}` || /^index(\.[cm]?[jt]sx?)?$/.test(rel.slice(`${MODULES}${name}/`.length));

/**
 * Builds a rule from `check(importerRel, target, options)`, which returns `[messageId, data]` for a
 * forbidden import or undefined. Every kind of import is checked: static, re-export, dynamic with a
 * literal, `import('…')` types and `import x = require('…')`.
 */
function importRule(description, messages, check, schema = []) {
  return {
    meta: { type: 'problem', docs: { description }, messages, schema },
    create(context) {
      const importer = context.filename;
      const importerRel = toPosix(relative(ROOT, importer));
      if (importerRel.startsWith('..')) return {};
      const options = context.options[0] ?? {};
      const visit = (node, source) => {
        if (!source || typeof source.value !== 'string') return;
        const target = resolveImport(source.value, importer);
        if (!target) return;
        const found = check(importerRel, target, options);
        if (found)
          context.report({ node, messageId: found[0], data: { specifier: source.value, ...found[1] } });
      };
      return {
        ImportDeclaration: (node) => visit(node, node.source),
        ExportAllDeclaration: (node) => visit(node, node.source),
        ExportNamedDeclaration: (node) => visit(node, node.source),
        ImportExpression: (node) => node.source.type === 'Literal' && visit(node, node.source),
        TSImportType: (node) => visit(node, node.argument?.literal ?? node.argument),
        TSExternalModuleReference: (node) => visit(node, node.expression),
      };
    },
  };
}

const moduleEntry = importRule(
  'A server module reaches another module only through its public entry (modules/<name>/index.ts).',
  {
    privateFile:
      "'{{specifier}}' reaches into module '{{target}}' past its public entry: import '{{entry}}' instead (boundaries/module-entry).",
  },
  (importer, target, options) => {
    const targetModule = serverModuleOf(target.path);
    if (!targetModule || isModuleEntry(target.path, targetModule)) return undefined;
    const importerModule = serverModuleOf(importer);
    if (importerModule === targetModule) return undefined;
    // Server source only: the benches measure internals on purpose, the other workspaces have their rules.
    if (!importer.startsWith(SERVER_SRC)) return undefined;
    // lib/ may not import a module at all: lib-no-modules says so, without pointing at an entry.
    if (importer.startsWith(`${SERVER_SRC}lib/`)) return undefined;
    if ((options.temporaryCrossModuleImports ?? []).includes(importer)) return undefined;
    const entry = toPosix(relative(dirname(importer), `${MODULES}${targetModule}`));
    return ['privateFile', { target: targetModule, entry: entry.startsWith('.') ? entry : `./${entry}` }];
  },
  [
    {
      type: 'object',
      properties: { temporaryCrossModuleImports: { type: 'array', items: { type: 'string' } } },
      additionalProperties: false,
    },
  ],
);

const libNoModules = importRule(
  'apps/server/src/lib knows no domain: it imports no module and not the composition root.',
  {
    module: "lib/ must not import '{{specifier}}': lib/ knows no domain module (boundaries/lib-no-modules).",
  },
  (importer, target) => {
    if (!importer.startsWith(`${SERVER_SRC}lib/`)) return undefined;
    const inLib = target.path.startsWith(`${SERVER_SRC}lib/`) || target.path.startsWith(`${SERVER_SRC}db/`);
    if (inside(target.path, 'apps/server') && !inLib) return ['module'];
    return undefined;
  },
);

/** Rules of the form "files of `from` may import nothing of ours in `forbidden`". */
function forbidRule(name, description, from, forbidden, explanation) {
  return importRule(
    description,
    {
      forbidden: `${from} must not import '{{specifier}}' ({{where}}): ${explanation} (boundaries/${name}).`,
    },
    (importer, target) => {
      if (!inside(importer, from)) return undefined;
      const where = forbidden(target.path);
      return where ? ['forbidden', { where }] : undefined;
    },
  );
}

/** Anything of ours outside `own`: another workspace, scripts/, tools/. */
const oursOutside = (own) => (path) =>
  inside(path, own) ? undefined : (workspaceOf(path) ?? path.split('/')[0]);
const oneOf = (dirs) => (path) => dirs.find((dir) => inside(path, dir));

const sharedImportsNothing = forbidRule(
  'shared-imports-nothing',
  'packages/shared depends on nothing of ours.',
  'packages/shared',
  oursOutside('packages/shared'),
  'the contract depends on nothing of ours',
);
const sandboxIndependent = forbidRule(
  'sandbox-independent',
  'packages/sandbox knows nothing of judging or of the product.',
  'packages/sandbox',
  oneOf(['packages/judge', 'apps/server', 'apps/web']),
  'the sandbox knows nothing of judging or of the product',
);
const judgeNoServer = forbidRule(
  'judge-no-server',
  'packages/judge uses the sandbox and the contract, never the server (remote workers run without it).',
  'packages/judge',
  oneOf(['apps/server', 'apps/web']),
  'a remote judge worker runs without the server',
);
const sitesNoServer = forbidRule(
  'sites-no-server',
  'The sites reach the server only over HTTP.',
  'apps/web/src',
  oneOf(['apps/server']),
  'the sites reach the server only over HTTP, the contract is in @oj/shared',
);
const noScripts = importRule(
  'Product code (apps/, packages/) never imports scripts/: scripts are for people, not for the running product.',
  {
    scripts:
      "'{{specifier}}' is in scripts/: product code must not import scripts (move what it needs into a workspace) (boundaries/no-scripts).",
  },
  (importer, target) =>
    (inside(importer, 'apps') || inside(importer, 'packages')) && inside(target.path, 'scripts')
      ? ['scripts']
      : undefined,
);

const workspaceByName = importRule(
  'Another workspace is imported by its package name and an exported subpath, never by a relative path.',
  {
    relative:
      "'{{specifier}}' reaches into {{workspace}} by path: import it as '{{name}}' (add a subpath export to its package.json if needed) (boundaries/workspace-by-name).",
    notExported:
      "'{{specifier}}' is not exported by {{workspace}}/package.json: add a subpath export, or use one that exists (boundaries/workspace-by-name).",
  },
  (importer, target) => {
    const workspace = workspaceOf(target.path);
    if (target.notExported) return ['notExported', { workspace }];
    if (target.byName || !workspace || workspace === workspaceOf(importer)) return undefined;
    const name = [...WORKSPACES].find(([, w]) => w.dir === workspace)[0];
    return ['relative', { workspace, name }];
  },
);

const WEB_SRC = 'apps/web/src/';
const PAGES = `${WEB_SRC}pages/`;
/** Shared code of the sites: what pages and the management site build on, never on a page. */
const WEB_SHARED = ['components', 'lib', 'api', 'stores', 'layout'].map((dir) => `${WEB_SRC}${dir}/`);

/**
 * The route folder of a user-site page file: the first folder under `apps/web/src/pages/`. The
 * router (`apps/web/src/router/routes.tsx`) loads every page from `pages/<folder>/…`, and the pages
 * of one area share that folder and its sub-folders (`competition/home`, `competition/problem` and
 * their `competition/shared`; `posts/list`, `posts/detail` and `posts/shared`): so the route folder
 * is the first level, not the folder of each page file. A file directly in `pages/` is a folder of
 * its own.
 */
const routeFolderOf = (rel) => (rel.startsWith(PAGES) ? rel.slice(PAGES.length).split('/')[0] : undefined);

const pageFolders = importRule(
  'A user-site page folder imports no other page folder; the management site and the shared code (components, lib, api, stores, layout) import no page at all.',
  {
    otherPage:
      "'{{specifier}}' is in the page folder pages/{{target}}/: pages/{{importer}}/ must not import another page folder; move what both need to src/components/ (or src/lib/ when it is not React) (boundaries/page-folders).",
    adminPage:
      "'{{specifier}}' is a user-site page (pages/{{target}}/): the management site imports no page; move what both need to src/components/ (or src/lib/ when it is not React) (boundaries/page-folders).",
    sharedPage:
      "'{{specifier}}' is a page (pages/{{target}}/): shared code imports no page; move what it needs out of pages/ (boundaries/page-folders).",
  },
  (importer, target) => {
    const targetFolder = routeFolderOf(target.path);
    if (targetFolder === undefined) return undefined;
    const importerFolder = routeFolderOf(importer);
    if (importerFolder !== undefined)
      return importerFolder === targetFolder
        ? undefined
        : ['otherPage', { target: targetFolder, importer: importerFolder }];
    if (importer.startsWith(`${WEB_SRC}admin/`)) return ['adminPage', { target: targetFolder }];
    if (WEB_SHARED.some((dir) => importer.startsWith(dir))) return ['sharedPage', { target: targetFolder }];
    return undefined; // the router and the entry point (they route to pages)
  },
);

export default {
  meta: { name: 'boundaries' },
  rules: {
    'module-entry': moduleEntry,
    'lib-no-modules': libNoModules,
    'shared-imports-nothing': sharedImportsNothing,
    'sandbox-independent': sandboxIndependent,
    'judge-no-server': judgeNoServer,
    'sites-no-server': sitesNoServer,
    'no-scripts': noScripts,
    'workspace-by-name': workspaceByName,
    'page-folders': pageFolders,
  },
};
