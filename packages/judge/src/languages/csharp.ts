import type { LanguageSpec } from './index';
import { baseEnv, compileLimits, fileProgram, PATH, PROGRAM_DIR } from './kit';

/**
 * The Mono runtime starts a few threads and maps its own code beside the heap: the box gets the
 * user's limit plus this allowance, while the GC's heap is capped at the limit.
 */
export const MONO_OVERHEAD_MIB = 32;

/**
 * C# (Debian's Mono 6.8: mcs, C# 7, .NET Framework 4.x class library). mcs is run through mono
 * directly (Debian's /usr/bin/mcs is a shell wrapper); Mono's configuration (/etc/mono) is part of
 * the box's view (packages/sandbox/native/rootfs.c).
 */
export const csharp: LanguageSpec = {
  name: 'C#',
  sourceFile: 'main.cs',
  timeFactor: 1,
  compile: () => ({
    argv: [
      '/usr/bin/mono',
      '/usr/lib/mono/4.5/mcs.exe',
      '-optimize+',
      '-define:ONLINE_JUDGE',
      '-nowarn:0168,0219',
      '-out:main.exe',
      'main.cs',
    ],
    env: baseEnv,
    limits: compileLimits({ cpuMs: 20_000, wallMs: 30_000 }),
    readOnlyBinds: [],
  }),
  run: ({ memoryMiB }) => ({
    argv: ['/usr/bin/mono', `${PROGRAM_DIR}/main.exe`],
    env: {
      PATH,
      LANG: 'C.UTF-8',
      HOME: '/box',
      // An exhausted heap throws OutOfMemoryException (→ MLE) before the box's limit kills it.
      MONO_GC_PARAMS: `max-heap-size=${memoryMiB}m`,
    },
    memoryKiB: (memoryMiB + MONO_OVERHEAD_MIB) * 1024,
    processes: 16,
  }),
  program: fileProgram('main.exe'),
  outOfMemory: [/System\.OutOfMemoryException/],
};
