// Correctness of runInSandbox: outcomes, files, environment, limits and measurements.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELPER_PATH } from './helper';
import { checkSandbox, joinServingCpuGroup, runInSandbox } from './index';
import {
  compileFixtures,
  defaultLimits,
  FIXTURES_IN_BOX,
  fixtureSpec,
  makeWorkDir,
  processesWithMarker,
  removeMadeDirs,
} from '../test/support';
import type { Limits } from './types';

let fixtures = '';

/**
 * Runs `body` on a loaded host: two CPU hogs per core at niceness 0 (children of this process, so
 * in its CPU group: `oj-serve` once a server test or the weighing test below moved it there),
 * beside boxes at niceness 10 in their own group of weight 10, as the judge runs them.
 */
async function underLoad(body: () => Promise<void>): Promise<void> {
  const children = Array.from({ length: 2 * availableParallelism() }, () =>
    spawn('/bin/sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' }),
  );
  try {
    // The hogs are spinning: every one has been given CPU time (utime + stime of /proc/<pid>/stat).
    const ranOnCpu = (pid: number) => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(fields[11]) + Number(fields[12]) > 0;
    };
    await expect.poll(() => children.every((c) => ranOnCpu(c.pid!)), { timeout: 10_000 }).toBe(true);
    await body();
  } finally {
    for (const c of children) c.kill('SIGKILL');
  }
}

beforeAll(async () => {
  fixtures = await compileFixtures();
});
afterAll(removeMadeDirs);

