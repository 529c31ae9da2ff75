// Shared by the sandbox's tests: compiles the C fixtures, makes work dirs, looks for leftovers.
import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { HELPER_PATH } from '../src/helper';
import type { Limits, RunSpec } from '../src/types';

const FIXTURE_SOURCES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
/** Where the compiled fixtures appear inside the box. */
export const FIXTURES_IN_BOX = '/fixtures';

const run = promisify(execFile);

/** Compiles every fixtures/*.c into a fresh directory (readable by the sandbox uid); returns it. */
export async function compileFixtures(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'oj-sandbox-fixtures-'));
  chmodSync(dir, 0o755);
  const sources = readdirSync(FIXTURE_SOURCES).filter((f) => f.endsWith('.c'));
  await Promise.all(
    sources.map((file) => {
      const name = file.slice(0, -2);
      // deep_recursion must keep its frames: no optimisation, no tail calls.
      const opt = name === 'deep_recursion' ? '-O0' : '-O1';
      return run('gcc', [opt, '-pthread', '-o', join(dir, name), join(FIXTURE_SOURCES, file)]);
    }),
  );
  return dir;
}

const made: string[] = [];

export function makeWorkDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'oj-sandbox-work-'));
  made.push(dir);
  return dir;
}

export function removeMadeDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export const defaultLimits: Limits = {
  cpuMs: 2000,
  wallMs: 10_000,
  memoryKiB: 128 * 1024,
  processes: 16,
  fileSizeBytes: 1 << 20,
  openFiles: 64,
};

/** A spec running fixture `name` with the fixtures bound read-only at /fixtures. */
export function fixtureSpec(fixtures: string, name: string, args: string[], extra: Partial<RunSpec> = {}): RunSpec {
  const { limits, ...rest } = extra;
  return {
    argv: [`${FIXTURES_IN_BOX}/${name}`, ...args],
    workDir: rest.workDir ?? makeWorkDir(),
    readOnlyBinds: [{ host: fixtures, box: FIXTURES_IN_BOX }],
    ...rest,
    limits: { ...defaultLimits, ...limits },
  };
}

/**
 * Host processes whose command line contains `marker` (every adversarial run carries one), or,
 * with `argv0`, only those running that program (not the helper, whose arguments hold it too).
 */
export function processesWithMarker(marker: string, argv0?: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.includes(marker) && (!argv0 || cmdline.startsWith(`${argv0}\0`))) found.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

export interface ProcessEntry {
  pid: number;
  /** R, S, D, Z, …: a zombie (Z) is a process too, holding its PID until someone reaps it. */
  state: string;
  ppid: number;
}

/** Processes running program `comm` (the kernel's 15-character name), zombies included. */
export function processesNamed(comm: string): ProcessEntry[] {
  const found: ProcessEntry[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (name === comm) found.push({ pid: Number(entry), state, ppid: Number(ppid) });
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

/**
 * Zombies of the box that ran in `slot` (its init, left to a PID 1 that never reaps when the helper
 * does not): found by the cgroup they died in. Another test file killing helpers on purpose leaves
 * zombies too, but of other slots.
 */
export function boxZombies(slot: number): number[] {
  return processesNamed('oj-sandbox')
    .filter((p) => p.state === 'Z')
    .filter((p) => {
      try {
        return readFileSync(`/proc/${p.pid}/cgroup`, 'utf8').includes(`/oj-sandbox/run-${slot}`);
      } catch {
        return false; // reaped meanwhile
      }
    })
    .map((p) => p.pid);
}

/**
 * Asks the helper to remove cgroups no live run owns; a non-zero answer means a run left one.
 * With `slot`, only that slot's: a test checking its own runs is not confused by another test
 * file killing helpers on purpose at the same time.
 */
export function sweepStaleCgroups(slot?: number): number {
  const res = spawnSync(HELPER_PATH, slot === undefined ? ['sweep'] : ['sweep', String(slot)], { encoding: 'utf8' });
  const answer = JSON.parse(res.stdout) as { sweptCgroups: number };
  return answer.sweptCgroups;
}

let counter = 0;
export function uniqueMarker(): string {
  counter += 1;
  return `oj-marker-${process.pid}-${Date.now()}-${counter}`;
}
