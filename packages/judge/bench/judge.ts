// Judge benchmarks: C++ compile time with and without the precompiled header, submit-to-verdict
// latency through the in-process queue, runs per second on this machine's cores, and a per-language
// table (compile time; time and memory of an A+B run). Prints figures; not a pass/fail test.
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JudgeJobInput, JudgeResult, Language } from '@oj/shared';
import { compileInSandbox } from '../src/compile';
import { makeBoxDir } from '../src/files';
import { compileLimits, cxxCompileArgv, languageSpec } from '../src/languages';
import { defaultJudgeConcurrency } from '../src/lanes';
import { PCH_BOX_DIR } from '../src/paths';
import { InProcessJudgeQueue } from '../src/queue/in-process';
import { realSandbox } from '../src/sandbox';
import { LocalFilesStore } from '../src/testdata';

// Judged and bare runs compete for the CPU alike: no box in the judge's low-weight CPU group, even if
// this process sits in a serving group (docs/judge-speed.md, "CPU weight").
process.env.OJ_JUDGE_CPU_GROUPS ??= '0';
const check = await realSandbox.check();
if (!check.ok) {
  console.log(`judge bench skipped: ${check.message}`);
  process.exit(0);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const AB_CPP =
  '#include <bits/stdc++.h>\nusing namespace std;\nint main() { long long a, b; cin >> a >> b; cout << a + b << "\\n"; }\n';

const root = await mkdtemp(join(tmpdir(), 'oj-bench-'));

let lastBinary = '';
async function compileCxx(withPch: boolean): Promise<number> {
  const work = await makeBoxDir(root, 'cc-');
  lastBinary = join(work, 'main');
  await writeFile(join(work, 'main.cpp'), AB_CPP);
  const step = languageSpec('C++').compile();
  const started = performance.now();
  const r = await compileInSandbox(
    realSandbox,
    {
      ...step,
      argv: cxxCompileArgv('main.cpp', 'main', withPch),
      readOnlyBinds: withPch ? step.readOnlyBinds : [],
      limits: compileLimits(),
    },
    work,
    root,
  );
  if (!r.ok) throw new Error(r.message);
  return performance.now() - started;
}

if (languageSpec('C++').compile().readOnlyBinds.length === 0)
  console.log('note: no precompiled header built (run the bootstrap)');
const withPch: number[] = [];
const without: number[] = [];
for (let i = 0; i < 5; i++) {
  withPch.push(await compileCxx(true));
  without.push(await compileCxx(false));
}
console.log(`C++ A+B compile (bits/stdc++.h), median of 5, wall incl. sandbox:`);
console.log(`  with precompiled header:    ${median(withPch).toFixed(0)} ms`);
console.log(`  without precompiled header: ${median(without).toFixed(0)} ms`);

// Ten A+B tests in a folder-like store.
const store = new LocalFilesStore();
const tests: JudgeJobInput['tests'] = [];
for (let i = 1; i <= 10; i++) {
  const a = i * 7;
  const b = i * 13;
  await writeFile(join(root, `${i}.in`), `${a} ${b}\n`);
  await writeFile(join(root, `${i}.out`), `${a + b}\n`);
  tests.push({
    name: String(i),
    inputHash: await store.add(join(root, `${i}.in`)),
    answerHash: await store.add(join(root, `${i}.out`)),
  });
}

const cores = availableParallelism();
const queue = new InProcessJudgeQueue({ testData: store }); // the default concurrency (one per core)
const pending = new Map<string, (r: JudgeResult) => void>();
queue.onResult((r) => pending.get(r.submissionId)?.(r));
let n = 0;
const submit = (language: Language, source: string) => {
  const id = `bench-${n++}`;
  const done = new Promise<JudgeResult>((resolve) => pending.set(id, resolve));
  void queue.submit({ submissionId: id, language, source, limits: { timeMs: 1000, memoryMiB: 256 }, tests });
  return done;
};

// Every source distinct (a comment), so that the compile cache does not hide the compiles.
let distinct = 0;
const fresh = () => `${AB_CPP}// ${process.pid}-${Date.now()}-${distinct++}\n`;
const latency: number[] = [];
const cachedLatency: number[] = [];
for (let i = 0; i < 5; i++) {
  const source = fresh();
  let started = performance.now();
  const r = await submit('C++', source);
  if (r.status !== 'AC') throw new Error(`A+B was ${r.status}: ${JSON.stringify(r)}`);
  latency.push(performance.now() - started);
  started = performance.now();
  await submit('C++', source); // the identical resubmission: compiled once, taken from the cache
  cachedLatency.push(performance.now() - started);
}
console.log(
  `C++ A+B, 10 tests, submit → verdict through the in-process queue: median ${median(latency).toFixed(0)} ms (of 5); identical resubmission (compile cache): ${median(cachedLatency).toFixed(0)} ms`,
);

// Throughput: 24 submissions × 10 tests, distinct sources, beside the same compiles and runs done
// bare (g++ with the same flags and precompiled header outside any box, then the 10 runs, as many
// submissions at a time as cores). Rounds interleave judged and bare (the machine's load moves);
// the judge at its default (one job per core) and with one more job, which compiles while the
// others run tests. Best round of each.
const THROUGHPUT_SUBMISSIONS = 24;
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const aheadQueue = new InProcessJudgeQueue({ testData: store, concurrency: defaultJudgeConcurrency() + 1 });
aheadQueue.onResult((r) => pending.get(r.submissionId)?.(r));
async function judgedRate(q: InProcessJudgeQueue): Promise<{ rate: number; runs: number }> {
  const submitTo = (source: string) => {
    const id = `bench-${n++}`;
    const done = new Promise<JudgeResult>((resolve) => pending.set(id, resolve));
    void q.submit({
      submissionId: id,
      language: 'C++',
      source,
      limits: { timeMs: 1000, memoryMiB: 256 },
      tests,
    });
    return done;
  };
  const t0 = performance.now();
  const all = await Promise.all(Array.from({ length: THROUGHPUT_SUBMISSIONS }, () => submitTo(fresh())));
  const seconds = (performance.now() - t0) / 1000;
  if (all.some((r) => r.status !== 'AC')) throw new Error('a throughput submission was not AC');
  return {
    rate: THROUGHPUT_SUBMISSIONS / seconds,
    runs: all.reduce((s, r) => s + r.tests.length, 0) / seconds,
  };
}
const spawnDone = (
  file: string,
  args: string[],
  stdin: number | 'ignore',
  stdout: number | 'ignore',
  cwd?: string,
) =>
  new Promise<number | null>((resolve, reject) => {
    const child = spawn(file, args, {
      stdio: [stdin, stdout, 'ignore'],
      cwd,
      env: { PATH: '/usr/bin:/bin' },
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code));
  });
const pchDir = languageSpec('C++').compile().readOnlyBinds[0]?.host;
/** One submission bare: compile (same argv, the header from its host dir), then the 10 tests. */
async function bareSubmission(lane: number): Promise<void> {
  const dir = join(root, `bare-sub-${lane}`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir);
  await writeFile(join(dir, 'main.cpp'), fresh());
  const argv = cxxCompileArgv('main.cpp', 'main', pchDir !== undefined).map((a) =>
    a === PCH_BOX_DIR ? pchDir! : a,
  );
  if ((await spawnDone(argv[0], argv.slice(1), 'ignore', 'ignore', dir)) !== 0)
    throw new Error('bare compile failed');
  for (let i = 1; i <= 10; i++) {
    const stdin = openSync(join(root, `${i}.in`), 'r');
    const stdout = openSync(join(dir, 'out'), 'w');
    try {
      await spawnDone(join(dir, 'main'), [], stdin, stdout);
    } finally {
      closeSync(stdin);
      closeSync(stdout);
    }
  }
}
async function bareRate(): Promise<number> {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: cores }, async (_, lane) => {
      while (next++ < THROUGHPUT_SUBMISSIONS) await bareSubmission(lane);
    }),
  );
  return THROUGHPUT_SUBMISSIONS / ((performance.now() - t0) / 1000);
}
const best = { perCore: 0, perCoreRuns: 0, ahead: 0, bare: 0 };
for (let round = 0; round < ROUNDS; round++) {
  best.bare = Math.max(best.bare, await bareRate());
  const p = await judgedRate(queue);
  if (p.rate > best.perCore) Object.assign(best, { perCore: p.rate, perCoreRuns: p.runs });
  best.ahead = Math.max(best.ahead, (await judgedRate(aheadQueue)).rate);
}
await aheadQueue.close();
const pct = (x: number) => ((100 * x) / best.bare).toFixed(0);
console.log(
  `throughput on ${cores} cores, C++ A+B, 10 tests, distinct sources (best of ${ROUNDS} rounds of ${THROUGHPUT_SUBMISSIONS}):`,
);
console.log(
  `  bare (compile + 10 runs, ${cores} submissions at a time): ${best.bare.toFixed(2)} submissions/s`,
);
console.log(
  `  judged, default (one job per core): ${best.perCore.toFixed(2)} submissions/s (${pct(best.perCore)} % of bare; goal ≥ 90 %), ${best.perCoreRuns.toFixed(1)} test runs/s`,
);
console.log(
  `  judged, one more job compiling ahead: ${best.ahead.toFixed(2)} submissions/s (${pct(best.ahead)} % of bare)`,
);

