// Hostile programs. Each must end with the right outcome and leave the host untouched: no process
// left behind, no cgroup left behind, nothing written or read outside the box.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runInSandbox } from './index';
import {
  compileFixtures,
  defaultLimits,
  fixtureSpec,
  makeWorkDir,
  boxZombies,
  processesNamed,
  processesWithMarker,
  removeMadeDirs,
  sweepStaleCgroups,
  uniqueMarker,
} from '../test/support';
import type { Limits, RunResult, RunSpec } from './types';

let fixtures = '';
let marker = '';
/** Slots of this test's runs: their cgroups must be gone (other files' runs are not ours to judge). */
const slots: number[] = [];

/** runInSandbox that remembers the slot of the run. */
async function run(spec: RunSpec): Promise<RunResult> {
  const result = await runInSandbox(spec);
  if (result.slot !== undefined) slots.push(result.slot);
  return result;
}

beforeAll(async () => {
  fixtures = await compileFixtures();
});
afterAll(removeMadeDirs);
afterEach(() => {
  // The host stays clean whatever the program did: no process of the box, alive or a zombie (no
  // box init left as a zombie to our PID 1, which reaps nothing, after its zygote was killed), no
  // cgroup.
  expect(processesWithMarker(marker)).toEqual([]);
  for (const slot of slots.splice(0)) {
    expect(boxZombies(slot)).toEqual([]);
    expect(sweepStaleCgroups(slot)).toBe(0);
  }
});

