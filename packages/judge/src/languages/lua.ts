import type { LanguageSpec } from './index';
import { baseEnv, compileLimits, fileProgram, PATH, PROGRAM_DIR } from './kit';

/** Lua 5.4 (Debian's lua5.4): byte-compiled by luac (syntax errors are CE), run from the bytecode. */
export const lua: LanguageSpec = {
  name: 'Lua',
  sourceFile: 'main.lua',
  timeFactor: 1,
  compile: () => ({
    argv: ['/usr/bin/luac5.4', '-s', '-o', 'main.luac', 'main.lua'],
    env: baseEnv,
    limits: compileLimits({ processes: 4 }),
    readOnlyBinds: [],
  }),
  run: ({ memoryMiB }) => ({
    argv: ['/usr/bin/lua5.4', `${PROGRAM_DIR}/main.luac`],
    env: { PATH, LANG: 'C.UTF-8', HOME: '/box' },
    memoryKiB: memoryMiB * 1024,
    processes: 4,
  }),
  program: fileProgram('main.luac'),
  outOfMemory: [/not enough memory/],
};
