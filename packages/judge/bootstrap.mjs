// Bootstrap hook of the judge: the toolchains of the six languages, and the precompiled
// <bits/stdc++.h> that makes a C++ compile ~5× faster. Plain Node: runs before node_modules exists.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, renameSync, copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

export const debianPackages = ['gcc', 'g++', 'libc6-dev', 'golang-go', 'openjdk-17-jdk-headless', 'python3'];

/** Where the C++ standard library's umbrella header lives for the installed g++. */
function stdcxxHeader() {
  const version = execFileSync('g++', ['-dumpversion'], { encoding: 'utf8' }).trim().split('.')[0];
  const triplet = execFileSync('g++', ['-dumpmachine'], { encoding: 'utf8' }).trim();
  const header = `/usr/include/${triplet}/c++/${version}/bits/stdc++.h`;
  if (!existsSync(header)) throw new Error(`cannot find ${header}`);
  return header;
}

export async function build({ log, whenChanged, run, ROOT }) {
  const flagsFile = 'packages/judge/src/languages/compiler-flags.json';
  const flags = JSON.parse(readFileSync(join(ROOT, flagsFile), 'utf8'))['C++'];
  const out = join(ROOT, '.cache', 'pch');
  let version = '';
  try {
    version = execFileSync('g++', ['--version'], { encoding: 'utf8' }).split('\n')[0];
  } catch {
    log('g++ is not installed: skipping the precompiled header');
    return 'skipped';
  }
  // Rebuilt when the flags, this file or the compiler change; otherwise instant.
  const missing = !existsSync(join(out, 'bits', 'stdc++.h.gch'));
  return whenChanged(
    'judge-pch',
    [flagsFile, 'packages/judge/bootstrap.mjs'],
    async () => {
      const header = stdcxxHeader();
      log(`precompiling ${header} with ${flags.join(' ')}`);
      const tmp = `${out}.tmp`;
      rmSync(tmp, { recursive: true, force: true });
      mkdirSync(join(tmp, 'bits'), { recursive: true });
      // The header itself sits beside its .gch: g++ then finds both under `-I <dir>`.
      copyFileSync(header, join(tmp, 'bits', 'stdc++.h'));
      run('g++', [...flags, '-x', 'c++-header', header, '-o', join(tmp, 'bits', 'stdc++.h.gch')]);
      rmSync(out, { recursive: true, force: true });
      renameSync(tmp, out);
    },
    version,
    missing,
  );
}
