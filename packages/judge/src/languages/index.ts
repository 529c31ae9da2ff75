import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Bind, Limits } from '@oj/sandbox';
import type { Language, LanguageOptions } from '@oj/shared';
import { PCH_BOX_DIR } from '../paths';
import { pchHostDir, variantFlags } from './c-family';
import flags from './compiler-flags.json';
import { findJavaMain, javaSourceFile } from './java-main';
import {
  baseEnv,
  compileLimits,
  fileProgram,
  jvmRun,
  nativeProgram,
  nativeRun,
  PATH,
  PROGRAM_DIR,
  PY_COMPILE,
} from './kit';

// Issue 25: one file per language, each built from kit.ts.
import { csharp } from './csharp';
import { haskell } from './haskell';
import { kotlin } from './kotlin';
import { lua } from './lua';
import { pascal } from './pascal';
import { php } from './php';
import { pypy3 } from './pypy3';
import { ruby } from './ruby';
import { rust } from './rust';

export { compileLimits, PROGRAM_DIR } from './kit';

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
  /**
   * Several source files into one program (a grader's files with the submission); only the
   * languages that can link them (C, C++). Headers are not listed: they are only included.
   */
  compileSources?: (sources: string[]) => CompileStep;
  /** What a grader's file must end with to be compiled with the submission (C `.c`, C++ `.cpp`…). */
  sourceExtensions?: string[];
  run: (limits: { timeMs: number; memoryMiB: number }, entry?: string) => RunStep;
  /** Checks the compiled work dir (host path) for something to run; cheap, synchronous. */
  program: (buildDir: string) => ProgramEntry;
  /** stderr patterns meaning the program ran out of memory inside its runtime (→ MLE, not Sign). */
  outOfMemory: RegExp[];
}

export const C_FLAGS: string[] = flags.C;
export const CXX_FLAGS: string[] = flags['C++'];

/**
 * The precompiled header of these flags (one per C++ variant, c-family.ts) is used only if the
 * bootstrap built it; otherwise the plain header works.
 */
const pchBinds = (cxxFlags: string[] = CXX_FLAGS): Bind[] => {
  const dir = pchHostDir(cxxFlags);
  return existsSync(join(dir, 'bits', 'stdc++.h.gch')) ? [{ host: dir, box: PCH_BOX_DIR }] : [];
};

export const cxxCompileArgv = (
  source: string | string[],
  output: string,
  withPch: boolean,
  cxxFlags: string[] = CXX_FLAGS,
) => [
  '/usr/bin/g++',
  ...cxxFlags,
  ...(withPch ? ['-I', PCH_BOX_DIR] : []),
  '-o',
  output,
  ...(Array.isArray(source) ? source : [source]),
];

const cCompile = (sources: string[], cFlags: string[] = C_FLAGS): CompileStep => ({
  argv: ['/usr/bin/gcc', ...cFlags, '-o', 'main', ...sources, '-lm'],
  env: baseEnv,
  limits: compileLimits(),
  readOnlyBinds: [],
});

const c: LanguageSpec = {
  name: 'C',
  sourceFile: 'main.c',
  timeFactor: 1,
  compile: () => cCompile(['main.c']),
  compileSources: cCompile,
  sourceExtensions: ['.c'],
  run: ({ memoryMiB }) => nativeRun(memoryMiB),
  program: nativeProgram('C 程序需要 int main 函数'),
  outOfMemory: [],
};

const cxxCompile = (sources: string[], cxxFlags: string[] = CXX_FLAGS): CompileStep => {
  const binds = pchBinds(cxxFlags);
  return {
    argv: cxxCompileArgv(sources, 'main', binds.length > 0, cxxFlags),
    env: baseEnv,
    limits: compileLimits(),
    readOnlyBinds: binds,
  };
};

const cxx: LanguageSpec = {
  name: 'C++',
  sourceFile: 'main.cpp',
  timeFactor: 1,
  compile: () => cxxCompile(['main.cpp']),
  compileSources: cxxCompile,
  sourceExtensions: ['.cpp', '.cc', '.cxx'],
  run: ({ memoryMiB }) => nativeRun(memoryMiB),
  program: nativeProgram('C++ 程序需要 int main 函数'),
  outOfMemory: [/std::bad_alloc/],
};

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

// The box gets the user's limit plus the JVM's own room (kit.ts JVM_OVERHEAD_MIB); -Xmx is the user's limit.
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
  run: ({ memoryMiB }, entry = 'Main') => jvmRun(memoryMiB, PROGRAM_DIR, entry),
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
  // Issue 25: one file each, offered when enabled (toolchains.ts).
  PyPy3: pypy3,
  Rust: rust,
  Pascal: pascal,
  'C#': csharp,
  Ruby: ruby,
  PHP: php,
  Lua: lua,
  Haskell: haskell,
  Kotlin: kotlin,
};

/**
 * A language as a submission asks for it: C and C++ with their standard and O2 switch (c-family.ts;
 * absent options are the defaults, the very specs above), the others as they are.
 */
export function languageSpec(name: Language, options?: LanguageOptions | null): LanguageSpec {
  const spec = LANGUAGE_SPECS[name];
  if (!options || (name !== 'C' && name !== 'C++')) return spec;
  const variant = variantFlags(name, options);
  const compileAll = name === 'C' ? cCompile : cxxCompile;
  return {
    ...spec,
    compile: () => compileAll([spec.sourceFile], variant),
    compileSources: (sources) => compileAll(sources, variant),
  };
}
