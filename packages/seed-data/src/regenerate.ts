/**
 * Regenerates the test data of the demo problems from their gen.py and reference solution:
 *   node --import tsx packages/seed-data/src/regenerate.ts [slug ...]   (no slug = every problem)
 * N.in is `python3 gen.py N`, N.out is solution.cpp's output on it, so a fix to a generator or a
 * solution is one command away from consistent data. Every input must pass validate.py, and
 * the handwritten samples must match the solution.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileCpp, PYTHON, runOk } from './lib/host-toolchain';
import { demoProblemSlugs, PROBLEMS_DIR, readCases, TEST_COUNT } from './problems/index';

async function regenerate(slug: string, work: string) {
  const dir = join(PROBLEMS_DIR, slug);
  const solution = compileCpp(join(dir, 'solution.cpp'), join(work, `${slug}-solution`));
  const testsDir = join(dir, 'tests');
  rmSync(testsDir, { recursive: true, force: true });
  mkdirSync(testsDir);
  let bytes = 0;
  for (let i = 1; i <= TEST_COUNT; i++) {
    const input = runOk({ cmd: PYTHON, args: [join(dir, 'gen.py'), String(i)] });
    // a generator bug must not ship data that contradicts the statement
    runOk({ cmd: PYTHON, args: [join(dir, 'validate.py')] }, input);
    const output = runOk(solution, input);
    writeFileSync(join(testsDir, `${i}.in`), input);
    writeFileSync(join(testsDir, `${i}.out`), output);
  }
  for (const f of readdirSync(testsDir)) bytes += statSync(join(testsDir, f)).size;
  const samples = await readCases(join(dir, 'samples'));
  samples.forEach((s, k) => {
    if (runOk(solution, s.input) !== s.output) throw new Error(`${slug}: sample ${k + 1} does not match solution.cpp`);
  });
  console.log(`${slug}: ${TEST_COUNT} tests, ${(bytes / 1024).toFixed(1)} KiB, ${samples.length} samples ok`);
}

const slugs = process.argv.slice(2).length > 0 ? process.argv.slice(2) : demoProblemSlugs();
const work = mkdtempSync(join(tmpdir(), 'oj-regenerate-'));
try {
  for (const slug of slugs) await regenerate(slug, work);
} finally {
  rmSync(work, { recursive: true, force: true });
}
