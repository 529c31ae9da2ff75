// Builds the sandbox's native helper (native/*.c → build/oj-sandbox) with gcc and libseccomp.
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const debianPackages = ['gcc', 'libc6-dev', 'libseccomp-dev'];

export async function build({ whenChanged, run, ROOT, log }) {
  const dir = join(ROOT, 'packages', 'sandbox');
  const output = join(dir, 'build', 'oj-sandbox');
  // A missing binary must be rebuilt even when the sources did not change.
  const extraKey = existsSync(output) ? '' : String(Date.now());
  return whenChanged(
    'sandbox-native',
    ['packages/sandbox/native', 'packages/sandbox/bootstrap.mjs'],
    async () => {
      mkdirSync(join(dir, 'build'), { recursive: true });
      const sources = readdirSync(join(dir, 'native'))
        .filter((f) => f.endsWith('.c'))
        .sort()
        .map((f) => join(dir, 'native', f));
      log('compiling the sandbox helper');
      run('gcc', ['-O2', '-Wall', '-Wextra', '-Werror', '-D_FORTIFY_SOURCE=2', '-fstack-protector-strong', '-o', output, ...sources, '-lseccomp']);
    },
    extraKey,
  );
}
