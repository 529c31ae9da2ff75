import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { helperExists, HELPER_PATH } from './helper';
import { runUnchecked } from './run-helper';
import { spawnHelper } from './spawn-helper';

export type SandboxCheck = { ok: true } | { ok: false; reason: string };

let cached: Promise<SandboxCheck> | null = null;

const fail = (zh: string, en: string): SandboxCheck => ({ ok: false, reason: `${zh} (${en})` });

/** Chinese for the helper's English reasons; the English stays for the operator's search engine. */
function translate(reason: string): string {
  if (reason.includes('root')) return '沙箱辅助程序需要以 root 身份运行';
  if (reason.includes('cgroup')) return '本机没有可用的 cgroup（需要 v1 的 memory、pids、cpuacct 或 v2 的 memory、pids）';
  if (reason.includes('namespaces')) return '无法创建 PID、挂载、网络、IPC、UTS 命名空间';
  return '沙箱不可用';
}

async function probe(): Promise<SandboxCheck> {
  if (process.platform !== 'linux') return fail('沙箱只能在 Linux 上运行', `unsupported platform ${process.platform}`);
  if (!helperExists()) {
    return fail('沙箱辅助程序尚未构建，请运行 npm start 或 npm test', `helper not built: ${HELPER_PATH}`);
  }
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    return fail('沙箱需要 root 权限（用于命名空间、cgroup 和切换用户）', 'the sandbox must run as root');
  }
  // The check also removes cgroups left behind by helpers that died with a crashed Node process.
  const out = await spawnHelper(['check'], 15_000);
  let answer: { ok?: boolean; reason?: string };
  try {
    answer = JSON.parse(out.stdout.trim()) as { ok?: boolean; reason?: string };
  } catch {
    return fail('沙箱辅助程序无法运行', `helper check failed: ${out.stderr.trim() || `status ${out.code}`}`);
  }
  if (answer.ok !== true) {
    const reason = answer.reason ?? 'unknown';
    return fail(translate(reason), reason);
  }
  // A real run end to end: namespaces, mounts, cgroups, uid drop, seccomp.
  const dir = mkdtempSync(join(tmpdir(), 'oj-sandbox-check-'));
  try {
    const res = await runUnchecked({
      argv: ['/bin/true'],
      workDir: dir,
      limits: { cpuMs: 2000, wallMs: 10_000, memoryKiB: 64 * 1024, processes: 4, fileSizeBytes: 1 << 20, openFiles: 16 },
    });
    if (res.outcome !== 'exited' || res.exitCode !== 0) {
      return fail('沙箱自检失败：无法在沙箱中运行 /bin/true', `self-test: ${res.outcome} ${res.message ?? ''}`.trim());
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { ok: true };
}

/**
 * Can this host sandbox untrusted code? Checked once per process (the answer does not change while
 * we run); `runInSandbox` refuses to run anything when it is not ok.
 */
export function checkSandbox(): Promise<SandboxCheck> {
  cached ??= probe().catch((err: unknown) => fail('沙箱检查出错', String(err)));
  return cached;
}
