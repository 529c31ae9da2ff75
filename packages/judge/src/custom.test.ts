import { describe, expect, it } from 'vitest';
import { runCustom, runCustomMany } from './custom';
import { sandboxReady } from '../test/fixture';

const ready = await sandboxReady();
const limits = { timeMs: 1000, memoryMiB: 128 };

describe.skipIf(!ready.ok)('custom test (run on the user input)', () => {
  it('returns the program output, time and memory', async () => {
    const r = await runCustom({
      language: 'Python3',
      source: 'import sys\nprint(sum(map(int, sys.stdin.read().split())))\nprint("err", file=sys.stderr)\n',
      input: '1 2 3\n',
      limits,
    });
    expect(r).toMatchObject({ status: 'AC', stdout: '6\n', stderr: 'err\n', compileMessage: '' });
    expect(r.timeMs).toBeGreaterThan(0);
    expect(r.memoryKiB).toBeGreaterThan(0);
  }, 30_000);

  it('reports CE and runtime verdicts', async () => {
    const ce = await runCustom({ language: 'C', source: 'int main(void) { return x; }', input: '', limits });
    expect(ce.status).toBe('CE');
    expect(ce.compileMessage).toMatch(/x/);
    const sign = await runCustom({
      language: 'C',
      source: 'int main(void) { return 3; }',
      input: '',
      limits,
    });
    expect(sign).toMatchObject({ status: 'Sign', message: '运行错误：退出码 3' });
  }, 30_000);

  it('compiles once and runs every input in its own run', async () => {
    const runs = await runCustomMany({
      language: 'C',
      source:
        '#include <stdio.h>\nint main(void) { long n; scanf("%ld", &n); if (n < 0) for (;;); printf("%ld\\n", n * 2); }',
      inputs: ['1', '21', '-1', '5'],
      limits,
    });
    expect(runs.map((r) => r.status)).toEqual(['AC', 'AC', 'TLE', 'AC']);
    expect(runs.map((r) => r.stdout)).toEqual(['2\n', '42\n', '', '10\n']);
    const ce = await runCustomMany({ language: 'C', source: 'oops', inputs: ['1', '2'], limits });
    expect(ce.map((r) => r.status)).toEqual(['CE', 'CE']);
  }, 60_000);
});
