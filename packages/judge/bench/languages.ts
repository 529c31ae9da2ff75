// `npm run bench languages` (issue 25): per installed language, the toolchain's version, the compile
// time of the editor's A+B template in the box (median of 3 fresh compiles: wall, and the compiler's
// own CPU), and the per-test cost of its A+B run through the judge's run path (runProgram in a warm
// sandbox) beside a bare run of the same command spawned by Node (the build dir in place of /prog);
// medians of RUNS runs each, interleaved, so a busy machine weighs on both alike. Then the C++
// variants: A+B with and without each one's precompiled header. Figures, not a pass/fail test.
// Env: BENCH_RUNS (default 15), BENCH_LANGUAGES (comma list; default every installed language).
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CXX_STANDARDS,
  DEFAULT_CODE_TEMPLATES,
  LANGUAGES,
  type Language,
  type LanguageOptions,
} from '@oj/shared';

process.env.OJ_JUDGE_NICE ??= '0';
process.env.OJ_JUDGE_CPU_GROUPS ??= '0'; // boxes weigh like bare runs (docs/judge-speed.md, "CPU weight")
const { compileInSandbox } = await import('../src/compile');
const { makeBoxDir } = await import('../src/files');
const { languageSpec, PROGRAM_DIR } = await import('../src/languages');
const { isInstalled, languageNamed, TOOLCHAINS, toolVersion } = await import('../src/languages/toolchains');
const { runProgram } = await import('../src/run-program');
const { realSandbox } = await import('../src/sandbox');

const check = await realSandbox.check();
if (!check.ok) {
  console.log(`languages bench skipped: ${check.message}`);
  process.exit(0);
}

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const root = await mkdtemp(join(tmpdir(), 'oj-bench-languages-'));
const input = join(root, 'ab.in');
await writeFile(input, '123456789 987654321\n');

/** Installed size of a language's own Debian packages (dpkg's Installed-Size, MiB; dependencies not counted). */
function packagesMiB(language: Language): number {
  const pkgs = TOOLCHAINS[language].packages;
  if (pkgs.length === 0) return 0;
  try {
    const out = execFileSync('dpkg-query', ['-W', '-f=${Installed-Size}\n', ...pkgs], { encoding: 'utf8' });
    return (
      out
        .split('\n')
        .filter(Boolean)
        .map(Number)
        .reduce((a, b) => a + b, 0) / 1024
    );
  } catch {
    return 0;
  }
}

async function compileOnce(language: Language, options?: LanguageOptions, withPch = true) {
  const spec = languageSpec(language, options);
  const work = await makeBoxDir(root, 'build-');
  await writeFile(join(work, spec.sourceFile), DEFAULT_CODE_TEMPLATES[language]);
  const step = spec.compile(spec.sourceFile);
  const started = performance.now();
  const r = await compileInSandbox(
    realSandbox,
    withPch
      ? step
      : {
          ...step,
          argv: step.argv.filter((a, i, all) => a !== '-I' && all[i - 1] !== '-I'),
          readOnlyBinds: [],
        },
    work,
    root,
  );
  if (!r.ok) throw new Error(`${language}: ${r.message}`);
  const program = spec.program(work);
  if (!program.ok) throw new Error(`${language}: ${program.message}`);
  return { wall: performance.now() - started, cpu: r.run.timeMs, work, entry: program.entry };
}

function bareOnce(argv: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const stdin = openSync(input, 'r');
    const stdout = openSync(join(root, 'bare.out'), 'w');
    const child = spawn(argv[0], argv.slice(1), { stdio: [stdin, stdout, 'ignore'], env });
    child.on('error', reject);
    child.on('exit', () => {
      closeSync(stdin);
      closeSync(stdout);
      resolve();
    });
  });
}

const wanted = (process.env.BENCH_LANGUAGES ?? '')
  .split(',')
  .map((w) => languageNamed(w))
  .filter((l): l is Language => l !== null);
const languages = (wanted.length ? wanted : LANGUAGES).filter(isInstalled);

console.log(
  `A+B per language (the editor's template): compile median of 3, per test median of ${RUNS} (wall ms)`,
);
console.log(
  `  ${'language'.padEnd(10)} ${'version'.padEnd(44)} ${'compile'.padStart(8)} ${'(CPU)'.padStart(7)} ${'test'.padStart(7)} ${'bare'.padStart(7)} ${'extra'.padStart(7)} ${'pkg MiB'.padStart(8)}`,
);
for (const language of languages) {
  const compiles = [];
  for (let i = 0; i < 3; i++) compiles.push(await compileOnce(language));
  const built = compiles[compiles.length - 1];
  const spec = languageSpec(language);
  const step = spec.run({ timeMs: 1000, memoryMiB: 256 }, built.entry);
  const bareArgv = step.argv.map((a) => a.split(PROGRAM_DIR).join(built.work));
  const io = await makeBoxDir(root, 'io-');
  const boxed: number[] = [];
  const bare: number[] = [];
  for (let k = 0; k < RUNS; k++) {
    let t = performance.now();
    const ran = await runProgram(realSandbox, spec, {
      buildDir: built.work,
      entry: built.entry,
      ioDir: io,
      tag: 'bench',
      inputPath: input,
      timeMs: 1000,
      memoryMiB: 256,
      outputBytes: 1 << 20,
    });
    if (ran.verdict) throw new Error(`${language}: ${ran.verdict} ${ran.message}`);
    boxed.push(performance.now() - t);
    t = performance.now();
    await bareOnce(bareArgv, step.env);
    bare.push(performance.now() - t);
  }
  const [test, plain] = [median(boxed), median(bare)];
  console.log(
    `  ${language.padEnd(10)} ${(await toolVersion(language)).slice(0, 44).padEnd(44)} ${median(
      compiles.map((c) => c.wall),
    )
      .toFixed(0)
      .padStart(8)} ${median(compiles.map((c) => c.cpu))
      .toFixed(0)
      .padStart(
        7,
      )} ${test.toFixed(1).padStart(7)} ${plain.toFixed(1).padStart(7)} ${(test - plain >= 0 ? '+' : '') + (test - plain).toFixed(1).padStart(6)} ${packagesMiB(language).toFixed(0).padStart(8)}`,
  );
}

if (languages.includes('C++')) {
  console.log(
    'C++ variants, A+B with <bits/stdc++.h>: compile wall ms (CPU ms), median of 3, with / without the precompiled header',
  );
  for (const std of CXX_STANDARDS)
    for (const o2 of [true, false]) {
      const options = { std, o2 };
      const figures = async (withPch: boolean) => {
        const runs = [];
        for (let i = 0; i < 3; i++) runs.push(await compileOnce('C++', options, withPch));
        return `${median(runs.map((r) => r.wall)).toFixed(0)} (${median(runs.map((r) => r.cpu)).toFixed(0)})`;
      };
      console.log(
        `  ${`${std}${o2 ? ' O2' : '   '}`.padEnd(10)} ${(await figures(true)).padStart(12)} / ${(await figures(false)).padStart(12)}`,
      );
    }
}

await rm(root, { recursive: true, force: true });
process.exit(0);
