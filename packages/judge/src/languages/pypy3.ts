import type { LanguageSpec } from './index';
import { baseEnv, compileLimits, fileProgram, PATH, PROGRAM_DIR, PY_COMPILE } from './kit';

/**
 * PyPy 3 (Debian's pypy3, a JIT for Python 3.9): the source is byte-compiled by PyPy itself (syntax
 * errors are CE, as for Python3) and the run starts from that file.
 */
export const pypy3: LanguageSpec = {
  name: 'PyPy3',
  sourceFile: 'main.py',
  timeFactor: 1,
  compile: () => ({
    argv: ['/usr/bin/pypy3', '-c', PY_COMPILE],
    env: { ...baseEnv, PYTHONDONTWRITEBYTECODE: '1' },
    limits: compileLimits({ processes: 4 }),
    readOnlyBinds: [],
  }),
  run: ({ memoryMiB }) => ({
    argv: ['/usr/bin/pypy3', `${PROGRAM_DIR}/main.pyc`],
    env: { PATH, LANG: 'C.UTF-8', PYTHONIOENCODING: 'utf-8', PYTHONDONTWRITEBYTECODE: '1' },
    memoryKiB: memoryMiB * 1024,
    processes: 4,
  }),
  program: fileProgram('main.pyc'),
  outOfMemory: [/MemoryError/],
};
