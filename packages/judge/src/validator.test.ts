import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxReady } from '../test/fixture';
import { SHIPPED_TESTLIB } from './checkers/special';
import { realSandbox, type SandboxApi } from './sandbox';
import { validateInputs } from './validator';

const ready = await sandboxReady();

/** A validator without testlib: one integer in [1, 100] and a line end, nothing else. */
const plainValidator = `#include <cstdio>
int main() {
  int n; char end[2];
  if (std::scanf("%d", &n) != 1) { std::fputs("FAIL expected an integer", stderr); return 3; }
  if (n < 1 || n > 100) { std::fprintf(stderr, "FAIL n = %d is out of [1, 100]", n); return 3; }
  if (std::scanf("%1[\\n]", end) != 1 || std::getchar() != EOF) { std::fputs("FAIL expected EOLN then EOF", stderr); return 3; }
  return 0;
}
`;

/** The same rules with testlib's registerValidation (the shipped header once it has it). */
const testlibValidator = `#include "testlib.h"
int main(int argc, char* argv[]) {
  registerValidation(argc, argv);
  inf.readInt(1, 100, "n");
  inf.readEoln();
  inf.readEof();
}
`;
const shippedHasValidation = readFileSync(SHIPPED_TESTLIB, 'utf8').includes('registerValidation');

/** The real sandbox, counting the compiles it is asked to run. */
function countingSandbox(): SandboxApi & { compiles: number } {
  const counter = {
    compiles: 0,
    run: (spec: Parameters<SandboxApi['run']>[0]) => {
      if (/g\+\+|c\+\+/.test(spec.argv[0] ?? '')) counter.compiles++;
      return realSandbox.run(spec);
    },
    check: () => realSandbox.check(),
  };
  return counter;
}

describe.skipIf(!ready.ok)('input validators', () => {
  let cacheRoot = '';
  beforeAll(async () => {
    cacheRoot = await mkdtemp(join(tmpdir(), 'oj-validator-cache-'));
  });
  afterAll(() => rm(cacheRoot, { recursive: true, force: true }));

  it('accepts valid inputs and refuses invalid ones with the validator message', async () => {
    const r = await validateInputs(
      { source: plainValidator },
      ['5\n', '0\n', 'x\n', '7 8\n'].map((s) => Buffer.from(s)),
      {
        cacheRoot,
      },
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.inputs.map((v) => v.valid)).toEqual([true, false, false, false]);
    expect(r.inputs[1].message).toBe('FAIL n = 0 is out of [1, 100]');
    expect(r.inputs[2].message).toBe('FAIL expected an integer');
    expect(r.inputs[3].message).toBe('FAIL expected EOLN then EOF');
  }, 60_000);

  it('compiles a validator once: a second check runs it without compiling', async () => {
    const sandbox = countingSandbox();
    const source = `${plainValidator}// cache probe ${Date.now()}\n`;
    const first = await validateInputs({ source }, [Buffer.from('1\n')], { cacheRoot, sandbox });
    const second = await validateInputs({ source }, [Buffer.from('200\n')], { cacheRoot, sandbox });
    expect(first.ok && first.inputs[0].valid).toBe(true);
    expect(second.ok && second.inputs[0].valid).toBe(false);
    expect(sandbox.compiles).toBe(1);
  }, 60_000);

  it('stops after the given number of refusals', async () => {
    const inputs = ['0\n', '1\n', '0\n', '0\n'].map((s) => Buffer.from(s));
    const r = await validateInputs({ source: plainValidator }, inputs, { cacheRoot, stopAfterInvalid: 2 });
    expect(r.ok && r.inputs.map((v) => v.valid)).toEqual([false, true, false]);
  }, 60_000);

  it('a Kattis input validator accepts with exit 42, and exit 0 is then a refusal', async () => {
    const kattis =
      '#include <cstdio>\nint main() { int n; return std::scanf("%d", &n) == 1 && n > 0 ? 42 : 43; }\n';
    const inputs = ['5\n', '-1\n'].map((s) => Buffer.from(s));
    const r = await validateInputs({ source: kattis, protocol: 'kattis' }, inputs, { cacheRoot });
    expect(r.ok && r.inputs.map((v) => [v.valid, v.message])).toEqual([
      [true, ''],
      [false, '校验器退出码 43'],
    ]);
    const asTestlib = await validateInputs({ source: kattis }, [inputs[0]], { cacheRoot });
    expect(asTestlib.ok && asTestlib.inputs[0].valid).toBe(false);
  }, 60_000);

  it('a validator that does not compile is said so, and nothing is checked', async () => {
    const r = await validateInputs({ source: 'int main( {' }, [Buffer.from('1\n')], { cacheRoot });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/^输入校验器编译失败：/);
  }, 60_000);

  it.runIf(shippedHasValidation)(
    'runs a testlib registerValidation validator with the shipped header',
    async () => {
      const inputs = ['42\n', '101\n', '42 \n'].map((s) => Buffer.from(s));
      // The shared cache (as the judge uses it): the full header compiles once per machine.
      const r = await validateInputs({ source: testlibValidator }, inputs);
      expect(r.ok, r.ok ? '' : r.message).toBe(true);
      if (r.ok) expect(r.inputs.map((v) => v.valid)).toEqual([true, false, false]);
    },
    60_000,
  );
});
