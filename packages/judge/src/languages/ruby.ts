import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { LanguageSpec } from './index';
import { baseEnv, compileLimits, fileProgram, PATH, PROGRAM_DIR } from './kit';

/**
 * Ruby runs without RubyGems (`--disable-gems`): loading it costs ~50–100 ms of CPU per test, more
 * than most programs. The standard library (set, default gems) needs none; the bundled gems a
 * contest program may want (prime, matrix) are put on the load path directly.
 */
const BUNDLED_GEMS = ['prime', 'matrix'];

function bundledGemPaths(): string[] {
  const root = '/usr/lib/ruby/gems';
  try {
    return readdirSync(root).flatMap((version) => {
      const gems = readdirSync(join(root, version, 'gems'));
      return BUNDLED_GEMS.flatMap((name) =>
        gems
          .filter((g) => new RegExp(`^${name}-\\d`).test(g))
          .map((g) => join(root, version, 'gems', g, 'lib')),
      );
    });
  } catch {
    return []; // Ruby not installed: the spec is still listed, never run
  }
}
const LOAD_PATH = bundledGemPaths().flatMap((dir) => ['-I', dir]);

/** Parses the source without running it: syntax errors are CE, a clean parse prints nothing. */
const RUBY_CHECK = [
  'begin',
  "  RubyVM::InstructionSequence.compile_file('main.rb')",
  'rescue SyntaxError => e',
  '  $stderr.puts e.message',
  '  exit 1',
  'end',
].join('\n');

/** Ruby 3.1 (Debian's ruby): checked at compile time, run from the source without RubyGems. */
export const ruby: LanguageSpec = {
  name: 'Ruby',
  sourceFile: 'main.rb',
  timeFactor: 1,
  compile: () => ({
    argv: ['/usr/bin/ruby', '--disable-gems', '-e', RUBY_CHECK],
    env: baseEnv,
    limits: compileLimits({ processes: 8 }),
    readOnlyBinds: [],
  }),
  run: ({ memoryMiB }) => ({
    argv: ['/usr/bin/ruby', '--disable-gems', ...LOAD_PATH, `${PROGRAM_DIR}/main.rb`],
    env: {
      PATH,
      LANG: 'C.UTF-8',
      HOME: '/box',
      // Ruby's own VM stack is 1 MiB by default (SystemStackError near 10 000 frames); the pages
      // are only reserved, they count when touched.
      RUBY_THREAD_VM_STACK_SIZE: String(Math.floor(memoryMiB / 2) << 20),
    },
    memoryKiB: memoryMiB * 1024,
    // The timer thread.
    processes: 4,
  }),
  program: fileProgram('main.rb'),
  outOfMemory: [/NoMemoryError/, /failed to allocate memory/],
};
