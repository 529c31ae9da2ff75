import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  CheckerSpec,
  JudgeGroup,
  JudgeJobInput,
  JudgeProgress,
  JudgeResult,
  Language,
  LanguageOptions,
} from '@oj/shared';
import type { CompileCache } from '../src/compile-cache';
import { judge } from '../src/engine';
import { realSandbox } from '../src/sandbox';
import { LocalFilesStore } from '../src/testdata';
import { installCommand, isInstalled } from '../src/languages/toolchains';
import { gateSandbox, type SandboxState } from './sandbox-gate';

export interface FixtureTest {
  name: string;
  input: string;
  answer: string;
  /** Scored by tests: what it is worth. */
  points?: number;
}

export interface FixtureJob {
  language: Language;
  /** C / C++ standard and O2 switch (absent: the defaults). */
  options?: LanguageOptions;
  source: string;
  tests: FixtureTest[];
  timeMs?: number;
  memoryMiB?: number;
  outputBytes?: number;
  checker?: CheckerSpec;
  mode?: 'first-failure' | 'all';
  groups?: JudgeGroup[];
  /** Default: the shared cache under .cache/judge (null: compile every time). */
  compileCache?: CompileCache | null;
  /** The newer job fields (type, interactor, answers, io, grader, scoring), as given. */
  extra?: Partial<JudgeJobInput>;
  /** Files added to the test-data store (output-only answers by hash): content → its hash. */
  storeFiles?: string[];
  onProgress?: (e: JudgeProgress) => void;
}

export const sha256Of = (text: string) => createHash('sha256').update(text).digest('hex');

/** A judged program of test/programs. */
export const program = (file: string) => readFileSync(join(import.meta.dirname, 'programs', file), 'utf8');

/** Judges a program on in-memory tests through the real engine and the real sandbox. */
export async function judgeFixture(fixture: FixtureJob): Promise<JudgeResult> {
  const dir = await mkdtemp(join(tmpdir(), 'oj-fixture-'));
  try {
    const store = new LocalFilesStore();
    const tests = [];
    for (const [i, t] of fixture.tests.entries()) {
      await writeFile(join(dir, `${i}.in`), t.input);
      await writeFile(join(dir, `${i}.out`), t.answer);
      tests.push({
        name: t.name,
        inputHash: await store.add(join(dir, `${i}.in`)),
        answerHash: await store.add(join(dir, `${i}.out`)),
        ...(t.points === undefined ? {} : { points: t.points }),
      });
    }
    for (const [i, content] of (fixture.storeFiles ?? []).entries()) {
      await writeFile(join(dir, `stored-${i}`), content);
      await store.add(join(dir, `stored-${i}`));
    }
    const job: JudgeJobInput = {
      submissionId: `test-${fixture.language}-${Date.now()}`,
      language: fixture.language,
      options: fixture.options,
      source: fixture.source,
      limits: {
        timeMs: fixture.timeMs ?? 1000,
        memoryMiB: fixture.memoryMiB ?? 256,
        outputBytes: fixture.outputBytes,
      },
      tests,
      checker: fixture.checker ?? { kind: 'default' },
      mode: fixture.mode ?? 'all',
      groups: fixture.groups,
      ...fixture.extra,
    };
    return await judge(job, { testData: store, compileCache: fixture.compileCache }, fixture.onProgress);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Whether the host can sandbox, through the one rule of sandbox-gate.ts: suites skip
 * (`describe.skipIf(!ready.ok)`) with a banner giving the sandbox's reason when it cannot, and in CI
 * (`CI=true`) the file fails instead.
 */
export async function sandboxReady(): Promise<SandboxState> {
  return gateSandbox(await realSandbox.check());
}

/**
 * Whether a language's toolchain is installed, through the same rule as the sandbox: missing, its
 * tests are skipped with a banner naming the command that installs it, and in CI the file fails
 * (`npm test`'s bootstrap installs every language as root).
 */
export function toolchainReady(language: Language): SandboxState {
  return gateSandbox(
    isInstalled(language)
      ? { ok: true, message: '' }
      : { ok: false, message: `${language} 的工具链未安装（${installCommand(language)}）` },
  );
}

/**
 * The scenarios every language's program implements, chosen by the first input token, so that
 * one compile (expensive for Java and Go) covers every verdict in one job.
 */
export const SCENARIOS: FixtureTest[] = [
  { name: 'sum', input: 'sum 1 2\n', answer: '3\n' },
  { name: 'wa', input: 'wa\n', answer: '3\n' },
  { name: 'ws', input: 'ws\n', answer: '1 2\n3\n' },
  { name: 'pe', input: 'pe\n', answer: '1 2\n' },
  { name: 'tle', input: 'tle\n', answer: 'never\n' },
  { name: 'mle', input: 'mle\n', answer: 'never\n' },
  { name: 'ole', input: 'ole\n', answer: 'never\n' },
  { name: 'sign', input: 'sign\n', answer: 'never\n' },
  { name: 'rec', input: 'rec 1000000\n', answer: '1000000\n' },
  { name: 'cpu', input: 'cpu 600\n', answer: 'ok\n' },
  { name: 'mem', input: 'mem 100\n', answer: 'ok\n' },
];

export const EXPECTED: Record<string, string> = {
  sum: 'AC',
  wa: 'WA',
  ws: 'AC',
  pe: 'PE',
  tle: 'TLE',
  mle: 'MLE',
  ole: 'OLE',
  sign: 'Sign',
  rec: 'AC',
  cpu: 'AC',
  mem: 'AC',
};
