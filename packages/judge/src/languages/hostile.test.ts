// The adversarial suite per language (issue 25): what the sandbox's own suite does with C fixtures
// (packages/sandbox/src/adversarial.test.ts), done here by a judged program in each language, through
// its own runtime and limits: a fork bomb, a thread bomb, writes outside the box, the network, and
// killing everything it can reach. Memory bombs and endless output are in every language suite
// (`mle`, `ole`). The host must be untouched: nothing written, a bystander process alive.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeFixture, sandboxReady, toolchainReady } from '../../test/fixture';

const ready = await sandboxReady();

const hostile = (file: string) =>
  readFileSync(join(import.meta.dirname, '..', '..', 'test', 'programs', 'hostile', file), 'utf8');

/** The language, its program, and whether it can start OS threads of its own. */
const LANGUAGES: [Language, string, boolean][] = [
  ['C', 'hostile.c', true],
  ['C++', 'hostile.cpp', true],
  ['Python3', 'hostile.py', true],
  ['Java', 'Main.java', true],
  ['Go', 'hostile.go', false],
  ['JavaScript', 'hostile.js', false],
  ['PyPy3', 'hostile.py', true],
  ['Rust', 'hostile.rs', true],
  ['Pascal', 'hostile.pas', false],
  ['C#', 'hostile.cs', true],
  ['Ruby', 'hostile.rb', true],
  ['PHP', 'hostile.php', false],
  ['Lua', 'hostile.lua', false],
  ['Haskell', 'hostile.hs', false],
  ['Kotlin', 'hostile.kt', true],
];

const OUTSIDE = ['/etc/oj-hostile', '/usr/oj-hostile', '/oj-hostile'];

describe.skipIf(!ready.ok)('hostile programs in every language', () => {
  // A process of the host the box must not reach (kill(-1), kill of the parent).
  const bystander = spawn('/bin/sleep', ['600'], { stdio: 'ignore' });
  beforeAll(() => {
    for (const p of OUTSIDE) expect(existsSync(p), `${p} exists before the test`).toBe(false);
  });
  afterAll(() => {
    bystander.kill('SIGKILL');
  });

  for (const [language, file, threads] of LANGUAGES) {
    it.skipIf(!toolchainReady(language).ok).concurrent(
      `${language}: contained, host untouched`,
      async () => {
        const denied = 'denied\n'.repeat(4);
        const r = await judgeFixture({
          language,
          source: hostile(file),
          timeMs: 1000,
          memoryMiB: 256,
          tests: [
            { name: 'fork', input: 'fork\n', answer: 'never\n' },
            ...(threads ? [{ name: 'threads', input: 'threads\n', answer: 'capped\n' }] : []),
            { name: 'write', input: 'write\n', answer: denied },
            { name: 'net', input: 'net\n', answer: 'blocked\n' },
            { name: 'kill', input: 'kill\n', answer: 'done\n' },
          ],
        });
        const detail = JSON.stringify(r);
        expect(r.status, detail).not.toBe('CE');
        const of = (name: string) => r.tests.find((t) => t.name === name)?.status;
        // The bomb ends at a limit (CPU, memory, or crashing on a failed fork), never as the judge's error.
        expect(['TLE', 'MLE', 'Sign'], detail).toContain(of('fork'));
        if (threads) expect(of('threads'), detail).toBe('AC');
        expect(of('write'), detail).toBe('AC');
        expect(of('net'), detail).toBe('AC');
        // Killing everything may end the program itself (a shell's kill -1 reaches its parent).
        expect(['AC', 'Sign'], detail).toContain(of('kill'));
        expect(bystander.exitCode, 'the host process was killed').toBeNull();
        expect(bystander.signalCode, 'the host process was killed').toBeNull();
        for (const p of OUTSIDE) expect(existsSync(p), `${p} was written on the host`).toBe(false);
      },
      180_000,
    );
  }
});
