// `npm run bench per-test`: what one test costs through the judge, side by side with a bare run
// of the same binary in the same process and the same minutes (the machine is shared: only the
// comparison means something). C++ A+B, 51 tests, rounds interleaved; medians of the rounds.
//   bare          Node spawns the compiled binary, stdin/stdout on files, waits for its exit
//   sandbox       one runInSandbox of the same binary with the judge's spec (warm helper)
//   judge, 1 core judge() with 51 tests one after another (gap between test results)
//   judge         judge() with tests on idle cores (the default)
// CPU columns: CPU of this process and all its descendants (helpers, boxes, programs) per test.
// Env: BENCH_ROUNDS (default 3). The box runs at the bench's own priority (OJ_JUDGE_NICE=0), so
// that bare and boxed runs compete for the CPU alike; run it under `nice -n -15` on a busy host.
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { treeCpuMs } from '@oj/sandbox/tree-cpu';

process.env.OJ_JUDGE_NICE ??= '0';
process.env.OJ_JUDGE_CPU_GROUPS ??= '0'; // boxes weigh like bare runs (docs/judge-speed.md, "CPU weight")
const { compileInSandbox } = await import('../src/compile');
const { judge } = await import('../src/engine');
const { makeBoxDir } = await import('../src/files');
const { CorePool, judgeCores } = await import('../src/lanes');
const { languageSpec } = await import('../src/languages');
const { realSandbox } = await import('../src/sandbox');
const { LocalFilesStore } = await import('../src/testdata');

const check = await realSandbox.check();
if (!check.ok) {
  console.log(`per-test bench skipped: ${check.message}`);
  process.exit(0);
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TESTS = 51;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const AB =
  '#include <bits/stdc++.h>\nusing namespace std;\nint main() { long long a, b; cin >> a >> b; cout << a + b << "\\n"; }\n';

const cpuMs = treeCpuMs;

const root = await mkdtemp(join(tmpdir(), 'oj-per-test-'));
const store = new LocalFilesStore();
const tests: { name: string; inputHash: string; answerHash: string }[] = [];
for (let i = 1; i <= TESTS; i++) {
  await writeFile(join(root, `${i}.in`), `${i * 7} ${i * 13}\n`);
  await writeFile(join(root, `${i}.out`), `${i * 20}\n`);
  tests.push({
    name: String(i),
    inputHash: await store.add(join(root, `${i}.in`)),
    answerHash: await store.add(join(root, `${i}.out`)),
  });
}

// The binary every column runs (the judge compiles its own copy of the same source).
const lang = languageSpec('C++');
const jobDir = await makeBoxDir(root, 'job-');
const buildDir = await makeBoxDir(jobDir, 'build-');
await writeFile(join(buildDir, 'main.cpp'), AB);
const compiled = await compileInSandbox(realSandbox, lang.compile(), buildDir, jobDir);
if (!compiled.ok) throw new Error(compiled.message);

function bareOnce(k: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const stdin = openSync(join(root, `${k + 1}.in`), 'r');
    const stdout = openSync(join(root, 'bare.out'), 'w');
    const child = spawn(join(buildDir, 'main'), [], { stdio: [stdin, stdout, 'ignore'] });
    child.on('error', reject);
    child.on('exit', () => {
      closeSync(stdin);
      closeSync(stdout);
      resolve();
    });
  });
}

const step = lang.run({ timeMs: 1000, memoryMiB: 256 });
async function sandboxOnce(k: number): Promise<void> {
  const r = await realSandbox.run({
    argv: step.argv,
    workDir: join(jobDir, 'empty'),
    discardWrites: true,
    readOnlyBinds: [{ host: buildDir, box: '/prog' }],
    env: step.env,
    stdinFile: join(root, `${k + 1}.in`),
    stdoutFile: join(jobDir, 'sandbox.out'),
    stderrFile: join(jobDir, 'sandbox.err'),
    limits: {
      cpuMs: 1000,
      wallMs: 5000,
      memoryKiB: step.memoryKiB,
      processes: 1,
      fileSizeBytes: 64 << 20,
      openFiles: 64,
    },
  });
  if (r.outcome !== 'exited') throw new Error(JSON.stringify(r));
}
await makeBoxDir(jobDir, 'e').then(async (d) => {
  const { rename } = await import('node:fs/promises');
  await rename(d, join(jobDir, 'empty'));
});

