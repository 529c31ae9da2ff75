// Interactors and graders are as untrusted as submissions: each hostile one must end in its own
// box as IE (or, when it harms only itself, as if nothing happened), within its limits, and leave
// nothing running on the host.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeFixture, sandboxReady } from '../test/fixture';

const ready = await sandboxReady();

const hostile = readFileSync(
  join(import.meta.dirname, '..', 'test', 'problems', 'hostile', 'interactor.cpp'),
  'utf8',
);
// Doubles what it is told, once.
const doubler =
  '#include <cstdio>\nint main() { int x; if (scanf("%d", &x) == 1) printf("%d\\n", 2 * x); }\n';

/** Processes of this PID namespace (the test runs in its own) running a judge's binaries. */
function leftovers(): string[] {
  const names: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
      if (comm === 'checker' || comm === 'main') names.push(`${entry} ${comm}`);
    } catch {
      // Ended while we looked.
    }
  }
  return names;
}

describe.skipIf(!ready.ok)('hostile interactors', () => {
  it('are contained: IE for what harms the judging, nothing for what harms only themselves', async () => {
    const modes = ['forkbomb', 'killall', 'tout', 'stderr', 'spin', 'memory', 'peek', 'sleep'];
    const r = await judgeFixture({
      language: 'C++',
      source: doubler,
      tests: modes.map((m) => ({ name: m, input: `${m}\n`, answer: '\n' })),
      timeMs: 200,
      outputBytes: 1 << 20,
      mode: 'all',
      extra: {
        type: 'interactive',
        interactor: { language: 'C++', source: hostile, limits: { memoryMiB: 64, timeMs: 500 } },
      },
    });
    expect(Object.fromEntries(r.tests.map((t) => [t.name, t.status]))).toEqual({
      forkbomb: 'IE',
      killall: 'AC', // kill(-1) reaches only its own box: the program answered
      tout: 'IE',
      stderr: 'IE',
      spin: 'IE',
      memory: 'IE',
      peek: 'AC', // neither the program's binary nor the host's files are in its box
      sleep: 'IE',
    });
    const byName = Object.fromEntries(r.tests.map((t) => [t.name, t.message]));
    expect(byName.spin).toMatch(/^交互程序异常结束（cpu-limit）/);
    expect(byName.memory).toMatch(/^交互程序异常结束（memory-limit）/);
    expect(byName.tout).toMatch(/^交互程序异常结束（output-limit）/);
    expect(leftovers()).toEqual([]);
  }, 120_000);
});

describe.skipIf(!ready.ok)('hostile graders', () => {
  const tests = [{ name: '1', input: '20\n', answer: '42\n' }];

  it('run in the submission’s box: the answer file is not there, forks fail, limits hold', async () => {
    // The grader tries to print the answer file; failing that it forks, then prints its guess.
    const grader = `
#include <cstdio>
#include <unistd.h>
int solve(int);
int main() {
  if (FILE *f = fopen("/data/answer", "r")) { int a; if (fscanf(f, "%d", &a) == 1) printf("%d\\n", a); return 0; }
  int forked = 0;
  for (int i = 0; i < 100; i++) if (fork() > 0) forked++;
  int x; scanf("%d", &x);
  printf("%d\\n", forked ? -1 : solve(x));
}`;
    const r = await judgeFixture({
      language: 'C++',
      source: 'int solve(int x) { return x + 1; }\n',
      tests,
      extra: { grader: { files: [{ name: 'grader.cpp', content: grader }] } },
    });
    // 21, not 42: it read no answer, and no fork succeeded (one process per box).
    expect(r.tests[0]).toMatchObject({ status: 'WA' });
    expect(r.tests[0].message).toMatch(/21/);
    expect(leftovers()).toEqual([]);
  }, 60_000);

  it('cannot include host files at compile time', async () => {
    const r = await judgeFixture({
      language: 'C++',
      source: 'int main() { return 0; }\n',
      tests,
      extra: {
        grader: {
          files: [{ name: 'grader.h', content: '#include "/etc/shadow"\n' }],
          includesSubmission: false,
        },
      },
    });
    // The header is not compiled on its own; a submission including it would not find the file.
    expect(r.status).toBe('WA');
    const including = await judgeFixture({
      language: 'C++',
      source: '#include "grader.h"\nint main() { return 0; }\n',
      tests,
      extra: { grader: { files: [{ name: 'grader.h', content: '#include "/etc/shadow"\n' }] } },
    });
    expect(including.status).toBe('CE');
    expect(including.compileMessage).toMatch(/shadow/);
  }, 60_000);
});
