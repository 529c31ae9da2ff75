import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CODE_TEMPLATES, type JudgeResult, type Language, type TestResult } from '@oj/shared';
import { EXPECTED, judgeFixture, program, sandboxReady, SCENARIOS, toolchainReady } from './fixture';

export interface SuiteOptions {
  language: Language;
  /** File under test/programs implementing SCENARIOS. */
  file: string;
  /** A source that must not compile. */
  compileError: string;
  /** Deepest recursion the language is expected to manage under 256 MiB (documented). */
  recursionDepth?: number;
  /**
   * The job's time limit (default 1000 ms): an interpreter's deep recursion and memory bomb take
   * most of a second, so with both cores busy (the suite runs files in parallel) they need more.
   */
  timeMs?: number;
}

const ready = await sandboxReady();

/**
 * One compile, every verdict: the program picks its behaviour from the first input token, and
 * the job runs all tests ('all' mode), so Java and Go compile once per file.
 */
export function languageSuite(options: SuiteOptions): void {
  const installed = toolchainReady(options.language);
  describe.skipIf(!ready.ok || !installed.ok)(`${options.language}: verdicts, time and memory`, () => {
    let result: JudgeResult;
    let memoryBomb: JudgeResult;
    const byName = (name: string): TestResult => {
      const t = [...result.tests, ...memoryBomb.tests].find((x) => x.name === name);
      if (!t) throw new Error(`no result for ${name}: ${JSON.stringify(result)}`);
      return t;
    };

    beforeAll(async () => {
      const depth = options.recursionDepth ?? 1_000_000;
      const tests = SCENARIOS.filter((t) => t.name !== 'mle').map((t) =>
        t.name === 'rec' ? { ...t, input: `rec ${depth}\n`, answer: `${depth}\n` } : t,
      );
      result = await judgeFixture({
        language: options.language,
        source: program(options.file),
        tests,
        outputBytes: 1 << 20,
        timeMs: options.timeMs,
      });
      // The memory bomb gets its own job (the compile is cached) with a roomy time limit: on a
      // freshly booted VM, first touches of guest memory fault to the host and 256 MiB can take
      // over a second of CPU time, so under a 1 s limit it would end as TLE, not MLE (seen in CI).
      memoryBomb = await judgeFixture({
        language: options.language,
        source: program(options.file),
        tests: SCENARIOS.filter((t) => t.name === 'mle'),
        timeMs: Math.max(options.timeMs ?? 1000, 8000),
      });
    }, 120_000);

    it('compiles', () => {
      expect(result.status, JSON.stringify(result)).not.toBe('CE');
      expect(result.tests).toHaveLength(SCENARIOS.length - 1);
      expect(memoryBomb.tests).toHaveLength(1);
    });

    for (const s of SCENARIOS) {
      it(`${s.name} → ${EXPECTED[s.name]}`, () => {
        const t = byName(s.name);
        expect(t.status, JSON.stringify(t)).toBe(EXPECTED[s.name]);
      });
    }

    it('reports the first failing verdict and the maxima', () => {
      expect(result.status).toBe('WA');
      expect(result.timeMs).toBe(Math.max(...result.tests.map((t) => t.timeMs)));
      expect(result.memoryKiB).toBe(Math.max(...result.tests.map((t) => t.memoryKiB)));
    });

    it('measures CPU time within 15 % of what the program burnt (600 ms)', () => {
      const t = byName('cpu');
      expect(t.timeMs).toBeGreaterThanOrEqual(600 * 0.95);
      expect(t.timeMs).toBeLessThanOrEqual(600 * 1.15);
    });

    it('measures memory within 15 % of the 100 MiB the program touched (above its baseline)', () => {
      const grown = byName('mem').memoryKiB - byName('sum').memoryKiB;
      expect(grown).toBeGreaterThanOrEqual(100 * 1024 * 0.85);
      expect(grown).toBeLessThanOrEqual(100 * 1024 * 1.15);
    });

    it('stops at the first failure by default', async () => {
      const stopped = await judgeFixture({
        language: options.language,
        source: program(options.file),
        tests: [SCENARIOS[0], SCENARIOS[1], SCENARIOS[0]],
        mode: 'first-failure',
      });
      expect(stopped.status).toBe('WA');
      expect(stopped.tests.map((t) => t.status)).toEqual(['AC', 'WA']);
    }, 60_000);

    it("the editor's template A+B is accepted", async () => {
      const ab = await judgeFixture({
        language: options.language,
        source: DEFAULT_CODE_TEMPLATES[options.language],
        tests: [SCENARIOS[0], { name: 'big', input: '-1000000000000 999999999999\n', answer: '-1\n' }].map(
          (t) => ({
            ...t,
            input: t.input.replace(/^sum /, ''),
          }),
        ),
      });
      expect(ab.status, JSON.stringify(ab)).toBe('AC');
    }, 120_000);

    it('reports a compile error as CE with the compiler message', async () => {
      const ce = await judgeFixture({
        language: options.language,
        source: options.compileError,
        tests: [SCENARIOS[0]],
      });
      expect(ce.status).toBe('CE');
      expect(ce.tests).toEqual([]);
      expect(ce.compileMessage.length).toBeGreaterThan(0);
    }, 60_000);
  });
}
