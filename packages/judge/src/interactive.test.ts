import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { InteractorSpec, JudgeResult } from '@oj/shared';
import { runCustom } from './custom';
import { judgeFixture, sandboxReady, type FixtureTest } from '../test/fixture';

const ready = await sandboxReady();

/** A file of the guess-the-number problem (test/problems/guess). */
const guess = (file: string) =>
  readFileSync(join(import.meta.dirname, '..', 'test', 'problems', 'guess', file), 'utf8');

const testlibInteractor: InteractorSpec = { language: 'C++', source: guess('interactor.cpp') };
const kattisInteractor: InteractorSpec = { language: 'C++', source: guess('kattis.cpp'), protocol: 'kattis' };

/** A test: n chooses the solution's scenario (solution.cpp), the answer file holds the secret. */
const game = (n: number, secret: number): FixtureTest => ({
  name: String(n),
  input: `${n}\n`,
  answer: `${secret}\n`,
});

const interactive = (tests: FixtureTest[], interactor = testlibInteractor, more: { timeMs?: number } = {}) =>
  judgeFixture({
    language: 'C++',
    source: guess('solution.cpp'),
    tests,
    timeMs: more.timeMs ?? 1000,
    extra: { type: 'interactive', interactor },
  });

const byName = (r: JudgeResult) => Object.fromEntries(r.tests.map((t) => [t.name, t]));

describe.skipIf(!ready.ok)('interactive problems (testlib interactor)', () => {
  it('plays the game in two boxes joined by pipes; every ending has its verdict', async () => {
    const r = await interactive([
      game(100, 37),
      game(1000000, 999999),
      game(104, 50), // guesses wrong
      game(101, 50), // crashes mid-game: its crash, not the interactor's "unexpected EOF"
      game(102, 50), // leaves without guessing: the interactor's unexpected EOF (PE)
      game(108, 50), // guesses wrong, then loops on the closed pipe to its limit: the interactor spoke first
      game(107, 50), // wins, then crashes: the crash
      game(106, 50), // spins
    ]);
    const t = byName(r);
    expect(Object.fromEntries(r.tests.map((x) => [x.name, x.status]))).toEqual({
      '100': 'AC',
      '1000000': 'AC',
      '104': 'WA',
      '101': 'Sign',
      '102': 'PE',
      '108': 'WA',
      '107': 'Sign',
      '106': 'TLE',
    });
    expect(t['100'].message).toMatch(/^ok found 37 in \d+ queries$/);
    expect(t['104'].message).toBe('wrong answer guessed 1');
    expect(t['101'].message).toMatch(/SIGSEGV/);
    expect(t['100'].memoryKiB).toBeGreaterThan(0);
    expect(r.status).toBe('WA');
  }, 120_000);

  it('the program never sees the answer, the input or the interactor, nor can it kill it', async () => {
    const r = await interactive([game(105, 50)]);
    // Had it read the secret it would have guessed right; had it killed the interactor, IE.
    expect(r.tests[0]).toMatchObject({ status: 'WA', message: 'wrong answer guessed 1' });
  }, 60_000);

  it('both sides waiting (an unflushed question) ends at the wall-clock limit as TLE, with a hint', async () => {
    const r = await interactive([game(103, 50)], testlibInteractor, { timeMs: 200 });
    expect(r.tests[0].status).toBe('TLE');
    expect(r.tests[0].message).toMatch(/刷新/);
  }, 60_000);

  it('a program in another language talks through the same pipes', async () => {
    const r = await judgeFixture({
      language: 'Python3',
      source: guess('solution.py'),
      tests: [game(1000, 1), game(1000, 1000), game(7, 4)],
      extra: { type: 'interactive', interactor: testlibInteractor },
    });
    expect(r.tests.map((t) => t.status)).toEqual(['AC', 'AC', 'AC']);
  }, 60_000);

  it("a special checker after the interactor checks its tout (Polygon's way)", async () => {
    const r = await judgeFixture({
      language: 'C++',
      source: guess('solution.cpp'),
      tests: [game(100, 37), game(109, 20)], // binary search; linear search (20 queries, at most 8)
      checker: { kind: 'special', language: 'C++', source: guess('checker.cpp') },
      extra: { type: 'interactive', interactor: testlibInteractor },
    });
    expect(r.tests.map((t) => [t.status, t.message])).toEqual([
      ['AC', expect.stringMatching(/^ok \d queries$/)],
      ['WA', 'wrong answer 20 queries, at most 8 allowed'],
    ]);
  }, 60_000);

  it('an interactor written with the testlib.h we ship (registerInteraction, ouf, tout)', async () => {
    const r = await interactive([game(100, 37), game(104, 50), game(102, 50), game(101, 50)], {
      language: 'C++',
      source: guess('testlib-interactor.cpp'),
    });
    expect(r.tests.map((t) => t.status)).toEqual(['AC', 'WA', 'PE', 'Sign']);
    expect(r.tests[0].message).toMatch(/^ok found 37 in \d+ queries/);
    expect(r.tests[1].message).toMatch(/^wrong answer guessed 1, the number was 50/);
  }, 60_000);

  it('an interactor that does not compile is IE, named as the interactor', async () => {
    const r = await interactive([game(100, 37)], { language: 'C++', source: 'int main() { return nope; }' });
    expect(r.status).toBe('IE');
    expect(r.message).toMatch(/^交互程序编译失败/);
  }, 60_000);
});

describe.skipIf(!ready.ok)('interactive problems (Kattis validator as interactor)', () => {
  it('exit 42 accepts, 43 rejects with its judge message', async () => {
    const r = await interactive([game(100, 37), game(104, 50), game(101, 50)], kattisInteractor);
    expect(r.tests.map((t) => [t.status, t.message])).toEqual([
      ['AC', 'found it'],
      ['WA', 'wrong guess'],
      ['Sign', expect.stringMatching(/SIGSEGV/)],
    ]);
  }, 60_000);
});

describe.skipIf(!ready.ok)('custom test of an interactive problem', () => {
  it("runs against the interactor on the user's input (an empty answer file)", async () => {
    const r = await runCustom({
      language: 'C++',
      source: guess('solution.cpp'),
      input: '100\n',
      limits: { timeMs: 1000, memoryMiB: 256 },
      interactor: testlibInteractor,
    });
    // The interactor reads the secret from the (empty) answer file: it fails, as it would.
    expect(r).toMatchObject({ status: 'IE' });
    expect(r.message).toMatch(/交互程序报告失败：FAIL cannot read the test/);
    const kattis = await runCustom({
      language: 'Python3',
      source: guess('solution.py'),
      input: '10\n',
      limits: { timeMs: 1000, memoryMiB: 256 },
      interactor: {
        ...kattisInteractor,
        source: guess('kattis.cpp').replace('std::fscanf(ans, "%d", &secret) != 1', 'false'),
      },
    });
    // Secret 0 never found in 1..10: the validator rejects.
    expect(kattis).toMatchObject({ status: 'WA', message: 'wrong guess' });
  }, 60_000);
});
