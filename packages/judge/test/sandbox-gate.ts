/**
 * The one rule for tests that need the real sandbox (every judge suite asks it through
 * `sandboxReady()` in fixture.ts, then `describe.skipIf(!ready.ok)`):
 * - ready: the tests run;
 * - not ready in CI (`CI` set to anything but '' / 0 / false): the test file fails at once with the
 *   sandbox's own reason, so a broken sandbox build cannot leave the run green;
 * - not ready elsewhere (a developer's laptop, a container without root): the tests are skipped, and
 *   a banner on stderr says so and why.
 */
export interface SandboxState {
  ok: boolean;
  message: string;
}

export function inCI(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = (env.CI ?? '').trim().toLowerCase();
  return v !== '' && v !== '0' && v !== 'false';
}

export class SandboxNotReadyInCI extends Error {
  constructor(reason: string) {
    super(
      `沙箱不可用，CI 中不能跳过评测测试 (sandbox not ready in CI, judge tests cannot be skipped): ${reason}`,
    );
    this.name = 'SandboxNotReadyInCI';
  }
}

export function gateSandbox(
  state: SandboxState,
  env: NodeJS.ProcessEnv = process.env,
  // console.warn: vitest prints it under the name of the test file that asked.
  warn: (text: string) => void = (text) => console.warn(text),
): SandboxState {
  if (state.ok) return state;
  if (inCI(env)) throw new SandboxNotReadyInCI(state.message);
  const line = '!'.repeat(78);
  warn(
    `${line}\n!! SANDBOX NOT READY: the judge tests of this file are SKIPPED.\n` +
      `!! Reason: ${state.message}\n!! With CI=true this is a failure.\n${line}`,
  );
  return state;
}