// Run throughput alone: one submission per core with 100 tests each (one compile each).
const manyTests: JudgeJobInput['tests'] = Array.from({ length: 100 }, (_, i) => ({
  ...tests[i % 10],
  name: String(i + 1),
}));
const runsStarted = performance.now();
const many = await Promise.all(
  Array.from({ length: cores }, () => {
    const id = `bench-${n++}`;
    const done = new Promise<JudgeResult>((resolve) => pending.set(id, resolve));
    void queue.submit({
      submissionId: id,
      language: 'C++',
      source: AB_CPP,
      limits: { timeMs: 1000, memoryMiB: 256 },
      tests: manyTests,
    });
    return done;
  }),
);
const runSeconds = (performance.now() - runsStarted) / 1000;
const manyRuns = many.reduce((s, r) => s + r.tests.length, 0);
// The same binary run bare (Node spawn, stdin and stdout on files), as many at a time as cores.
const bareOnce = (k: number) =>
  new Promise<void>((resolve, reject) => {
    const stdin = openSync(join(root, `${(k % 10) + 1}.in`), 'r');
    const stdout = openSync(join(root, `bare-${k % cores}.out`), 'w');
    const child = spawn(lastBinary, [], { stdio: [stdin, stdout, 'ignore'] });
    child.on('error', reject);
    child.on('exit', () => {
      closeSync(stdin);
      closeSync(stdout);
      resolve();
    });
  });
