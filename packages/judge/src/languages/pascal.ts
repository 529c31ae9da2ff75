import type { LanguageSpec } from './index';
import { baseEnv, compileLimits, nativeProgram, PATH, PROGRAM_DIR } from './kit';

/**
 * Free Pascal 3.2.2 (Debian's fp-compiler), as NOIP judges used it: `-O2`, `ONLINE_JUDGE` defined,
 * FPC's default mode with goto, inline and C-style operators (`-Sgic`, as Debian's fpc.cfg). The
 * configuration file is not read (`-n`, it lives in /etc, outside the box): the unit path is given.
 */
export const pascal: LanguageSpec = {
  name: 'Pascal',
  sourceFile: 'main.pas',
  timeFactor: 1,
  compile: () => ({
    argv: [
      '/usr/bin/fpc',
      '-n',
      '-O2',
      '-Xs',
      '-Sgic',
      '-dONLINE_JUDGE',
      // FPC expands its own macros ($fpcversion, $fpctarget) in the unit path.
      '-Fu/usr/lib/x86_64-linux-gnu/fpc/$fpcversion/units/$fpctarget/*',
      '-omain',
      'main.pas',
    ],
    env: baseEnv,
    limits: compileLimits(),
    readOnlyBinds: [],
  }),
  run: ({ memoryMiB }) => ({
    argv: [`${PROGRAM_DIR}/main`],
    env: { PATH, LANG: 'C.UTF-8' },
    memoryKiB: memoryMiB * 1024,
    processes: 1,
  }),
  program: nativeProgram('Pascal 程序需要以 begin … end. 结尾的主程序'),
  // Runtime error 203: heap overflow (GetMem failed).
  outOfMemory: [/Runtime error 203/],
};
