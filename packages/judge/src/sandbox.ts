import * as sandboxModule from '@oj/sandbox';
import type { RunResult, RunSpec } from '@oj/sandbox';

/** The two calls the judge makes into the sandbox; injectable so the queue tests can share one. */
export interface SandboxApi {
  run(spec: RunSpec): Promise<RunResult>;
  /** ok=false means this host cannot run untrusted code safely: judging must refuse. */
  check(): Promise<{ ok: boolean; message: string }>;
}

type SandboxExports = {
  runInSandbox?: (spec: RunSpec) => Promise<RunResult>;
  checkSandbox?: () => unknown;
};

/** checkSandbox's answer, whatever its exact shape (boolean, {ok, reason|message|problems}). */
export function normaliseCheck(answer: unknown): { ok: boolean; message: string } {
  if (typeof answer === 'boolean') return { ok: answer, message: answer ? '' : '沙箱不可用' };
  if (answer && typeof answer === 'object') {
    const a = answer as Record<string, unknown>;
    const ok = Boolean(a.ok ?? a.available ?? a.usable);
    const detail = [
      a.message,
      a.reason,
      a.error,
      Array.isArray(a.problems) ? a.problems.join('; ') : undefined,
    ].find((x): x is string => typeof x === 'string' && x.length > 0);
    return { ok, message: detail ?? (ok ? '' : '沙箱不可用') };
  }
  return { ok: false, message: '沙箱检查没有给出结果' };
}

const mod = sandboxModule as unknown as SandboxExports;
let cachedCheck: Promise<{ ok: boolean; message: string }> | undefined;

export const realSandbox: SandboxApi = {
  run(spec) {
    if (!mod.runInSandbox) return Promise.reject(new Error('@oj/sandbox does not export runInSandbox'));
    return mod.runInSandbox(spec);
  },
  check() {
    // The host does not change while we run: ask once per process.
    cachedCheck ??= (async () => {
      if (!mod.checkSandbox)
        return { ok: false, message: '沙箱模块尚未提供 checkSandbox，拒绝运行未受信任的代码' };
      try {
        return normaliseCheck(await mod.checkSandbox());
      } catch (err) {
        return { ok: false, message: `沙箱检查失败：${(err as Error).message}` };
      }
    })();
    return cachedCheck;
  },
};
