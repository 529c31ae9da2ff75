// The judge suites' sandbox rule (test/sandbox-gate.ts): skipped loudly on a host that cannot
// sandbox, a failure in CI. The end-to-end cases run real judge test files in a child vitest as an
// ordinary user, for whom the sandbox is genuinely unavailable (it needs root).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gateSandbox, inCI, SandboxNotReadyInCI } from '../test/sandbox-gate';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const VITEST = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
// One suite of each kind: a describe.skipIf file and a language suite (test/language-suite.ts).
const FILES = ['packages/judge/src/custom.test.ts', 'packages/judge/src/languages/python.test.ts'];

describe('the sandbox gate', () => {
  const down = { ok: false, message: '沙箱辅助程序尚未构建 (helper not built: /x/oj-sandbox)' };

  it('CI is any value but empty, 0 or false', () => {
    expect([undefined, '', '0', 'false', 'FALSE'].map((CI) => inCI({ CI }))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(['true', '1', 'yes'].map((CI) => inCI({ CI }))).toEqual([true, true, true]);
  });

  it('a ready sandbox passes, in CI or not, and says nothing', () => {
    const said: string[] = [];
    for (const env of [{}, { CI: 'true' }])
      expect(gateSandbox({ ok: true, message: '' }, env, (t) => said.push(t))).toEqual({
        ok: true,
        message: '',
      });
    expect(said).toEqual([]);
  });

  it('not ready outside CI: skip, with a banner giving the reason', () => {
    const said: string[] = [];
    expect(gateSandbox(down, {}, (t) => said.push(t))).toEqual(down);
    expect(said.join('')).toMatch(
      /SANDBOX NOT READY.*SKIPPED[\s\S]*helper not built: \/x\/oj-sandbox[\s\S]*CI=true/,
    );
  });

  it('not ready in CI: a failure naming the reason', () => {
    expect(() => gateSandbox(down, { CI: 'true' }, () => {})).toThrow(SandboxNotReadyInCI);
    expect(() => gateSandbox(down, { CI: 'true' }, () => {})).toThrow(/helper not built: \/x\/oj-sandbox/);
  });

  /** Runs the judge files in a child vitest where the sandbox cannot work (not root). */
  function runJudgeFilesWithoutSandbox(env: NodeJS.ProcessEnv) {
    // As root, drop to nobody; an ordinary user has no sandbox already.
    const user = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    // The runner config loader writes no bundled config into node_modules (nobody may not write there).
    const res = spawnSync(process.execPath, [VITEST, 'run', '--configLoader', 'runner', ...FILES], {
      cwd: ROOT,
      ...user,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: '/tmp', NO_COLOR: '1', ...env },
      encoding: 'utf8',
      timeout: 120_000,
    });
    return { status: res.status, out: `${res.stdout}${res.stderr}` };
  }

  it('with CI=true and no sandbox, the judge suites fail', () => {
    const { status, out } = runJudgeFilesWithoutSandbox({ CI: 'true' });
    expect(status, out).toBe(1);
    expect(out).toMatch(/SandboxNotReadyInCI.*sandbox not ready in CI/);
    expect(out).toMatch(/Test Files {2}2 failed \(2\)/);
  });

  it('without CI and no sandbox, the judge suites are skipped with a banner per file', () => {
    const { status, out } = runJudgeFilesWithoutSandbox({});
    expect(status, out).toBe(0);
    expect(out.match(/SANDBOX NOT READY: the judge tests of this file are SKIPPED/g)).toHaveLength(2);
    expect(out).toMatch(/Test Files {2}2 skipped \(2\)/);
  });
});
