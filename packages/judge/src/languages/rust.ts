import type { LanguageSpec } from './index';
import { baseEnv, compileLimits, nativeProgram, PATH, PROGRAM_DIR } from './kit';

/**
 * Rust (Debian's rustc 1.63, edition 2021, no cargo: one file, the standard library only). The
 * compiler runs in the box like every other: macros run inside it; there are no build scripts or
 * procedural macros without cargo and crates.
 */
export const rust: LanguageSpec = {
  name: 'Rust',
  sourceFile: 'main.rs',
  timeFactor: 1,
  compile: () => ({
    argv: [
      '/usr/bin/rustc',
      '--edition=2021',
      '-O',
      '-C',
      'debuginfo=0',
      '-C',
      'strip=symbols',
      '--cfg',
      'online_judge',
      '-o',
      'main',
      'main.rs',
    ],
    // rustc links through cc; its scratch files go to TMPDIR (the box's private /tmp).
    env: { ...baseEnv, TMPDIR: '/tmp' },
    limits: compileLimits({ cpuMs: 20_000, wallMs: 30_000, processes: 128 }),
    readOnlyBinds: [],
  }),
  run: ({ memoryMiB }) => ({
    argv: [`${PROGRAM_DIR}/main`],
    // RUST_BACKTRACE unset: a panic prints one line, not a backtrace.
    env: { PATH, LANG: 'C.UTF-8' },
    memoryKiB: memoryMiB * 1024,
    // A few threads for the usual `thread::Builder::stack_size(…)` trick (CPU time is summed).
    processes: 16,
  }),
  program: nativeProgram('Rust 程序需要 fn main()'),
  outOfMemory: [/memory allocation of \d+ bytes failed/],
};
