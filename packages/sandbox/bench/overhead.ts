// Per-run cost of the sandbox against a bare fork/exec of the same binary, and runs per second
// with two runs at a time. Prints figures; asserts nothing. Run: npx tsx packages/sandbox/bench/overhead.ts
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkSandbox, drainWarmPool, runInSandbox } from '../src/index';
import { HELPER_PATH } from '../src/helper';
import { treeCpuMs } from './tree-cpu';
import type { RunSpec } from '../src/types';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const THROUGHPUT_MS = Number(process.env.BENCH_THROUGHPUT_MS ?? 3000);

const dir = mkdtempSync(join(tmpdir(), 'oj-sandbox-bench-'));
chmodSync(dir, 0o755);
writeFileSync(join(dir, 'true.c'), 'int main(void) { return 0; }\n');
execFileSync('gcc', ['-O2', '-static', '-o', join(dir, 'true'), join(dir, 'true.c')]);
const binary = join(dir, 'true');
const workDir = join(dir, 'work');
execFileSync('mkdir', [workDir]);

const limits = { cpuMs: 1000, wallMs: 5000, memoryKiB: 64 * 1024, processes: 4, fileSizeBytes: 1 << 20, openFiles: 16 };
const spec: RunSpec = { argv: ['/opt/bench/true'], workDir, readOnlyBinds: [{ host: dir, box: '/opt/bench' }], limits };

function exec(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}`))));
  });
}

async function bare(): Promise<void> {
  await exec(binary, []);
}

const helperWallMs: number[] = [];
async function sandboxed(): Promise<void> {
  const res = await runInSandbox(spec);
  if (res.outcome !== 'exited' || res.exitCode !== 0) throw new Error(`sandbox run failed: ${JSON.stringify(res)}`);
  helperWallMs.push(res.wallMs);
}

async function cpuPerRun(name: string, fn: () => Promise<void>, runs: number) {
  const before = treeCpuMs();
  for (let i = 0; i < runs; i++) await fn();
  await new Promise((r) => setTimeout(r, 300)); // let the last helpers finish their teardown
  const perRun = (treeCpuMs() - before) / runs;
  console.log(`${name.padEnd(34)} ${perRun.toFixed(2)} ms of CPU per run (all processes involved)`);
  return perRun;
}

/** The helper started per run (no warm pool): includes the cgroup migration on the critical path. */
async function coldHelper(): Promise<void> {
  const l = limits;
  await exec(HELPER_PATH, [
    'run', '--work-dir', workDir, '--ro', dir, '/opt/bench', '--cpu-ms', String(l.cpuMs), '--wall-ms', String(l.wallMs),
    '--memory-kib', String(l.memoryKiB), '--processes', String(l.processes), '--fsize', String(l.fileSizeBytes),
    '--nofile', String(l.openFiles), '--', '/opt/bench/true',
  ]);
}

/** bubblewrap with a comparable view (namespaces and binds, no cgroups, no seccomp). */
async function bwrap(): Promise<void> {
  await exec('/usr/bin/bwrap', [
    '--unshare-all', '--die-with-parent', '--ro-bind', '/usr', '/usr', '--symlink', 'usr/lib64', '/lib64',
    '--symlink', 'usr/lib', '/lib', '--symlink', 'usr/bin', '/bin', '--proc', '/proc', '--dev', '/dev',
    '--tmpfs', '/tmp', '--bind', workDir, '/box', '--ro-bind', dir, '/opt/bench', '--chdir', '/box', '/opt/bench/true',
  ]);
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const mean = samples.reduce((s, x) => s + x, 0) / samples.length;
  return { mean, median: at(0.5), p90: at(0.9), min: sorted[0] };
}

async function perRun(name: string, fn: () => Promise<void>, runs: number) {
  for (let i = 0; i < 5; i++) await fn(); // warm-up (page cache, warm helpers)
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  const s = stats(samples);
  console.log(
    `${name.padEnd(34)} mean ${s.mean.toFixed(2)} ms  median ${s.median.toFixed(2)} ms  p90 ${s.p90.toFixed(2)} ms  min ${s.min.toFixed(2)} ms  (${runs} runs)`,
  );
  return s;
}

async function throughput(name: string, fn: () => Promise<void>, parallel: number) {
  let done = 0;
  const end = Date.now() + THROUGHPUT_MS;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (Date.now() < end) {
        await fn();
        done++;
      }
    }),
  );
  const perSecond = done / (THROUGHPUT_MS / 1000);
  console.log(`${name.padEnd(34)} ${perSecond.toFixed(0)} runs/s with ${parallel} at a time`);
  return perSecond;
}

const check = await checkSandbox();
if (!check.ok) {
  console.log(`sandbox unavailable: ${check.reason}`);
  process.exit(1);
}
console.log(`per-run latency of /bin/true-like static binary, sequential:`);
const b = await perRun('bare fork/exec (node spawn)', bare, RUNS);
const s = await perRun('runInSandbox (serving helpers)', sandboxed, RUNS);
process.env.OJ_SANDBOX_SERVE = '0';
const p = await perRun('runInSandbox (a warm helper per run)', sandboxed, RUNS);
delete process.env.OJ_SANDBOX_SERVE;
const c = await perRun('helper started per run (cold)', coldHelper, Math.min(RUNS, 100));
const w = existsSync('/usr/bin/bwrap') ? await perRun('bwrap (namespaces + binds only)', bwrap, Math.min(RUNS, 100)) : null;
const bw = w ? `, bwrap ${(w.median - b.median).toFixed(2)} ms` : ' (bwrap not installed)';
console.log(`overhead over bare fork/exec (median): serving ${(s.median - b.median).toFixed(2)} ms, helper per run ${(p.median - b.median).toFixed(2)} ms, cold ${(c.median - b.median).toFixed(2)} ms${bw}`);
const inner = stats(helperWallMs);
console.log(`inside the helper, spec received → program reaped (RunResult.wallMs): median ${inner.median} ms, p90 ${inner.p90} ms`);
console.log(`CPU cost (robust to a loaded machine, unlike the latencies above):`);
const cb = await cpuPerRun('bare fork/exec', bare, RUNS);
const cs = await cpuPerRun('runInSandbox (serving helpers)', sandboxed, RUNS);
process.env.OJ_SANDBOX_SERVE = '0';
const cp = await cpuPerRun('runInSandbox (a helper per run)', sandboxed, RUNS);
delete process.env.OJ_SANDBOX_SERVE;
console.log(`CPU overhead per run: serving ${(cs - cb).toFixed(2)} ms, a helper per run ${(cp - cb).toFixed(2)} ms`);
console.log(`throughput:`);
await throughput('bare fork/exec', bare, 2);
await throughput('runInSandbox (serving helpers)', sandboxed, 2);
process.env.OJ_SANDBOX_SERVE = '0';
await throughput('runInSandbox (a helper per run)', sandboxed, 2);
delete process.env.OJ_SANDBOX_SERVE;
drainWarmPool();
rmSync(dir, { recursive: true, force: true });
