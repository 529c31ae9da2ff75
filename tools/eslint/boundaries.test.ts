// The boundaries rules as `npm test` runs them: the repository's own eslint.config.js, on planted
// files (nothing is written to disk; ESLint lints the text as if it were at that path). The
// temporary allowlist of module-entry is emptied here, so that what is checked is the rule itself.
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: { rules: { 'boundaries/module-entry': ['error', { temporaryCrossModuleImports: [] }] } },
  });
});

/** What the boundaries rules report on `code` placed at `file` (relative to the repository). */
async function boundaryMessages(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
  const fatal = result.messages.find((m) => m.fatal);
  if (fatal) throw new Error(`${file}: ${fatal.message}`);
  return result.messages.filter((m) => m.ruleId?.startsWith('boundaries/'));
}

const boundaryErrors = async (file: string, code: string) =>
  (await boundaryMessages(file, code)).map((m) => m.ruleId);

const MODULE_FILE = 'apps/server/src/modules/submissions/planted.ts';

describe('boundaries/module-entry: a module reaches another only through its index', () => {
  it.each([
    ['a value import', "import { x } from '../problems/service';"],
    ['a type-only import', "import type { X } from '../problems/present';"],
    ['a re-export', "export * from '../competitions/ranking/icpc';"],
    ['a dynamic import', "export const load = () => import('../problems/service');"],
    ['an import() type', "export type T = import('../problems/service').Service;"],
  ])('rejects %s of a private file', async (_kind, code) => {
    expect(await boundaryErrors(MODULE_FILE, code)).toEqual(['boundaries/module-entry']);
  });

  it('rejects a private file imported from outside the modules (composition root)', async () => {
    expect(
      await boundaryErrors('apps/server/src/planted.ts', "import { x } from './modules/problems/service';"),
    ).toEqual(['boundaries/module-entry']);
  });

  it('names the public entry to use instead, relative to the importing file', async () => {
    const fromRoot = await boundaryMessages(
      'apps/server/src/app.ts',
      "import { x } from './modules/problems/service';",
    );
    expect(fromRoot[0].message).toContain("import './modules/problems' instead");
    const [message] = await boundaryMessages(MODULE_FILE, "import { x } from '../problems/service';");
    expect(message.message).toContain("import '../problems' instead");
  });

  it.each([
    ['the index by folder', MODULE_FILE, "import { x } from '../problems';"],
    ['the index by name', MODULE_FILE, "import type { X } from '../problems/index';"],
    ['its own files', MODULE_FILE, "import { x } from './service';\nimport { y } from './stream';"],
    [
      'shared server code',
      MODULE_FILE,
      "import { ok } from '../../lib/envelope';\nimport type { AppModule } from '../registry';",
    ],
    [
      'a module index from the composition root',
      'apps/server/src/app.ts',
      "import { x } from './modules/problems';",
    ],
    [
      'a module index from modules/index.ts',
      'apps/server/src/modules/index.ts',
      "import { x } from './problems';",
    ],
  ])('allows %s', async (_kind, file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});

describe('boundaries/lib-no-modules: lib/ knows no domain', () => {
  it.each([
    ['a module index', "import { x } from '../modules/problems';"],
    ['a module file', "import type { X } from '../modules/users/service';"],
    ['the composition root', "import type { AppContext } from '../context';"],
  ])('rejects %s', async (_kind, code) => {
    expect(await boundaryErrors('apps/server/src/lib/planted.ts', code)).toEqual([
      'boundaries/lib-no-modules',
    ]);
  });

  it('allows lib/ and the database layer', async () => {
    const code =
      "import { x } from './config';\nimport type { Db } from '../db/kysely';\nimport { z } from 'zod';";
    expect(await boundaryErrors('apps/server/src/lib/planted.ts', code)).toEqual([]);
  });
});

describe('boundaries/shared-imports-nothing: the contract depends on nothing of ours', () => {
  it.each([
    ['another workspace by name', "import { x } from '@oj/judge';"],
    ['another workspace by path', "import { x } from '../../sandbox/src/index';"],
    ['scripts/', "import { x } from '../../../scripts/lib/bootstrap.mjs';"],
  ])('rejects %s', async (_kind, code) => {
    expect(await boundaryErrors('packages/shared/src/planted.ts', code)).toContain(
      'boundaries/shared-imports-nothing',
    );
  });

  it('allows itself and npm packages', async () => {
    expect(
      await boundaryErrors(
        'packages/shared/src/planted.ts',
        "import { z } from 'zod';\nimport { Role } from './enums';",
      ),
    ).toEqual([]);
  });
});

describe('boundaries/sandbox-independent: the sandbox knows nothing of judging or of the product', () => {
  it.each([
    ['the judge', "import { x } from '@oj/judge';"],
    ['the server', "import type { X } from '@oj/server';"],
  ])('rejects %s', async (_kind, code) => {
    expect(await boundaryErrors('packages/sandbox/src/planted.ts', code)).toEqual([
      'boundaries/sandbox-independent',
    ]);
  });

  it('allows itself and Node', async () => {
    expect(
      await boundaryErrors(
        'packages/sandbox/src/planted.ts',
        "import { spawn } from 'node:child_process';\nimport { x } from './helper';",
      ),
    ).toEqual([]);
  });
});

describe('boundaries/judge-no-server: a remote judge worker runs without the server', () => {
  it('rejects the server', async () => {
    expect(
      await boundaryErrors('packages/judge/src/planted.ts', "import { startServer } from '@oj/server';"),
    ).toEqual(['boundaries/judge-no-server']);
  });

  it('allows the sandbox and the contract', async () => {
    expect(
      await boundaryErrors(
        'packages/judge/src/planted.ts',
        "import { x } from '@oj/sandbox';\nimport type { Verdict } from '@oj/shared';",
      ),
    ).toEqual([]);
  });
});

describe('boundaries/sites-no-server: the sites reach the server only over HTTP', () => {
  it('rejects the server, even for types', async () => {
    expect(await boundaryErrors('apps/web/src/planted.ts', "import type { X } from '@oj/server';")).toEqual([
      'boundaries/sites-no-server',
    ]);
  });

  it('allows the contract and its subpath exports', async () => {
    expect(
      await boundaryErrors(
        'apps/web/src/planted.ts',
        "import type { Role } from '@oj/shared';\nimport { VERDICTS } from '@oj/shared/enums';",
      ),
    ).toEqual([]);
  });
});

describe('boundaries/no-scripts: product code never imports scripts/', () => {
  it.each([
    [
      'the server',
      'apps/server/src/modules/problems/planted.ts',
      "import { x } from '../../../../../scripts/lib/bootstrap.mjs';",
    ],
    ['the judge', 'packages/judge/src/planted.ts', "import '../../../scripts/bench.mjs';"],
    ['a site', 'apps/web/src/planted.ts', "import { x } from '../../../scripts/lib/bootstrap.mjs';"],
  ])('rejects it from %s', async (_kind, file, code) => {
    expect(await boundaryErrors(file, code)).toEqual(['boundaries/no-scripts']);
  });

  it('allows scripts among themselves and the seed content by its package', async () => {
    expect(
      await boundaryErrors('scripts/planted.mjs', "import { bootstrap } from './lib/bootstrap.mjs';"),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'apps/server/src/modules/problems/planted.ts',
        "import { loadDemoProblems } from '@oj/seed-data';",
      ),
    ).toEqual([]);
  });
});

describe('boundaries/workspace-by-name: another workspace only by its package name and exports', () => {
  it('rejects a relative path into another workspace', async () => {
    expect(
      await boundaryErrors(
        'apps/web/src/planted.ts',
        "import { Role } from '../../../packages/shared/src/enums';",
      ),
    ).toEqual(['boundaries/workspace-by-name']);
  });

  it('rejects a subpath the package does not export', async () => {
    expect(
      await boundaryErrors('apps/web/src/planted.ts', "import { Role } from '@oj/shared/src/enums';"),
    ).toEqual(['boundaries/workspace-by-name']);
  });

  it('names the package to import instead', async () => {
    const messages = await boundaryMessages(
      'apps/server/src/planted.ts',
      "import { x } from '../../../packages/judge/src/index';",
    );
    expect(messages.map((m) => m.message)).toEqual([expect.stringContaining("import it as '@oj/judge'")]);
  });
});

describe('boundaries/page-folders: a page folder imports no other; the management site and shared code import no page', () => {
  const PAGE = 'apps/web/src/pages/competition/problem/planted.tsx';

  it.each([
    ['a component of another page folder', "import Statement from '../../problems/algorithm/Statement';"],
    ['a helper of another page folder', "import { loginPath } from '../../login/rules';"],
    ['a stylesheet of another page folder', "import '../../problems/problems.css';"],
    ['a lazily loaded page of another folder', "export const Posts = () => import('../../posts/shared/ProblemPosts');"],
    ['a type of another page folder', "export type P = import('../../problems/record/RecordPage').Props;"],
  ])('rejects %s', async (_kind, code) => {
    expect(await boundaryErrors(PAGE, code)).toEqual(['boundaries/page-folders']);
  });

  it('rejects any page from the management site', async () => {
    expect(
      await boundaryErrors(
        'apps/web/src/admin/pages/clarifications/planted.tsx',
        "import Announcements from '../../../pages/competition/home/Announcements';",
      ),
    ).toEqual(['boundaries/page-folders']);
    expect(
      await boundaryErrors('apps/web/src/admin/planted.tsx', "import { accountRules } from '../pages/login/rules';"),
    ).toEqual(['boundaries/page-folders']);
  });

  it.each([
    ['components', 'apps/web/src/components/solve/planted.tsx', "import { x } from '../../pages/problems/algorithm/x';"],
    ['lib', 'apps/web/src/lib/planted.ts', "import { x } from '../pages/login/rules';"],
    ['api', 'apps/web/src/api/planted.ts', "import { x } from '../pages/competition/shared/time';"],
    ['the layout', 'apps/web/src/layout/settings/planted.tsx', "import { x } from '../../pages/login/rules';"],
  ])('rejects any page from %s', async (_kind, file, code) => {
    expect(await boundaryErrors(file, code)).toEqual(['boundaries/page-folders']);
  });

  it('names both route folders and where shared pieces go', async () => {
    const [message] = await boundaryMessages(PAGE, "import Statement from '../../problems/algorithm/Statement';");
    expect(message.message).toContain('pages/problems/');
    expect(message.message).toContain('pages/competition/');
    expect(message.message).toContain('src/components/');
  });

  it.each([
    ['its own route folder, another sub-folder', PAGE, "import { x } from '../shared/access';\nimport '../shared/competition.css';"],
    [
      'components, lib and api',
      PAGE,
      "import SolveEditor from '../../../components/solve/SolveEditor';\nimport { loginPath } from '../../../lib/account';\nimport { useCompetition } from '../../../api/competitions';",
    ],
    ['components from the management site', 'apps/web/src/admin/planted.tsx', "import Pager from '../components/Pager';"],
    ['pages from the router', 'apps/web/src/router/planted.tsx', "export const load = () => import('../pages/home/HomePage');"],
  ])('allows %s', async (_kind, file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
