import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@oj/shared';
import { ROOT } from './paths';
import { sandboxReady } from '../test/fixture';

const ready = await sandboxReady();

function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'packages/judge/src/cli.ts'), ...args],
      { cwd: ROOT },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('judge CLI', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'oj-cli-'));
    const cases: [string, string, string][] = [
      ['1', '1 2\n', '3\n'],
      ['2', '2 2\n', '4\n'],
      ['10', '5 5\n', '10\n'],
      ['3', '-1 1\n', '1\n'], // wrong answer on purpose: the answer of -1+1 is 0
    ];
    for (const [name, input, answer] of cases) {
      await writeFile(join(dir, `${name}.in`), input);
      await writeFile(join(dir, `${name}.out`), answer);
    }
    await writeFile(join(dir, 'ab.py'), 'a, b = map(int, input().split())\nprint(a + b)\n');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.skipIf(!ready.ok)(
    'prints exactly one JSON object, tests in natural order, and exits 0 on any verdict',
    async () => {
      const r = await cli([
        'run',
        '--lang',
        'Python3',
        '--source',
        join(dir, 'ab.py'),
        '--tests',
        dir,
        '--all',
        '--time',
        '2000',
        '--memory',
        '128',
      ]);
      expect(r.code, r.stderr).toBe(0);
      const lines = r.stdout.trim().split('\n');
      expect(lines).toHaveLength(1);
      const out = JSON.parse(lines[0]);
      expect(Object.keys(out)).toEqual(['status', 'time_used', 'memory_used', 'compile_message', 'tests']);
      expect(out.status).toBe('WA');
      expect(out.tests.map((t: { name: string }) => t.name)).toEqual(['1', '2', '3', '10']);
      expect(out.tests.map((t: { status: string }) => t.status)).toEqual(['AC', 'AC', 'WA', 'AC']);
      expect(Object.keys(out.tests[0])).toEqual(['name', 'status', 'time_used', 'memory_used', 'message']);
      expect(out.time_used).toBeGreaterThan(0);
      expect(out.memory_used).toBeGreaterThan(0);
    },
    60_000,
  );

  it.skipIf(!ready.ok)(
    'judges with a special checker given by --checker',
    async () => {
      const checker = join(dir, 'chk.cpp');
      // Accepts any answer within 1 of the expected sum: test 3 (answer file says 1, truth 0) passes.
      await writeFile(
        checker,
        '#include "testlib.h"\n#include <cstdlib>\nint main(int c, char** v) { registerTestlibCmd(c, v); long long a = ans.readLong(), o = ouf.readLong();\n if (std::llabs(a - o) > 1) quitf(_wa, "off by %lld", o - a); quitf(_ok, "close enough"); }\n',
      );
      const r = await cli([
        'run',
        '--lang',
        'Python3',
        '--source',
        join(dir, 'ab.py'),
        '--tests',
        dir,
        '--checker',
        checker,
      ]);
      expect(r.code, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout);
      expect(out.status).toBe('AC');
      expect(out.tests.map((t: { message: string }) => t.message)).toEqual(Array(4).fill('ok close enough'));
    },
    60_000,
  );

  it('exits 2 with the usage on stderr for bad arguments, printing nothing on stdout', async () => {
    const r = await cli(['run', '--lang', 'Cobol', '--source', 'x', '--tests', dir]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/--lang must be one of/);
  }, 30_000);

  it('languages --json: every language with its --lang name, version and availability here', async () => {
    const r = await cli(['languages', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const list = JSON.parse(r.stdout) as {
      name: string;
      version: string;
      installed: boolean;
      available: boolean;
    }[];
    expect(list.map((l) => l.name)).toEqual([...LANGUAGES]);
    const cxx = list.find((l) => l.name === 'C++');
    expect(cxx).toMatchObject({
      installed: true,
      available: true,
      standards: ['c++11', 'c++14', 'c++17', 'c++20', 'c++23'],
    });
    expect(cxx?.version).toMatch(/^g\+\+ /);
    // Without OJ_LANGUAGES only the six are enabled, installed or not.
    expect(list.filter((l) => l.available).length).toBeLessThanOrEqual(6);
    for (const l of list) expect(l.version === '', l.name).toBe(!l.installed);
  }, 30_000);

  it.skipIf(!ready.ok)(
    'run --lang takes those names, and a C++ standard',
    async () => {
      await writeFile(
        join(dir, 'ab20.cpp'),
        '#include <bits/stdc++.h>\nint main(){long long a,b;std::cin>>a>>b;auto c=a<=>b;(void)c;std::cout<<a+b<<"\\n";}\n',
      );
      const r = await cli([
        'run',
        '--lang',
        'cpp',
        '--std',
        'c++20',
        '--source',
        join(dir, 'ab20.cpp'),
        '--tests',
        dir,
        '--all',
      ]);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).tests.map((t: { status: string }) => t.status)).toEqual([
        'AC',
        'AC',
        'WA',
        'AC',
      ]);
    },
    60_000,
  );

  it('refuses an input without its answer file', async () => {
    await writeFile(join(dir, 'lonely.in'), '1 1\n');
    const r = await cli(['run', '--lang', 'Python3', '--source', join(dir, 'ab.py'), '--tests', dir]);
    await rm(join(dir, 'lonely.in'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no answer file for: lonely.in/);
  }, 30_000);
});
