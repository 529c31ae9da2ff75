import {
  checkSandbox,
  joinServingCpuGroup,
  runInSandbox,
  type ServingCpuGroup,
  type RunResult,
  type RunSpec,
  type SandboxCheck,
} from '@oj/sandbox';

/** The two calls the judge makes into the sandbox (an interface, so a refusing host can be tested). */
export interface SandboxApi {
  run(spec: RunSpec): Promise<RunResult>;
  /** ok=false means this host cannot run untrusted code safely: judging must refuse. */
  check(): Promise<{ ok: boolean; message: string }>;
}

export function describeCheck(check: SandboxCheck): { ok: boolean; message: string } {
  return check.ok ? { ok: true, message: '' } : { ok: false, message: check.reason || '沙箱不可用' };
}

/**
 * Niceness of everything the judge runs (compilers, programs, checkers): the web server, in the
 * same process, keeps its share of the CPU while judging saturates it. Limits are on CPU time and
 * the wall limit does not count waiting for a CPU, so this changes no verdict. `OJ_JUDGE_NICE`
 * (0–19) overrides it (the bench compares 0 and the default).
 */
export const JUDGE_NICE = judgeNice(process.env.OJ_JUDGE_NICE);

function judgeNice(text: string | undefined): number {
  const n = Number(text?.trim() || 10);
  return Number.isInteger(n) && n >= 0 && n <= 19 ? n : 10;
}

export const realSandbox: SandboxApi = {
  run: (spec) => runInSandbox({ nice: JUDGE_NICE, ...spec }),
  // checkSandbox caches its answer per process: the host does not change while we run.
  check: async () => describeCheck(await checkSandbox()),
};

/**
 * Where judging runs, the process moves into a CPU group of its own (`oj-serve`), and the sandbox
 * helpers it starts put every box in a child group of a hundredth of a server thread's weight:
 * serving (and the judge's host side) comes before the boxes, also where the kernel weighs
 * root-group processes per session autogroup. Once per process; docs/judge-speed.md, "CPU weight".
 */
let servingGroup: ServingCpuGroup | undefined;
export function weighServing(): ServingCpuGroup {
  servingGroup ??= joinServingCpuGroup();
  return servingGroup;
}
