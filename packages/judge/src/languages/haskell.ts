import type { LanguageSpec } from './index';
import { baseEnv, compileLimits, nativeProgram, PATH, PROGRAM_DIR } from './kit';

/**
 * GHC keeps its package database under /var (outside the box's view): the compile binds it, read
 * only, where /usr/lib/ghc/package.conf.d points.
 */
const PACKAGE_DB = '/var/lib/ghc/package.conf.d';

/**
 * Haskell (Debian's GHC 9.0, with its boot packages: base, containers, array, bytestring, mtl …).
 * Template Haskell runs inside the compiler, so inside the box, like any compile-time code.
 */
export const haskell: LanguageSpec = {
  name: 'Haskell',
  sourceFile: 'main.hs',
  timeFactor: 1,
  compile: () => ({
    argv: ['/usr/bin/ghc', '-O2', '-v0', '-DONLINE_JUDGE', '-o', 'main', 'main.hs'],
    env: { ...baseEnv, TMPDIR: '/tmp' },
    limits: compileLimits({ cpuMs: 30_000, wallMs: 45_000, processes: 128 }),
    readOnlyBinds: [{ host: PACKAGE_DB, box: PACKAGE_DB }],
  }),
  run: ({ memoryMiB }) => ({
    argv: [`${PROGRAM_DIR}/main`],
    env: { PATH, LANG: 'C.UTF-8', HOME: '/box' },
    memoryKiB: memoryMiB * 1024,
    processes: 4,
  }),
  program: nativeProgram('Haskell 程序需要 main :: IO ()'),
  outOfMemory: [/Heap exhausted/, /out of memory/],
};
