// A crash anywhere (the helper, the Node process using the sandbox) must not leave processes or
// cgroups behind.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELPER_PATH } from './helper';
import { runInSandbox } from './index';
import { defaultLimits } from '../test/support';
import { compileFixtures, makeWorkDir, processesWithMarker, removeMadeDirs, sweepStaleCgroups, uniqueMarker } from '../test/support';

let fixtures = '';
beforeAll(async () => {
  fixtures = await compileFixtures();
});
afterAll(removeMadeDirs);

const limitArgs = ['--cpu-ms', '60000', '--wall-ms', '60000', '--memory-kib', '65536', '--processes', '8', '--fsize', '1024', '--nofile', '16'];

async function waitFor(condition: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

function startSleeper(marker: string) {
  return spawn(
    HELPER_PATH,
    ['run', '--work-dir', makeWorkDir(), '--ro', fixtures, '/fixtures', ...limitArgs, '--', '/fixtures/sleep_forever', marker],
    { stdio: ['ignore', 'pipe', 'pipe'], env: {} },
  );
}

describe('cleanup after crashes', () => {
  it('SIGTERM to the helper: it stops the box, answers sandbox-error and removes its cgroups', async () => {
    const marker = uniqueMarker();
    const helper = startSleeper(marker);
    let out = '';
    helper.stdout.on('data', (d: Buffer) => (out += d.toString()));
    await waitFor(() => processesWithMarker(marker, '/fixtures/sleep_forever').length > 0);
    helper.kill('SIGTERM');
    await new Promise((r) => helper.on('close', r));
    expect(JSON.parse(out)).toMatchObject({ outcome: 'sandbox-error' });
    expect(processesWithMarker(marker)).toEqual([]);
    expect(sweepStaleCgroups()).toBe(0);
  });

  it('SIGKILL to the helper: the box dies with it, the next sweep removes the stale cgroups', async () => {
    const marker = uniqueMarker();
    const helper = startSleeper(marker);
    await waitFor(() => processesWithMarker(marker, '/fixtures/sleep_forever').length > 0);
    helper.kill('SIGKILL');
    await waitFor(() => processesWithMarker(marker).length === 0, 5000);
    // The zygote and init hold the slot lock until they are gone; then the cgroups are stale.
    let swept = 0;
    await waitFor(() => (swept += sweepStaleCgroups()) > 0, 5000);
    expect(sweepStaleCgroups()).toBe(0);
  });

  it('the Node process using the sandbox is killed: its helpers clean up after themselves', async () => {
    const marker = uniqueMarker();
    const script = join(makeWorkDir(), 'user.mts');
    writeFileSync(
      script,
      `import { runInSandbox } from ${JSON.stringify(join(import.meta.dirname, 'index.ts'))};
       await runInSandbox({ argv: ['/fixtures/sleep_forever', ${JSON.stringify(marker)}], workDir: ${JSON.stringify(makeWorkDir())},
         readOnlyBinds: [{ host: ${JSON.stringify(fixtures)}, box: '/fixtures' }],
         limits: { cpuMs: 60000, wallMs: 60000, memoryKiB: 65536, processes: 8, fileSizeBytes: 1024, openFiles: 16 } });`,
    );
    const node = spawn(process.execPath, ['--import', 'tsx', script], { stdio: 'ignore', cwd: join(import.meta.dirname, '..') });
    await waitFor(() => processesWithMarker(marker, '/fixtures/sleep_forever').length > 0, 30_000);
    const helpers = helpersOf(node.pid!);
    expect(helpers.length).toBeGreaterThan(0);
    node.kill('SIGKILL');
    await waitFor(() => processesWithMarker(marker).length === 0, 5000);
    // The helpers (the busy one and the warm ones) got SIGTERM through PR_SET_PDEATHSIG and
    // removed their cgroups themselves before exiting: once they are gone, nothing is stale.
    await waitFor(() => helpers.every(hasEnded), 5000);
    expect(sweepStaleCgroups()).toBe(0);
  });

  it('an idle warm helper killed from outside is not used; the next sweep removes what it left', async () => {
    const spec = { argv: ['/bin/true'], workDir: makeWorkDir(), limits: defaultLimits };
    expect((await runInSandbox(spec)).outcome).toBe('exited');
    await waitFor(() => warmHelpersOfThisProcess().length > 0); // the pool refills after an answer
    const idle = warmHelpersOfThisProcess();
    for (const pid of idle) process.kill(pid, 'SIGKILL');
    // Reaped by this process: the pool has heard of their exit (it comes with the reaping).
    await waitFor(() => idle.every((pid) => !existsSync(`/proc/${pid}`)));
    const runs = await Promise.all([1, 2, 3].map(() => runInSandbox({ ...spec, workDir: makeWorkDir() })));
    expect(runs.map((r) => r.outcome)).toEqual(['exited', 'exited', 'exited']);
    await waitFor(() => {
      sweepStaleCgroups();
      return sweepStaleCgroups() === 0;
    }, 5000);
  });
});

/** The command lines of pooled helpers: serving (serve-pool.ts) or one run each (warm-pool.ts). */
const POOLED_HELPER_LINES = [`${HELPER_PATH}\0serve\0`, `${HELPER_PATH}\0run\0--spec-on-stdin\0`];

/** Pooled helpers waiting for a spec (or running one), started by the process `parent`. */
function helpersOf(parent: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      const ppid = /^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1];
      if (POOLED_HELPER_LINES.includes(cmdline) && Number(ppid) === parent) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

const warmHelpersOfThisProcess = () => helpersOf(process.pid);

/** The process has exited (a zombie not yet reaped counts: it runs no more code). */
function hasEnded(pid: number): boolean {
  try {
    return /^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return true;
  }
}