describe('runInSandbox', () => {
  it('reports that this host can sandbox', async () => {
    expect(await checkSandbox()).toEqual({ ok: true });
  });

  it('reports the exit code', async () => {
    const res = await runInSandbox(fixtureSpec(fixtures, 'exit_with', ['42']));
    expect(res).toMatchObject({ outcome: 'exited', exitCode: 42, signal: null });
    const ok = await runInSandbox(fixtureSpec(fixtures, 'exit_with', ['0']));
    expect(ok).toMatchObject({ outcome: 'exited', exitCode: 0 });
  });

  it('reports the signal of a crash', async () => {
    expect(await runInSandbox(fixtureSpec(fixtures, 'exit_with', ['segv']))).toMatchObject({
      outcome: 'signaled',
      signal: 11,
      exitCode: null,
    });
    expect(await runInSandbox(fixtureSpec(fixtures, 'exit_with', ['abort']))).toMatchObject({
      outcome: 'signaled',
      signal: 6,
    });
  });

  it('feeds stdin from a file and writes stdout and stderr to files', async () => {
    const workDir = makeWorkDir();
    const io = makeWorkDir();
    writeFileSync(join(io, 'in'), 'hello 世界\n');
    const res = await runInSandbox(
      fixtureSpec(fixtures, 'copy_stdin', [], {
        workDir,
        stdinFile: join(io, 'in'),
        stdoutFile: join(io, 'out'),
        stderrFile: join(io, 'err'),
      }),
    );
    expect(res).toMatchObject({ outcome: 'exited', exitCode: 0 });
    expect(readFileSync(join(io, 'out'), 'utf8')).toBe('HELLO 世界\n');
    expect(readFileSync(join(io, 'err'), 'utf8')).toBe('done\n');
  });

  it('gives the program exactly the environment it was given', async () => {
    const io = makeWorkDir();
    const res = await runInSandbox(
      fixtureSpec(fixtures, 'print_env', [], {
        env: { LANG: 'C.UTF-8', ONLY: 'this' },
        stdoutFile: join(io, 'out'),
      }),
    );
    expect(res.outcome).toBe('exited');
    expect(readFileSync(join(io, 'out'), 'utf8').trim().split('\n').sort()).toEqual([
      'LANG=C.UTF-8',
      'ONLY=this',
    ]);
  });

  it('runs the whole tree at the niceness asked for, which the program cannot lower', async () => {
    const io = makeWorkDir();
    const res = await runInSandbox({
      argv: ['/bin/sh', '-c', 'nice; nice -n -10 nice; (nice)'],
      workDir: makeWorkDir(),
      stdoutFile: join(io, 'out'),
      nice: 10,
      limits: defaultLimits,
    });
    expect(res).toMatchObject({ outcome: 'exited', exitCode: 0 });
    expect(readFileSync(join(io, 'out'), 'utf8')).toBe('10\n10\n10\n');
  });

  it('measures the CPU time of the whole tree within 15 %', async () => {
    const single = await runInSandbox(fixtureSpec(fixtures, 'burn_cpu', ['400']));
    expect(single.outcome).toBe('exited');
    expect(single.timeMs).toBeGreaterThanOrEqual(400 * 0.85);
    expect(single.timeMs).toBeLessThanOrEqual(400 * 1.15);
    // Two threads of 300 ms each: the tree used 600 ms whatever the wall clock says.
    const threads = await runInSandbox(fixtureSpec(fixtures, 'burn_cpu', ['300', '2']));
    expect(threads.outcome).toBe('exited');
    expect(threads.timeMs).toBeGreaterThanOrEqual(600 * 0.85);
    expect(threads.timeMs).toBeLessThanOrEqual(600 * 1.15);
  });

  it('measures peak memory within 15 %', async () => {
    const res = await runInSandbox(
      fixtureSpec(fixtures, 'touch_memory', ['64'], { limits: limitsWithMemory(256) }),
    );
    expect(res.outcome).toBe('exited');
    expect(res.memoryKiB).toBeGreaterThanOrEqual(64 * 1024 * 0.85);
    expect(res.memoryKiB).toBeLessThanOrEqual(64 * 1024 * 1.15);
  });

  it('stops a program over its CPU limit (TLE)', async () => {
    const res = await runInSandbox(
      fixtureSpec(fixtures, 'spin_forever', [], { limits: limitsWith({ cpuMs: 300 }) }),
    );
    expect(res.outcome).toBe('cpu-limit');
    expect(res.timeMs).toBeGreaterThanOrEqual(300);
    expect(res.timeMs).toBeLessThan(600);
  });

  it('does not count waiting for a CPU against the wall limit (a busy program on a loaded host)', async () => {
    // The program waits on a run queue most of the time, several times its wall limit, yet it is
    // busy, not sleeping; its init, starved too, reaps it and reports long after it ended. 200 ms
    // of CPU: a box that just woke may get a burst first (50 ms came in 259 ms once, in its group).
    await underLoad(async () => {
      const res = await runInSandbox({
        ...fixtureSpec(fixtures, 'burn_cpu', ['200'], {
          limits: { ...defaultLimits, cpuMs: 5000, wallMs: 1000 },
        }),
        nice: 10,
      });
      expect(res, JSON.stringify(res)).toMatchObject({ outcome: 'exited', exitCode: 0 });
      expect(res.wallMs).toBeGreaterThan(1000);
    });
  }, 240_000);

  it('adds up the waits of successive processes (a compiler driver and its passes) and stops a sleeper', async () => {
    await underLoad(async () => {
      // Eight starved passes one after the other, then a short idle end: each pass waits less than
      // the wall limit, all together more; only the idle end and the CPU time count.
      const passes = await runInSandbox({
        argv: ['/bin/sh', '-c', `for i in 1 2 3 4 5 6 7 8; do ${FIXTURES_IN_BOX}/burn_cpu 10; done; sleep 0.2`],
        workDir: makeWorkDir(),
        readOnlyBinds: [{ host: fixtures, box: FIXTURES_IN_BOX }],
        limits: { ...defaultLimits, cpuMs: 5000, wallMs: 1000 },
        nice: 10,
      });
      expect(passes, JSON.stringify(passes)).toMatchObject({ outcome: 'exited', exitCode: 0 });
      // Idle is not waiting: a program that sleeps forever still ends at its wall limit.
      const sleeper = await runInSandbox({
        ...fixtureSpec(fixtures, 'sleep_forever', [], { limits: { ...defaultLimits, wallMs: 500 } }),
        nice: 10,
      });
      expect(sleeper.outcome).toBe('wall-limit');
    });
  }, 180_000);

  it("weighs every box in one CPU group under the serving process's own, 1 to 100 (issue 28)", async () => {
    const cg = '/sys/fs/cgroup';
    const serving = joinServingCpuGroup({ env: { OJ_JUDGE_CPU_GROUPS: '1' } });
    const v1Apart =
      existsSync(`${cg}/cpu/cpu.shares`) &&
      existsSync(`${cg}/cpuacct`) &&
      !(
        statSync(`${cg}/cpu`).ino === statSync(`${cg}/cpuacct`).ino &&
        statSync(`${cg}/cpu`).dev === statSync(`${cg}/cpuacct`).dev
      );
    if (!v1Apart) {
      expect(serving.joined).toBe(false); // niceness alone (cgroup v2, cpu with cpuacct)
      return;
    }
    expect(serving, JSON.stringify(serving)).toEqual({ joined: true, path: `${cg}/cpu/oj-serve` });
    expect(readFileSync('/proc/self/cgroup', 'utf8')).toMatch(/^\d+:cpu:\/oj-serve$/m);
    expect(readFileSync(`${cg}/cpu/oj-serve/cpu.shares`, 'utf8').trim()).toBe('1024');
    // A helper started from now on (serving helpers started before stay where they were).
    const marker = `weighed-${process.pid}-${Date.now()}`;
    const helper = spawn(
      HELPER_PATH,
      [
        'run',
        '--work-dir',
        makeWorkDir(),
        '--ro',
        fixtures,
        '/fixtures',
        '--cpu-ms',
        '5000',
        '--wall-ms',
        '20000',
        '--memory-kib',
        '65536',
        '--processes',
        '8',
        '--fsize',
        '1024',
        '--nofile',
        '16',
        '--',
        '/fixtures/sleep_forever',
        marker,
      ],
      { stdio: ['ignore', 'pipe', 'ignore'], env: {} },
    );
    try {
      const judged = `${cg}/cpu/oj-serve/oj-judge`;
      const boxed = () => readFileSync(`${judged}/cgroup.procs`, 'utf8').split('\n').filter(Boolean);
      const program = () => processesWithMarker(marker, '/fixtures/sleep_forever')[0];
      await expect.poll(program, { timeout: 10_000 }).toBeDefined();
      expect(boxed()).toContain(String(program()));
      expect(readFileSync(`${judged}/cpu.shares`, 'utf8').trim()).toBe('10');
      // The helper itself stays with the process that started it.
      expect(boxed()).not.toContain(String(helper.pid));
    } finally {
      helper.kill('SIGTERM');
      await new Promise((r) => helper.on('close', r));
    }
  });

  it('stops a sleeping program at the wall limit', async () => {
    const res = await runInSandbox(
      fixtureSpec(fixtures, 'sleep_forever', [], { limits: limitsWith({ wallMs: 400 }) }),
    );
    expect(res.outcome).toBe('wall-limit');
    expect(res.wallMs).toBeGreaterThanOrEqual(400);
    expect(res.timeMs).toBeLessThan(100);
  });

  it('stops a program over its memory limit (MLE)', async () => {
    const res = await runInSandbox(
      fixtureSpec(fixtures, 'touch_memory', ['200'], { limits: limitsWithMemory(64) }),
    );
    expect(res.outcome).toBe('memory-limit');
    expect(res.memoryKiB).toBeLessThanOrEqual(64 * 1024);
  });

  it('does not take page cache at the limit for an MLE (a failing program that wrote a big file)', async () => {
    // Its stdout file is on the host's disk (what it writes to /box is tmpfs: memory).
    const res = await runInSandbox({
      argv: ['/bin/sh', '-c', 'head -c 100000000 /dev/zero; exit 3'],
      workDir: makeWorkDir(),
      stdoutFile: join(makeWorkDir(), 'big'),
      limits: limitsWith({ memoryKiB: 32 * 1024, fileSizeBytes: 1 << 30, cpuMs: 10_000, wallMs: 30_000 }),
    });
    expect(res).toMatchObject({ outcome: 'exited', exitCode: 3 });
  });

  it('stops a program writing more than the file size limit (OLE)', async () => {
    const io = makeWorkDir();
    const res = await runInSandbox(
      fixtureSpec(fixtures, 'output_flood', [], { stdoutFile: join(io, 'out') }),
    );
    expect(res).toMatchObject({ outcome: 'output-limit', signal: 25 });
    expect(statSync(join(io, 'out')).size).toBeLessThanOrEqual(1 << 20);
    // Ignoring SIGXFSZ does not help: the file is full, the verdict is the same.
    const ignoring = await runInSandbox(
      fixtureSpec(fixtures, 'output_flood', ['ignore'], { stdoutFile: join(io, 'out2') }),
    );
    expect(ignoring.outcome).toBe('output-limit');
  });

  it('lets the stack grow as large as the memory limit (1e6-deep recursion at 256 MiB)', async () => {
    const io = makeWorkDir();
    const res = await runInSandbox(
      fixtureSpec(fixtures, 'deep_recursion', ['1000000'], {
        stdoutFile: join(io, 'out'),
        limits: limitsWithMemory(256),
      }),
    );
    expect(res).toMatchObject({ outcome: 'exited', exitCode: 0 });
    expect(readFileSync(join(io, 'out'), 'utf8').trim()).not.toBe('');
  });

  it('runs the program in /box, its private writable work dir', async () => {
    const workDir = makeWorkDir();
    const res = await runInSandbox(
      fixtureSpec(fixtures, 'open_paths', ['write', '/box/made-here', 'relative'], { workDir }),
    );
    expect(res).toMatchObject({ outcome: 'exited', exitCode: 2 });
    expect(readFileSync(join(workDir, 'made-here'), 'utf8')).toBe('owned\n');
    expect(readFileSync(join(workDir, 'relative'), 'utf8')).toBe('owned\n');
  });

  it('copies the work dir into /box and back what the program adds, never replacing the caller files', async () => {
    const workDir = makeWorkDir();
    const io = makeWorkDir();
    writeFileSync(join(workDir, 'given'), 'caller\n');
    const script = 'cat given; rm given; echo mine > given; mkdir d && echo deep > d/f';
    const res = await runInSandbox({
      argv: ['/bin/sh', '-c', script],
      workDir,
      stdoutFile: join(io, 'out'),
      limits: defaultLimits,
    });
    expect(res).toMatchObject({ outcome: 'exited', exitCode: 0 });
    expect(readFileSync(join(io, 'out'), 'utf8')).toBe('caller\n');
    expect(readFileSync(join(workDir, 'given'), 'utf8')).toBe('caller\n');
    expect(readFileSync(join(workDir, 'd', 'f'), 'utf8')).toBe('deep\n');
  });

  it('refuses an invalid spec without running anything', async () => {
    const res = await runInSandbox(fixtureSpec(fixtures, 'exit_with', ['0'], { workDir: 'relative/dir' }));
    expect(res.outcome).toBe('sandbox-error');
    expect(res.message).toMatch(/workDir/);
  });

  it('reports a program that cannot be executed as a sandbox error', async () => {
    const res = await runInSandbox(fixtureSpec(fixtures, 'does_not_exist', []));
    expect(res.outcome).toBe('sandbox-error');
    expect(res.message).toMatch(/does_not_exist/);
  });

  it('runs several boxes at once without mixing them up', async () => {
    const runs = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => runInSandbox(fixtureSpec(fixtures, 'exit_with', [String(n)]))),
    );
    expect(runs.map((r) => r.exitCode)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

function limitsWith(over: Partial<Limits>): Limits {
  return { ...defaultLimits, ...over };
}
function limitsWithMemory(mib: number): Limits {
  return limitsWith({ memoryKiB: mib * 1024 });
}
