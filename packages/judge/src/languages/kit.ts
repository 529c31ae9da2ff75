import { closeSync, lstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { Limits } from '@oj/sandbox';
import type { ProgramEntry, RunStep } from './index';

/**
 * What every language's spec is built from (index.ts and the one file per language of issue 25):
 * the box's paths and environment, the compile limits, and the checks of what a compile left.
 */

export const PATH = '/usr/local/bin:/usr/bin:/bin';

/**
 * Where the compiled program is bound, read-only, for every run. The run's own /box is a fresh
 * empty directory per test: a program can neither alter its binary nor leave state for the next
 * test, and whatever it writes is measured and thrown away after the run.
 */
export const PROGRAM_DIR = '/prog';
export const baseEnv = { PATH, HOME: '/box', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' };

/**
 * Compilers get generous but firm limits: a `#include "/dev/zero"` or a template bomb must end as CE
 * within seconds, not hang a worker.
 */
export const compileLimits = (over: Partial<Limits> = {}): Limits => ({
  cpuMs: 10_000,
  wallMs: 20_000,
  memoryKiB: 1024 * 1024,
  processes: 64,
  fileSizeBytes: 64 << 20,
  openFiles: 256,
  ...over,
});

/** True when `path` is a regular file (not a link) whose first bytes are `magic`. */
export function startsWith(path: string, magic: Buffer): boolean {
  if (!lstatSync(path, { throwIfNoEntry: false })?.isFile()) return false;
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return false;
  }
  try {
    const head = Buffer.alloc(magic.length);
    return readSync(fd, head, 0, head.length, 0) === magic.length && head.equals(magic);
  } finally {
    closeSync(fd);
  }
}

export const ELF = Buffer.from([0x7f, 0x45, 0x4c, 0x46]);

/** A compiler that exits 0 without an executable `main` (Go's `package foo` writes an archive). */
export const nativeProgram =
  (why: string) =>
  (buildDir: string): ProgramEntry =>
    startsWith(join(buildDir, 'main'), ELF)
      ? { ok: true }
      : { ok: false, message: `编译没有生成可执行程序：${why}` };

/** Interpreted languages: the file the run starts from must be there. */
export const fileProgram =
  (file: string) =>
  (buildDir: string): ProgramEntry =>
    lstatSync(join(buildDir, file), { throwIfNoEntry: false })?.isFile()
      ? { ok: true }
      : { ok: false, message: `编译没有生成可运行的文件 ${file}` };

export const nativeRun = (memoryMiB: number): RunStep => ({
  argv: [`${PROGRAM_DIR}/main`],
  env: { PATH, LANG: 'C.UTF-8' },
  memoryKiB: memoryMiB * 1024,
  processes: 1,
});

/** The JVM's own memory beside the heap (metaspace, code cache, thread stacks), for Java and Kotlin. */
export const JVM_OVERHEAD_MIB = 64;

/** A program on the JVM (Java, Kotlin): `entry` is the class holding main, `classPath` where it is. */
export const jvmRun = (memoryMiB: number, classPath: string, entry: string): RunStep => ({
  argv: [
    '/usr/bin/java',
    `-Xmx${memoryMiB}m`,
    '-Xms16m',
    // The main thread runs with -Xss: deep recursion gets the whole limit, as in C++.
    `-Xss${memoryMiB}m`,
    '-XX:+UseSerialGC',
    '-XX:-UsePerfData',
    '-XX:ReservedCodeCacheSize=32m',
    // The JVM's own warnings (a refused thread …) go to stderr, never into the program's output.
    '-Xlog:disable',
    '-Xlog:all=warning:stderr',
    '-Dfile.encoding=UTF-8',
    '-cp',
    classPath,
    entry,
  ],
  env: { PATH, LANG: 'C.UTF-8', HOME: '/box' },
  memoryKiB: (memoryMiB + JVM_OVERHEAD_MIB) * 1024,
  // The JVM starts ~20 threads (GC, JIT compilers, signal and service threads).
  processes: 64,
});

/** Syntax errors surface at compile time (CE), and the run skips re-parsing the source. */
export const PY_COMPILE = [
  'import py_compile, sys',
  'try:',
  "    py_compile.compile('main.py', cfile='main.pyc', doraise=True)",
  'except py_compile.PyCompileError as e:',
  '    sys.stderr.write(e.msg)',
  '    sys.exit(1)',
].join('\n');