/** Median time per call and CPU per call of `n` sequential calls. */
async function sequential(fn: (k: number) => Promise<void>): Promise<{ ms: number; cpu: number }> {
  const times: number[] = [];
  const cpu0 = cpuMs();
  for (let k = 0; k < TESTS; k++) {
    const t = performance.now();
    await fn(k);
    times.push(performance.now() - t);
  }
  return { ms: median(times), cpu: (cpuMs() - cpu0) / TESTS };
}

let jobs = 0;
/** Time spent inside sandbox.run per judged test: the rest of a test's gap is the judge's own. */
const inSandbox: number[] = [];
const timedSandbox = {
  check: realSandbox.check,
  run: async (spec: Parameters<typeof realSandbox.run>[0]) => {
    const t = performance.now();
    const r = await realSandbox.run(spec);
    inSandbox.push(performance.now() - t);
    return r;
  },
};
const judgeOwn: number[] = [];

/** Per-test figure of one judged submission: median gap between consecutive test results. */
async function judged(
  pool: InstanceType<typeof CorePool>,
): Promise<{ ms: number; cpu: number; memoryKiB: number }> {
  const at: number[] = [];
  let cpu0 = 0;
  const oneByOne = pool.capacity === 1;
  inSandbox.length = 0;
  const r = await judge(
    {
      submissionId: `per-test-${jobs++}`,
      language: 'C++',
      source: AB,
      limits: { timeMs: 1000, memoryMiB: 256 },
      tests,
      mode: 'all',
    },
    { testData: store, cores: pool, sandbox: oneByOne ? timedSandbox : realSandbox },
    (e) => {
      if (e.kind === 'running' && e.test === 1) cpu0 = cpuMs();
      if (e.kind === 'test') at.push(performance.now());
    },
  );
  if (r.status !== 'AC' || r.tests.length !== TESTS) throw new Error(`A+B: ${r.status}`);
  const cpu = (cpuMs() - cpu0) / TESTS;
  const gaps = at.slice(1).map((t, i) => t - at[i]);
  // One by one, each gap is one test's sandbox run plus the judge's own work around it.
  if (oneByOne) judgeOwn.push(median(gaps.map((g, i) => g - inSandbox[i + 2])));
  return { ms: median(gaps), cpu, memoryKiB: median(r.tests.map((t) => t.memoryKiB)) };
}

const rows: Record<string, { ms: number[]; cpu: number[] }> = {};
const add = (name: string, x: { ms: number; cpu: number }) => {
  rows[name] ??= { ms: [], cpu: [] };
  rows[name].ms.push(x.ms);
  rows[name].cpu.push(x.cpu);
};
let memory = 0;
for (let round = 0; round < ROUNDS; round++) {
  add('bare run (Node spawn)', await sequential(bareOnce));
  add('sandbox run (runInSandbox)', await sequential(sandboxOnce));
  add('judge, tests one by one', await judged(new CorePool(1)));
  const parallel = await judged(judgeCores);
  memory = parallel.memoryKiB;
  add(`judge, tests on idle cores (${judgeCores.capacity})`, parallel);
}

const bare = median(rows['bare run (Node spawn)'].ms);
console.log(
  `C++ A+B, ${TESTS} tests, medians of ${ROUNDS} interleaved rounds (per test: ms of wall, ms of CPU of every process):`,
);
for (const [name, r] of Object.entries(rows)) {
  const ms = median(r.ms);
  const extra = name.startsWith('bare')
    ? ''
    : `  (bare ${ms >= bare ? '+' : ''}${(ms - bare).toFixed(2)} ms)`;
  console.log(
    `  ${name.padEnd(34)} ${ms.toFixed(2).padStart(6)} ms  CPU ${median(r.cpu).toFixed(2).padStart(5)} ms${extra}`,
  );
}
const oneByOne = median(rows['judge, tests one by one'].ms);
console.log(
  `  goal: per-test cost through the judge ≤ bare + 2 ms → ${oneByOne <= bare + 2 ? 'met' : 'not met'} (one by one, ${(oneByOne - bare).toFixed(2)} ms over bare)`,
);
console.log(
  `  the judge's own work per test, outside sandbox.run (one by one): median ${median(judgeOwn).toFixed(2)} ms`,
);
console.log(`  memory of an A+B test (peak resident set, median): ${memory} KiB (goal ~3 MB)`);
await rm(root, { recursive: true, force: true });
process.exit(0);