let bareRuns = 0;
const bareStarted = performance.now();
await Promise.all(
  Array.from({ length: cores }, async (_, lane) => {
    for (let k = lane; k < cores * 100; k += cores, bareRuns++) await bareOnce(k);
  }),
);
const bareSeconds = (performance.now() - bareStarted) / 1000;
console.log(
  `test runs on ${cores} cores (${cores} × 100 tests, one compile each): ${(manyRuns / runSeconds).toFixed(1)} runs/s (goal ≥ 300; the same binary bare, ${cores} at a time: ${(bareRuns / bareSeconds).toFixed(1)} runs/s)`,
);

const AB: Partial<Record<Language, string>> = {
  C: '#include <stdio.h>\nint main(void) { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a + b); return 0; }\n',
  'C++': AB_CPP,
  Python3: 'a, b = map(int, input().split())\nprint(a + b)\n',
  Java: 'import java.util.*;\npublic class Main { public static void main(String[] x) { Scanner s = new Scanner(System.in); System.out.println(s.nextLong() + s.nextLong()); } }\n',
  Go: 'package main\n\nimport "fmt"\n\nfunc main() {\n\tvar a, b int64\n\tfmt.Scan(&a, &b)\n\tfmt.Println(a + b)\n}\n',
  JavaScript:
    'const [a, b] = require("fs").readFileSync(0, "utf8").trim().split(/\\s+/).map(Number);\nconsole.log(a + b);\n',
};
console.log('per language, A+B (10 tests): submit → verdict, max CPU time and peak memory of a run');
for (const language of Object.keys(AB) as Language[]) {
  const t0 = performance.now();
  const r = await submit(language, AB[language] ?? '');
  const wall = performance.now() - t0;
  console.log(
    `  ${language.padEnd(10)} ${r.status}  ${wall.toFixed(0).padStart(5)} ms total  ${String(r.timeMs).padStart(4)} ms CPU  ${String(r.memoryKiB).padStart(6)} KiB`,
  );
}

await queue.close();
await rm(root, { recursive: true, force: true });
