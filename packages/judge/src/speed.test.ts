import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunSpec } from '@oj/sandbox';
import type { JudgeProgress } from '@oj/shared';
import { CompileCache } from './compile-cache';
import { judge } from './engine';
import { CorePool } from './lanes';
import { realSandbox, type SandboxApi } from './sandbox';
import { LocalFilesStore } from './testdata';
import { sandboxReady } from '../test/fixture';

const ready = await sandboxReady();

const AB =
  '#include <bits/stdc++.h>\nint main() { long long a, b; std::cin >> a >> b; std::cout << a + b << "\\n"; }\n';

async function abTests(dir: string, n: number) {
  const store = new LocalFilesStore();
  const tests = [];
  for (let i = 1; i <= n; i++) {
    await writeFile(join(dir, `${i}.in`), `${i} ${i}\n`);
    await writeFile(join(dir, `${i}.out`), `${i === 3 ? 0 : 2 * i}\n`); // test 3 expects a wrong answer
    tests.push({
      name: String(i),
      inputHash: await store.add(join(dir, `${i}.in`)),
      answerHash: await store.add(join(dir, `${i}.out`)),
    });
  }
  return { store, tests };
}

/** The real sandbox, counting compiles and remembering the specs of test runs. */
function counting() {
  const specs: RunSpec[] = [];
  let compiles = 0;
  const sandbox: SandboxApi = {
    check: realSandbox.check,
    run: (spec) => {
      if (spec.argv[0].includes('g++')) compiles++;
      else specs.push(spec);
      return realSandbox.run(spec);
    },
  };
  return { sandbox, specs, compiles: () => compiles };
}

describe.skipIf(!ready.ok)('judge speed features, on the real sandbox', () => {
  it('compiles an identical source once (content-addressed cache), reports peak RSS, keeps nothing a test wrote', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'oj-speed-'));
    try {
      const { store, tests } = await abTests(dir, 6);
      const cache = new CompileCache(join(dir, 'cache'), 64 << 20);
      const c = counting();
      const source = `${AB}// ${dir}\n`; // unique: the shared default cache has never seen it
      const job = {
        language: 'C++' as const,
        source,
        limits: { timeMs: 1000, memoryMiB: 256 },
        tests,
        mode: 'all' as const,
      };
      const events: JudgeProgress[] = [];
      const first = await judge(
        { ...job, submissionId: 'a' },
        { testData: store, sandbox: c.sandbox, compileCache: cache, cores: new CorePool(2) },
        (e) => events.push(e),
      );
      const second = await judge(
        { ...job, submissionId: 'b' },
        { testData: store, sandbox: c.sandbox, compileCache: cache },
      );
      expect(c.compiles()).toBe(1);
      for (const r of [first, second]) {
        expect(r.tests.map((t) => t.status)).toEqual(['AC', 'AC', 'WA', 'AC', 'AC', 'AC']);
        expect(r.status).toBe('WA');
      }
      // Memory as users compare it: the program's resident set (libstdc++ alone is over 1 MiB).
      for (const t of first.tests) expect(t.memoryKiB).toBeGreaterThan(1500);
      // Progress keeps its order although tests ran side by side.
      expect(events.map((e) => (e.kind === 'compiling' ? 'c' : `${e.kind[0]}${e.test}`)).join(' ')).toBe(
        'c r1 t1 r2 t2 r3 t3 r4 t4 r5 t5 r6 t6',
      );
      // Test runs keep nothing on the host: what a program writes is dropped with its box.
      expect(c.specs.every((s) => s.discardWrites === true)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('stops at the first failed test in first-failure mode', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'oj-speed-'));
    try {
      const { store, tests } = await abTests(dir, 8);
      const r = await judge(
        {
          submissionId: 'f',
          language: 'C++',
          source: AB,
          limits: { timeMs: 1000, memoryMiB: 256 },
          tests,
          mode: 'first-failure',
        },
        { testData: store, cores: new CorePool(2) },
      );
      expect(r.status).toBe('WA');
      expect(r.tests.map((t) => t.status)).toEqual(['AC', 'AC', 'WA']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