/** Runs a fixture with a fresh marker among its arguments (so leftovers can be found). */
async function hostile(name: string, args: string[], extra: Partial<RunSpec> = {}, limits: Partial<Limits> = {}) {
  marker = uniqueMarker();
  const io = makeWorkDir();
  const stdoutFile = join(io, 'stdout');
  const spec = fixtureSpec(fixtures, name, [...args, marker], { stdoutFile, ...extra, limits: { ...defaultLimits, ...limits } });
  const result = await run(spec);
  const output = existsSync(stdoutFile) ? readFileSync(stdoutFile, 'utf8') : '';
  return { result, output, spec };
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

describe('adversarial programs', () => {
  it('fork bomb: capped by the pids cgroup, stopped at a limit', async () => {
    const { result } = await hostile('fork_bomb', [], {}, { processes: 32, cpuMs: 1000 });
    // Every process of the box is gone (reaped, not merely killed) when the answer comes.
    expect(processesNamed('fork_bomb')).toEqual([]);
    // Usually the CPU limit. On a loaded machine (CI) the kernel memory of endless failing forks,
    // charged to the box's cgroup, once reached the memory limit first (an OOM kill): also a
    // contained bomb (the helper says memory-limit only after an OOM kill). Never a sandbox error.
    // The whole result is the message of a failure.
    const detail = JSON.stringify(result);
    expect(result.outcome, detail).toMatch(/^(cpu|memory)-limit$/);
  });

  it('fork bomb under a tight memory limit: the OOM kill that takes the whole box down is a memory verdict', async () => {
    // memory.oom.group kills the box's init with the bomb, so no program status is ever reported;
    // this was once a sandbox error (seen on CI with the case above, reproduced here at 16 MiB).
    const { result } = await hostile('fork_bomb', [], {}, { processes: 32, cpuMs: 1000, memoryKiB: 16 * 1024 });
    expect(processesNamed('fork_bomb')).toEqual([]);
    expect(result.outcome, JSON.stringify(result)).toBe('memory-limit');
  });

  it('thread bomb: no more threads than the process limit', async () => {
    const { result, output } = await hostile('thread_bomb', [], {}, { processes: 40 });
    expect(processesNamed('thread_bomb')).toEqual([]);
    expect(result).toMatchObject({ outcome: 'exited', exitCode: 0 });
    const threads = Number(output.trim());
    expect(threads).toBeGreaterThan(10);
    expect(threads).toBeLessThan(40);
  });

  it('memory bomb: killed at the memory limit', async () => {
    const { result } = await hostile('memory_bomb', [], {}, { memoryKiB: 64 * 1024 });
    expect(result.outcome).toBe('memory-limit');
    expect(result.memoryKiB).toBeLessThanOrEqual(64 * 1024);
  });

  it('output flood: stopped at the file size limit, the file never grows past it', async () => {
    const { result, spec } = await hostile('output_flood', [], {}, { fileSizeBytes: 256 * 1024 });
    expect(result.outcome).toBe('output-limit');
    expect(statSync(spec.stdoutFile!).size).toBeLessThanOrEqual(256 * 1024);
  });

  it('sleeping forever: stopped at the wall limit', async () => {
    const { result } = await hostile('sleep_forever', [], {}, { wallMs: 500 });
    expect(result.outcome).toBe('wall-limit');
  });

  it('a background process outliving the program is killed with the box', async () => {
    marker = uniqueMarker();
    const result = await run({
      argv: ['/bin/sh', '-c', `${'/fixtures/sleep_forever'} ${marker} & echo started`],
      workDir: makeWorkDir(),
      readOnlyBinds: [{ host: fixtures, box: '/fixtures' }],
      limits: defaultLimits,
    });
    expect(result).toMatchObject({ outcome: 'exited', exitCode: 0 });
  });

  it('network: no connection to the host services, not even on 127.0.0.1', async () => {
    const { result, output } = await hostile('connect_to', ['127.0.0.1:5432', '127.0.0.1:6379', '1.1.1.1:53']);
    expect(output).not.toMatch(/connected/);
    expect(result).toMatchObject({ outcome: 'exited', exitCode: 0 });
    // The same connection from outside works when PostgreSQL runs: the test can fail.
    if (await canConnect(5432)) expect(output).toMatch(/127\.0\.0\.1:5432 \S+/);
  });

  it('reading host files: nothing of the host is visible', async () => {
    const secretDir = mkdtempSync(join(tmpdir(), 'oj-secret-'));
    chmodSync(secretDir, 0o755);
    writeFileSync(join(secretDir, 'answer.txt'), 'the answer of another test\n', { mode: 0o644 });
    const targets = [
      '/etc/shadow',
      '/root/.bashrc',
      '/root',
      '/work/main/package.json',
      '/home',
      join(secretDir, 'answer.txt'),
      '/proc/1/environ',
      '/proc/1/cmdline',
      '/sys/fs/cgroup/memory/memory.limit_in_bytes',
      '/run/oj-sandbox/slots/0',
      '/var/log/dpkg.log',
    ];
    const { result, output } = await hostile('open_paths', ['read', ...targets]);
    expect(output).not.toMatch(/ ok$/m);
    expect(result).toMatchObject({ outcome: 'exited', exitCode: 0 });
  });

  it('writing outside the box: only /box and the private /tmp are writable', async () => {
    const name = uniqueMarker();
    const workDir = makeWorkDir();
    const targets = [`/tmp/${name}`, `/${name}`, `/etc/${name}`, `/usr/${name}`, `/dev/${name}`, `/fixtures/${name}`, `/proc/${name}`];
    const { result, output } = await hostile('open_paths', ['write', ...targets], { workDir });
    // Two writes succeed: the private /tmp and the marker argument, a relative path under /box.
    const succeeded = output.split('\n').filter((line) => line.endsWith(' ok'));
    expect(succeeded).toEqual([`/tmp/${name} ok`, `${marker} ok`]);
    expect(result).toMatchObject({ outcome: 'exited', exitCode: 2 });
    expect(existsSync(join(workDir, marker))).toBe(true);
    for (const path of [`/tmp/${name}`, `/${name}`, `/etc/${name}`, `/usr/${name}`, join(fixtures, name), join(workDir, name)]) {
      expect(existsSync(path)).toBe(false);
    }
  });

  it('environment leaks: the host environment is not inherited', async () => {
    process.env.OJ_SECRET_FOR_TEST = 'leak';
    try {
      const { result, output } = await hostile('print_env', []);
      expect(result.outcome).toBe('exited');
      expect(output).toBe('');
    } finally {
      delete process.env.OJ_SECRET_FOR_TEST; // one worker runs every file (isolate: false)
    }
  });

  it('kill(-1, SIGKILL) and killing the parent reach nothing outside the box', async () => {
    const bystander = spawn('/bin/sleep', ['30'], { stdio: 'ignore' });
    try {
      const { result, output } = await hostile('kill_everything', []);
      expect(result).toMatchObject({ outcome: 'exited', exitCode: 0 });
      expect(output).toMatch(/kill\(parent=\d+\) -1/);
      expect(output).toMatch(/kill\(1\) -1/);
      expect(bystander.exitCode).toBeNull();
      expect(bystander.signalCode).toBeNull();
      process.kill(bystander.pid!, 0); // still there
    } finally {
      bystander.kill('SIGKILL');
    }
  });

  it('fd exhaustion: capped by the open files limit', async () => {
    const { result, output } = await hostile('open_many_files', [], {}, { openFiles: 50 });
    expect(result).toMatchObject({ outcome: 'exited', exitCode: 0 });
    expect(Number(output.trim())).toBe(47);
  });

  it('setuid: cannot become root, not even through a setuid-root binary in /box', async () => {
    const workDir = makeWorkDir();
    copyFileSync(join(fixtures, 'print_ids'), join(workDir, 'print_ids'));
    chownSync(join(workDir, 'print_ids'), 0, 0);
    chmodSync(join(workDir, 'print_ids'), 0o4755);
    const { result, output } = await hostile('print_ids', [], { workDir, argv: ['/box/print_ids'] });
    expect(result).toMatchObject({ outcome: 'exited', exitCode: 0 });
    const [uid, euid, gid, egid, r1, r2, r3] = output.trim().split(' ').map(Number);
    expect(uid).toBeGreaterThan(0);
    expect([euid, gid, egid]).toEqual([uid, uid, uid]);
    expect([r1, r2, r3]).toEqual([-1, -1, -1]);
  });

  it('ptrace, namespaces, mount, chroot: all refused', async () => {
    const { result, output } = await hostile('escape_attempts', []);
    expect(output).not.toMatch(/ALLOWED/);
    expect(output.trim().split('\n')).toHaveLength(8);
    expect(result).toMatchObject({ outcome: 'exited', exitCode: 0 });
  });

  it('a symlink planted in the work dir cannot redirect the stdout file onto the host', async () => {
    const workDir = makeWorkDir();
    const victim = join(makeWorkDir(), 'precious');
    writeFileSync(victim, 'precious\n');
    symlinkSync(victim, join(workDir, 'out'));
    const { result } = await hostile('output_flood', [], { workDir, stdoutFile: join(workDir, 'out') }, { fileSizeBytes: 4096 });
    expect(result.outcome).not.toBe('exited');
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
  });

  it('a FIFO planted in the work dir is refused as a stdio file, not waited on (only the caller’s count)', async () => {
    for (const stdio of ['stdinFile', 'stdoutFile'] as const) {
      const workDir = makeWorkDir();
      execFileSync('mkfifo', [join(workDir, 'pipe')]);
      const { result } = await hostile('exit_with', ['0'], { workDir, [stdio]: join(workDir, 'pipe') });
      expect(result.outcome).toBe('sandbox-error');
      expect(result.message).toMatch(/not a regular file|cannot open/);
    }
  });

  it('no privileges left: no capabilities, no_new_privs, seccomp filter on, another uid', async () => {
    const io = makeWorkDir();
    marker = uniqueMarker();
    const result = await run({
      argv: ['/bin/sh', '-c', 'grep -E "^(Uid|Gid|Groups|CapInh|CapPrm|CapEff|CapBnd|CapAmb|NoNewPrivs|Seccomp):" /proc/self/status', marker],
      workDir: makeWorkDir(),
      stdoutFile: join(io, 'out'),
      limits: defaultLimits,
    });
    expect(result).toMatchObject({ outcome: 'exited', exitCode: 0 });
    const status = Object.fromEntries(
      readFileSync(join(io, 'out'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => line.split(/:\s+/)),
    );
    for (const cap of ['CapInh', 'CapPrm', 'CapEff', 'CapBnd', 'CapAmb']) expect(status[cap]).toBe('0000000000000000');
    expect(status.NoNewPrivs).toBe('1');
    expect(status.Seccomp).toBe('2');
    expect(status.Groups).toBe('');
    const [uid] = status.Uid.split(/\s+/).map(Number);
    expect(uid).toBeGreaterThanOrEqual(1_900_000_000);
  });

  it('filling /tmp counts as memory: stopped at the memory limit', async () => {
    marker = uniqueMarker();
    const result = await run({
      argv: ['/bin/sh', '-c', 'head -c 300000000 /dev/zero > /tmp/fill', marker],
      workDir: makeWorkDir(),
      limits: { ...defaultLimits, memoryKiB: 64 * 1024, fileSizeBytes: 1 << 30 },
    });
    expect(result.outcome).toBe('memory-limit');
  });

  it('many files each under the per-file limit: stopped when /box is full, nothing more reaches the host', async () => {
    const workDir = makeWorkDir();
    const { result } = await hostile('disk_flood', ['60000', 'stop'], { workDir }, { fileSizeBytes: 64 << 10, diskBytes: 1 << 20 });
    expect(result).toMatchObject({ outcome: 'output-limit', exitCode: 3, diskFull: true });
    expect(result.message).toMatch(/disk is full/);
    const copied = readdirSync(workDir).filter((f) => f.startsWith('f'));
    expect(copied.length).toBeGreaterThan(10);
    expect(copied.reduce((sum, f) => sum + statSync(join(workDir, f)).size, 0)).toBeLessThanOrEqual(1 << 20);
  });

  it('a program that keeps retrying on a full /box is an output-limit, not a time limit', async () => {
    const { result } = await hostile('disk_flood', ['60000', 'retry'], {}, { fileSizeBytes: 64 << 10, diskBytes: 256 << 10, cpuMs: 500 });
    expect(result.outcome).toBe('output-limit');
  });

  it('many empty files: stopped at the file count of /box', async () => {
    const workDir = makeWorkDir();
    const { result } = await hostile('disk_flood', ['0', 'stop'], { workDir }, { diskFiles: 100 });
    expect(result).toMatchObject({ outcome: 'output-limit', exitCode: 3, diskFull: true });
    expect(readdirSync(workDir).length).toBeLessThanOrEqual(100);
  });

  it('a box sees only its own processes, not those of another box running at the same time', async () => {
    const sleeperMarker = uniqueMarker();
    const sleeper = run(fixtureSpec(fixtures, 'sleep_forever', [sleeperMarker], { limits: { ...defaultLimits, wallMs: 3000 } }));
    const io = makeWorkDir();
    marker = uniqueMarker();
    await expect.poll(() => processesWithMarker(sleeperMarker, '/fixtures/sleep_forever').length).toBeGreaterThan(0);
    const result = await run({
      argv: ['/bin/sh', '-c', 'cat /proc/[0-9]*/cmdline | tr "\\0" " "; echo', marker],
      workDir: makeWorkDir(),
      stdoutFile: join(io, 'out'),
      limits: defaultLimits,
    });
    expect(result.outcome).toBe('exited');
    const seen = readFileSync(join(io, 'out'), 'utf8');
    expect(seen).toContain(marker); // itself
    expect(seen).not.toContain(sleeperMarker);
    expect(seen).not.toContain('oj-sandbox');
    expect((await sleeper).outcome).toBe('wall-limit');
  });
});
