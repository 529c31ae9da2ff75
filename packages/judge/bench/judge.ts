// Judge benchmarks: C++ compile time with and without the precompiled header, submit-to-verdict
// latency through the in-process queue, runs per second on this machine's cores, and a per-language
// table (compile time; time and memory of an A+B run). Prints figures; not a pass/fail test.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JudgeJobInput, JudgeResult, Language } from '@oj/shared';
import { compileInSandbox } from '../src/compile';
import { makeBoxDir } from '../src/files';
import { compileLimits, cxxCompileArgv, languageSpec } from '../src/languages';
import { InProcessJudgeQueue } from '../src/queue/in-process';
import { realSandbox } from '../src/sandbox';
import { LocalFilesStore } from '../src/testdata';

const check = await realSandbox.check();
if (!check.ok) {
  console.log(`judge bench skipped: ${check.message}`);
  process.exit(0);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const AB_CPP =
  '#include <bits/stdc++.h>\nusing namespace std;\nint main() { long long a, b; cin >> a >> b; cout << a + b << "\\n"; }\n';

const root = await mkdtemp(join(tmpdir(), 'oj-bench-'));

async function compileCxx(withPch: boolean): Promise<number> {
  const work = await makeBoxDir(root, 'cc-');
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
const queue = new InProcessJudgeQueue({ testData: store, concurrency: cores });
const pending = new Map<string, (r: JudgeResult) => void>();
queue.onResult((r) => pending.get(r.submissionId)?.(r));
let n = 0;
const submit = (language: Language, source: string) => {
  const id = `bench-${n++}`;
  const done = new Promise<JudgeResult>((resolve) => pending.set(id, resolve));
  void queue.submit({ submissionId: id, language, source, limits: { timeMs: 1000, memoryMiB: 256 }, tests });
  return done;
};

const latency: number[] = [];
for (let i = 0; i < 5; i++) {
  const started = performance.now();
  const r = await submit('C++', AB_CPP);
  if (r.status !== 'AC') throw new Error(`A+B was ${r.status}: ${JSON.stringify(r)}`);
  latency.push(performance.now() - started);
}
console.log(
  `C++ A+B, 10 tests, submit → verdict through the in-process queue: median ${median(latency).toFixed(0)} ms (of 5)`,
);

// Throughput: 20 submissions × 10 tests judged by one worker per core.
const started = performance.now();
const all = await Promise.all(Array.from({ length: 20 }, () => submit('C++', AB_CPP)));
const seconds = (performance.now() - started) / 1000;
const runs = all.reduce((s, r) => s + r.tests.length, 0);
console.log(
  `throughput on ${cores} cores: ${(20 / seconds).toFixed(1)} submissions/s, ${(runs / seconds).toFixed(1)} test runs/s (compile included)`,
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
console.log(
  `test runs on ${cores} cores (${cores} × 100 tests, one compile each): ${(manyRuns / runSeconds).toFixed(1)} runs/s`,
);

const AB: Record<Language, string> = {
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
  const r = await submit(language, AB[language]);
  const wall = performance.now() - t0;
  console.log(
    `  ${language.padEnd(10)} ${r.status}  ${wall.toFixed(0).padStart(5)} ms total  ${String(r.timeMs).padStart(4)} ms CPU  ${String(r.memoryKiB).padStart(6)} KiB`,
  );
}

await queue.close();
await rm(root, { recursive: true, force: true });
