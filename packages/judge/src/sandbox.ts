import { checkSandbox, runInSandbox, type RunResult, type RunSpec, type SandboxCheck } from '@oj/sandbox';

/** The two calls the judge makes into the sandbox (an interface, so a refusing host can be tested). */
export interface SandboxApi {
  run(spec: RunSpec): Promise<RunResult>;
  /** ok=false means this host cannot run untrusted code safely: judging must refuse. */
  check(): Promise<{ ok: boolean; message: string }>;
}

export function describeCheck(check: SandboxCheck): { ok: boolean; message: string } {
  return check.ok ? { ok: true, message: '' } : { ok: false, message: check.reason || '沙箱不可用' };
}

export const realSandbox: SandboxApi = {
  run: (spec) => runInSandbox(spec),
  // checkSandbox caches its answer per process: the host does not change while we run.
  check: async () => describeCheck(await checkSandbox()),
};
