// `npm run bench interactive`: what one test of an interactive problem costs beside a batch test
// of the same work, through the judge, in the same process and minutes (only the comparison means
// something on a shared machine). 50 tests each, rounds interleaved; medians of the rounds.
//   batch        C++ A+B: input file on stdin, stdout checked by the default checker
//   interactive  the same A+B asked by an interactor through pipes: two boxes per test
//   file I/O     the same A+B reading a.in and writing a.out in its directory
// Per test: the mean gap between consecutive test results (results side by side come in bursts,
// so the median of the gaps would say little), tests one by one (1 core) and on idle cores.
// Env: BENCH_ROUNDS (default 3).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JudgeJobInput } from '@oj/shared';

process.env.OJ_JUDGE_NICE ??= '0';
process.env.OJ_JUDGE_CPU_GROUPS ??= '0'; // boxes weigh like bare runs (docs/judge-speed.md, "CPU weight")
const { judge } = await import('../src/engine');
const { CorePool, judgeCores } = await import('../src/lanes');
const { realSandbox } = await import('../src/sandbox');
const { LocalFilesStore } = await import('../src/testdata');

const check = await realSandbox.check();
if (!check.ok) {
  console.log(`interactive bench skipped: ${check.message}`);
  process.exit(0);
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TESTS = 50;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const AB =
  '#include <cstdio>\nint main() { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a + b); }\n';
const AB_FILES =
  '#include <cstdio>\nint main() { long long a, b; FILE *in = fopen("a.in", "r"), *out = fopen("a.out", "w");\n' +
  '  fscanf(in, "%lld %lld", &a, &b); fprintf(out, "%lld\\n", a + b); }\n';
// Sends the two numbers of the input, checks the sum against the answer (testlib exit codes).
const INTERACTOR = `#include <cstdio>
int main(int argc, char **argv) {
  long long a, b, want, got;
  FILE *in = fopen(argv[1], "r"), *ans = fopen(argv[3], "r");
  if (fscanf(in, "%lld %lld", &a, &b) != 2 || fscanf(ans, "%lld", &want) != 1) return 3;
  printf("%lld %lld\\n", a, b);
  fflush(stdout);
  if (scanf("%lld", &got) != 1) return 2;
  return got == want ? 0 : 1;
}
`;

const root = await mkdtemp(join(tmpdir(), 'oj-interactive-bench-'));
const store = new LocalFilesStore();
const tests: JudgeJobInput['tests'] = [];
for (let i = 1; i <= TESTS; i++) {
  await writeFile(join(root, `${i}.in`), `${i * 7} ${i * 13}\n`);
  await writeFile(join(root, `${i}.out`), `${i * 20}\n`);
  tests.push({
    name: String(i),
    inputHash: await store.add(join(root, `${i}.in`)),
    answerHash: await store.add(join(root, `${i}.out`)),
  });
}

const kinds: Record<string, Partial<JudgeJobInput>> = {
  batch: { source: AB },
  interactive: { source: AB, type: 'interactive', interactor: { language: 'C++', source: INTERACTOR } },
  'file I/O': { source: AB_FILES, io: { input: 'a.in', output: 'a.out' } },
};

let jobs = 0;
async function perTest(kind: string, pool: InstanceType<typeof CorePool>): Promise<number> {
  const at: number[] = [];
  const r = await judge(
    {
      submissionId: `interactive-bench-${jobs++}`,
      language: 'C++',
      source: '',
      limits: { timeMs: 1000, memoryMiB: 256 },
      tests,
      mode: 'all',
      ...kinds[kind],
    },
    { testData: store, cores: pool },
    (e) => {
      if (e.kind === 'test') at.push(performance.now());
    },
  );
  if (r.status !== 'AC' || r.tests.length !== TESTS)
    throw new Error(`${kind}: ${r.status} ${r.message ?? ''}`);
  return (at[at.length - 1] - at[0]) / (at.length - 1);
}

const rows: Record<string, number[]> = {};
for (let round = 0; round < ROUNDS; round++)
  for (const kind of Object.keys(kinds)) {
    (rows[`${kind}, one by one`] ??= []).push(await perTest(kind, new CorePool(1)));
    (rows[`${kind}, on idle cores (${judgeCores.capacity})`] ??= []).push(await perTest(kind, judgeCores));
  }

console.log(
  `C++ A+B, ${TESTS} tests, medians of ${ROUNDS} interleaved rounds (per test: mean ms between results):`,
);
for (const [name, ms] of Object.entries(rows))
  console.log(`  ${name.padEnd(34)} ${median(ms).toFixed(2).padStart(7)} ms`);
await rm(root, { recursive: true, force: true });
process.exit(0);
