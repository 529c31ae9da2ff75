import { closeSync, existsSync, lstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { Bind, Limits } from '@oj/sandbox';
import type { Language } from '@oj/shared';
import { PCH_BOX_DIR, PCH_HOST_DIR } from '../paths';
import flags from './compiler-flags.json';
import { findJavaMain, javaSourceFile } from './java-main';

/** What a language needs to compile one source file inside the box. */
export interface CompileStep {
  argv: string[];
  env: Record<string, string>;
  limits: Limits;
  readOnlyBinds: Bind[];
}

/** How to run the compiled program for one test. */
export interface RunStep {
  argv: string[];
  env: Record<string, string>;
  /** Memory given to the box, in KiB (the user's limit plus a fixed runtime allowance, if any). */
  memoryKiB: number;
  processes: number;
}

/**
 * What a successful compile left to run: `entry` is what `run` needs beyond the language's fixed
 * command (Java: the class holding main); not ok, `message` says why nothing can run (→ CE).
 */
export type ProgramEntry = { ok: true; entry?: string } | { ok: false; message: string };

export interface LanguageSpec {
  name: Language;
  /** File name of the submission inside the work dir (the usual one: see `sourceFileFor`). */
  sourceFile: string;
  /** The file name for this source, when it depends on it (Java: its public class). */
  sourceFileFor?: (source: string) => string;
  /** CPU limit = user's limit × timeFactor (documented in docs/languages.md). */
  timeFactor: number;
  /** `sourceFile`: the name the source was written under (default `sourceFile`). */
  compile: (sourceFile?: string) => CompileStep;
  run: (limits: { timeMs: number; memoryMiB: number }, entry?: string) => RunStep;
  /** Checks the compiled work dir (host path) for something to run; cheap, synchronous. */
  program: (buildDir: string) => ProgramEntry;
  /** stderr patterns meaning the program ran out of memory inside its runtime (→ MLE, not Sign). */
  outOfMemory: RegExp[];
}

const PATH = '/usr/local/bin:/usr/bin:/bin';

/**
 * Where the compiled program is bound, read-only, for every run. The run's own /box is a fresh
 * empty directory per test: a program can neither alter its binary nor leave state for the next
 * test, and whatever it writes is measured and thrown away after the run.
 */
export const PROGRAM_DIR = '/prog';
const baseEnv = { PATH, HOME: '/box', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' };

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

/** The precompiled header is used only if the bootstrap built it; otherwise the plain header works. */
const pchBinds = (): Bind[] =>
  existsSync(join(PCH_HOST_DIR, 'bits', 'stdc++.h.gch')) ? [{ host: PCH_HOST_DIR, box: PCH_BOX_DIR }] : [];

export const C_FLAGS: string[] = flags.C;
export const CXX_FLAGS: string[] = flags['C++'];

export const cxxCompileArgv = (source: string, output: string, withPch: boolean) => [
  '/usr/bin/g++',
  ...CXX_FLAGS,
  ...(withPch ? ['-I', PCH_BOX_DIR] : []),
  '-o',
  output,
  source,
];

/** True when `path` is a regular file (not a link) whose first bytes are `magic`. */
function startsWith(path: string, magic: Buffer): boolean {
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

const ELF = Buffer.from([0x7f, 0x45, 0x4c, 0x46]);

/** A compiler that exits 0 without an executable `main` (Go's `package foo` writes an archive). */
const nativeProgram =
  (why: string) =>
  (buildDir: string): ProgramEntry =>
    startsWith(join(buildDir, 'main'), ELF) ? { ok: true } : { ok: false, message: `编译没有生成可执行程序：${why}` };

/** Interpreted languages: the file the run starts from must be there. */
const fileProgram =
  (file: string) =>
  (buildDir: string): ProgramEntry =>
    lstatSync(join(buildDir, file), { throwIfNoEntry: false })?.isFile()
      ? { ok: true }
      : { ok: false, message: `编译没有生成可运行的文件 ${file}` };

const nativeRun = (memoryMiB: number): RunStep => ({
  argv: [`${PROGRAM_DIR}/main`],
  env: { PATH, LANG: 'C.UTF-8' },
  memoryKiB: memoryMiB * 1024,
  processes: 1,
});

const c: LanguageSpec = {
  name: 'C',
  sourceFile: 'main.c',
  timeFactor: 1,
  compile: () => ({
    argv: ['/usr/bin/gcc', ...C_FLAGS, '-o', 'main', 'main.c', '-lm'],
    env: baseEnv,
    limits: compileLimits(),
    readOnlyBinds: [],
  }),
  run: ({ memoryMiB }) => nativeRun(memoryMiB),
  program: nativeProgram('C 程序需要 int main 函数'),
  outOfMemory: [],
};

const cxx: LanguageSpec = {
  name: 'C++',
  sourceFile: 'main.cpp',
  timeFactor: 1,
  compile: () => {
    const binds = pchBinds();
    return {
      argv: cxxCompileArgv('main.cpp', 'main', binds.length > 0),
      env: baseEnv,
      limits: compileLimits(),
      readOnlyBinds: binds,
    };
  },
  run: ({ memoryMiB }) => nativeRun(memoryMiB),
  program: nativeProgram('C++ 程序需要 int main 函数'),
  outOfMemory: [/std::bad_alloc/],
};

/** Syntax errors surface at compile time (CE), and the run skips re-parsing the source. */
const PY_COMPILE = [
  'import py_compile, sys',
  'try:',
  "    py_compile.compile('main.py', cfile='main.pyc', doraise=True)",
  'except py_compile.PyCompileError as e:',
  '    sys.stderr.write(e.msg)',
  '    sys.exit(1)',
].join('\n');

const python: LanguageSpec = {
  name: 'Python3',
  sourceFile: 'main.py',
  timeFactor: 1,
  compile: () => ({
    argv: ['/usr/bin/python3', '-c', PY_COMPILE],
    env: { ...baseEnv, PYTHONDONTWRITEBYTECODE: '1' },
    limits: compileLimits({ processes: 4 }),
    readOnlyBinds: [],
  }),
  run: ({ memoryMiB }) => ({
    argv: ['/usr/bin/python3', `${PROGRAM_DIR}/main.pyc`],
    env: { PATH, LANG: 'C.UTF-8', PYTHONIOENCODING: 'utf-8', PYTHONDONTWRITEBYTECODE: '1' },
    memoryKiB: memoryMiB * 1024,
    processes: 4,
  }),
  program: fileProgram('main.pyc'),
  outOfMemory: [/MemoryError/],
};

/**
 * The JVM needs room beside the heap (metaspace, code cache, thread stacks): the box gets the
 * user's limit plus this allowance, while -Xmx is the user's limit.
 */
export const JAVA_OVERHEAD_MIB = 64;

const java: LanguageSpec = {
  name: 'Java',
  sourceFile: 'Main.java',
  // javac wants a public class in a file of its name; any class may hold main (java-main.ts).
  sourceFileFor: javaSourceFile,
  timeFactor: 1,
  compile: (sourceFile = 'Main.java') => ({
    argv: [
      '/usr/bin/javac',
      '-J-Xmx512m',
      '-J-XX:+UseSerialGC',
      '-J-XX:TieredStopAtLevel=1',
      '-J-XX:-UsePerfData',
      '-encoding',
      'UTF-8',
      '-nowarn',
      '-d',
      '.',
      sourceFile,
    ],
    env: baseEnv,
    limits: compileLimits({ cpuMs: 20_000, wallMs: 30_000, processes: 64 }),
    readOnlyBinds: [],
  }),
  run: ({ memoryMiB }, entry = 'Main') => ({
    argv: [
      '/usr/bin/java',
      `-Xmx${memoryMiB}m`,
      '-Xms16m',
      // The main thread runs with -Xss: deep recursion gets the whole limit, as in C++.
      `-Xss${memoryMiB}m`,
      '-XX:+UseSerialGC',
      '-XX:-UsePerfData',
      '-XX:ReservedCodeCacheSize=32m',
      '-Dfile.encoding=UTF-8',
      '-cp',
      PROGRAM_DIR,
      entry,
    ],
    env: { PATH, LANG: 'C.UTF-8', HOME: '/box' },
    memoryKiB: (memoryMiB + JAVA_OVERHEAD_MIB) * 1024,
    // The JVM starts ~20 threads (GC, JIT compilers, signal and service threads).
    processes: 64,
  }),
  program: findJavaMain,
  outOfMemory: [/java\.lang\.OutOfMemoryError/],
};

const go: LanguageSpec = {
  name: 'Go',
  sourceFile: 'main.go',
  timeFactor: 1,
  compile: () => ({
    // Debian ships the standard library prebuilt in GOROOT/pkg, so an empty GOCACHE in the work dir
    // costs ~0.3 s, not a rebuild of std (measured in docs/languages.md).
    argv: ['/usr/bin/go', 'build', '-o', 'main', 'main.go'],
    env: {
      ...baseEnv,
      GOCACHE: '/box/.gocache',
      GOPATH: '/box/.gopath',
      GO111MODULE: 'off',
      CGO_ENABLED: '0',
      GOFLAGS: '',
      GOTMPDIR: '/box',
    },
    limits: compileLimits({ cpuMs: 20_000, wallMs: 30_000, processes: 128 }),
    readOnlyBinds: [],
  }),
  run: ({ memoryMiB }) => ({
    argv: [`${PROGRAM_DIR}/main`],
    // One P: CPU time is the program's, not that of GC workers on other cores.
    env: { PATH, LANG: 'C.UTF-8', GOMAXPROCS: '1' },
    memoryKiB: memoryMiB * 1024,
    processes: 16,
  }),
  program: nativeProgram('Go 程序需要 package main 和 func main()'),
  outOfMemory: [/fatal error: runtime: out of memory/, /runtime: cannot allocate memory/],
};

const javascript: LanguageSpec = {
  name: 'JavaScript',
  sourceFile: 'main.js',
  timeFactor: 1,
  compile: () => ({
    argv: ['/usr/bin/node', '--check', 'main.js'],
    env: baseEnv,
    limits: compileLimits({ processes: 16 }),
    readOnlyBinds: [],
  }),
  run: ({ memoryMiB }) => ({
    argv: [
      '/usr/bin/node',
      // V8 throws RangeError at this depth; the box lets the OS stack grow to the memory limit.
      `--stack-size=${Math.floor(memoryMiB * 1024 * 0.75)}`,
      `--max-old-space-size=${memoryMiB}`,
      `${PROGRAM_DIR}/main.js`,
    ],
    env: { PATH, LANG: 'C.UTF-8', HOME: '/box' },
    memoryKiB: memoryMiB * 1024,
    // libuv's pool and V8's platform workers.
    processes: 16,
  }),
  program: fileProgram('main.js'),
  outOfMemory: [/JavaScript heap out of memory/, /Reached heap limit/],
};

export const LANGUAGE_SPECS: Record<Language, LanguageSpec> = {
  C: c,
  'C++': cxx,
  Python3: python,
  Java: java,
  Go: go,
  JavaScript: javascript,
};

export const languageSpec = (name: Language): LanguageSpec => LANGUAGE_SPECS[name];
