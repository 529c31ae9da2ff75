// Bootstrap hook of the judge: the toolchains of the languages in use (the six of SPEC §3 always,
// the others when `OJ_LANGUAGES` enables them, every one for `npm test`), and the precompiled
// <bits/stdc++.h> of every C++ variant, which makes a C++ compile 3–5× faster. Plain Node: runs
// before node_modules exists.
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

/** The judge's table of toolchains (src/languages/toolchains.json, read by toolchains.ts too). */
const TOOLCHAINS = JSON.parse(readFileSync(new URL('./src/languages/toolchains.json', import.meta.url), 'utf8'));

/** The language a word of `OJ_LANGUAGES` names (as toolchains.ts `languageNamed`), or null. */
function languageNamed(word) {
  const key = word.trim().toLowerCase();
  return Object.keys(TOOLCHAINS).find((l) => l.toLowerCase() === key || TOOLCHAINS[l].aliases?.includes(key)) ?? null;
}

/** The languages `OJ_LANGUAGES` enables beyond the six, and the words it did not understand. */
export function enabledLanguages(raw = process.env.OJ_LANGUAGES ?? '') {
  const words = raw.split(/[\s,;]+/).filter(Boolean);
  if (words.some((w) => w.toLowerCase() === 'all')) return { languages: Object.keys(TOOLCHAINS), unknown: [] };
  const chosen = new Set(Object.keys(TOOLCHAINS).filter((l) => TOOLCHAINS[l].base));
  const unknown = [];
  for (const w of words) {
    const l = languageNamed(w);
    if (l) chosen.add(l);
    else unknown.push(w);
  }
  return { languages: [...chosen], unknown };
}

const packagesOf = (languages) => [...new Set(languages.flatMap((l) => TOOLCHAINS[l].packages))];

/** `npm start`: the six languages and those `OJ_LANGUAGES` enables. */
export const debianPackages = packagesOf(enabledLanguages().languages);
/** `npm test` exercises every language the judge knows (its language and adversarial suites). */
export const testDebianPackages = packagesOf(Object.keys(TOOLCHAINS));

const FLAGS_FILE = 'packages/judge/src/languages/compiler-flags.json';

/** Where the C++ standard library's umbrella header lives for the installed g++. */
function stdcxxHeader() {
  const version = execFileSync('g++', ['-dumpversion'], { encoding: 'utf8' }).trim().split('.')[0];
  const triplet = execFileSync('g++', ['-dumpmachine'], { encoding: 'utf8' }).trim();
  const header = `/usr/include/${triplet}/c++/${version}/bits/stdc++.h`;
  if (!existsSync(header)) throw new Error(`cannot find ${header}`);
  return header;
}

/**
 * Every C++ variant (standard × O2 on/off) with its flags and directory, as
 * src/languages/c-family.ts derives them: the default flags with `-std=` replaced, `-O2` dropped
 * when off; the directory is `<dialect>-<O2|O0>`.
 */
export function cxxVariants(json) {
  const variants = [];
  for (const std of Object.values(json.standards['C++'])) {
    for (const o2 of [true, false]) {
      const flags = json['C++'].map((f) => (f.startsWith('-std=') ? std : f)).filter((f) => o2 || f !== json.o2);
      variants.push({ key: `${std.slice('-std='.length)}-${o2 ? 'O2' : 'O0'}`, flags });
    }
  }
  return variants;
}

function compileAsync(args) {
  return new Promise((resolve, reject) => {
    const child = spawn('g++', args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`g++ ${args.join(' ')} exited ${code}`))));
  });
}

/**
 * Builds the header of each variant whose directory is missing or was built with other flags or
 * another g++ (its `stamp` file says which), a few at a time; up-to-date variants cost nothing.
 */
async function buildPch({ log, ROOT, version }) {
  const out = join(ROOT, '.cache', 'pch');
  const json = JSON.parse(readFileSync(join(ROOT, FLAGS_FILE), 'utf8'));
  // The layout before variants (one header under .cache/pch/bits) is not read any more.
  rmSync(join(out, 'bits'), { recursive: true, force: true });
  const stale = cxxVariants(json).filter((v) => {
    const stamp = join(out, v.key, 'stamp');
    return !existsSync(join(out, v.key, 'bits', 'stdc++.h.gch')) || !existsSync(stamp) || readFileSync(stamp, 'utf8') !== `${version}\n${v.flags.join(' ')}`;
  });
  if (stale.length === 0) return 'up to date';
  const header = stdcxxHeader();
  const queue = [...stale];
  const worker = async () => {
    for (let v = queue.shift(); v; v = queue.shift()) {
      log(`precompiling ${header} for ${v.key}: ${v.flags.join(' ')}`);
      const dir = join(out, v.key);
      const tmp = `${dir}.tmp`;
      rmSync(tmp, { recursive: true, force: true });
      mkdirSync(join(tmp, 'bits'), { recursive: true });
      // The header itself sits beside its .gch: g++ then finds both under `-I <dir>`.
      copyFileSync(header, join(tmp, 'bits', 'stdc++.h'));
      await compileAsync([...v.flags, '-x', 'c++-header', header, '-o', join(tmp, 'bits', 'stdc++.h.gch')]);
      writeFileSync(join(tmp, 'stamp'), `${version}\n${v.flags.join(' ')}`);
      rmSync(dir, { recursive: true, force: true });
      renameSync(tmp, dir);
    }
  };
  const parallel = Math.max(1, Math.min(stale.length, availableParallelism()));
  await Promise.all(Array.from({ length: parallel }, worker));
  return `rebuilt ${stale.map((v) => v.key).join(', ')}`;
}

export async function build({ log, ROOT }) {
  const { languages, unknown } = enabledLanguages();
  const extra = languages.filter((l) => !TOOLCHAINS[l].base);
  if (extra.length) log(`languages enabled by OJ_LANGUAGES: ${extra.join(', ')}`);
  if (unknown.length) log(`OJ_LANGUAGES names no language the judge knows: ${unknown.join(', ')}`);
  let version = '';
  try {
    version = execFileSync('g++', ['--version'], { encoding: 'utf8' }).split('\n')[0];
  } catch {
    log('g++ is not installed: skipping the precompiled headers');
    return 'skipped';
  }
  return buildPch({ log, ROOT, version });
}
