// The serving side of the CPU weighting (issue 28; docs/judge-speed.md, "CPU weight"): the process
// that serves and judges moves itself into a CPU group of its own, `oj-serve`; the sandbox helpers
// it starts then put every box in one child group of it, `oj-judge`, of a low weight
// (native/cgroup.c). Inside the installation's group the server's threads outweigh all boxes
// together; against the rest of the machine both weigh as one group, whatever session autogroups do.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpuGroupsEnabled } from './helper';

const CGROUP_ROOT = '/sys/fs/cgroup';
export const SERVING_GROUP = 'oj-serve';
/** cgroup v1 `cpu.shares` of the serving group: one session's worth (an autogroup weighs 1024). */
export const SERVING_CPU_SHARES = 1024;

export type ServingCpuGroup = { joined: true; path: string } | { joined: false; reason: string };

/** This process's group in the v1 hierarchy holding `controller`. */
function ownGroup(controller: string, cgroupFile: string): string | null {
  for (const line of readFileSync(cgroupFile, 'utf8').split('\n')) {
    const [id, controllers, path] = line.split(/:(.*?):/);
    if (id === undefined || path === undefined) continue;
    if (controllers.split(',').includes(controller)) return path;
  }
  return null;
}

const put = (dir: string, file: string, value: string) => writeFileSync(join(dir, file), value);

export interface JoinOptions {
  /** Where the cgroup hierarchies are mounted (tests may point elsewhere). */
  root?: string;
  /** This process's `/proc/self/cgroup`. */
  cgroupFile?: string;
  env?: NodeJS.ProcessEnv;
}

/**
 * Moves this process (all its threads, and the children it starts from now on) into the serving
 * CPU group. Only from the root group, where the kernel would weigh it per session autogroup: a
 * process a service manager or container has put in a group of its own stays there (its helpers
 * nest the judge's group under that one). Needs root and cgroup v1 with the cpu hierarchy apart
 * from cpuacct (the boxes' cpuacct groups are their slots'), and `OJ_JUDGE_CPU_GROUPS=1`;
 * otherwise nothing changes and the boxes' niceness alone orders the two.
 */
export function joinServingCpuGroup(o: JoinOptions = {}): ServingCpuGroup {
  const root = o.root ?? CGROUP_ROOT;
  const cgroupFile = o.cgroupFile ?? '/proc/self/cgroup';
  if (!cpuGroupsEnabled(o.env)) return { joined: false, reason: 'OJ_JUDGE_CPU_GROUPS is not 1' };
  if (process.platform !== 'linux') return { joined: false, reason: 'not Linux' };
  try {
    if (existsSync(join(root, 'cgroup.controllers')))
      return { joined: false, reason: 'cgroup v2: the boxes keep their niceness alone' };
    const hierarchy = join(root, 'cpu');
    if (!existsSync(join(hierarchy, 'cpu.shares'))) return { joined: false, reason: 'no cpu controller' };
    const cpu = statSync(hierarchy);
    const cpuacct = existsSync(join(root, 'cpuacct')) ? statSync(join(root, 'cpuacct')) : undefined;
    if (cpuacct && cpu.ino === cpuacct.ino && cpu.dev === cpuacct.dev)
      return {
        joined: false,
        reason: 'cpu and cpuacct mounted together: the boxes keep their niceness alone',
      };
    const own = ownGroup('cpu', cgroupFile);
    const dir = join(hierarchy, SERVING_GROUP);
    if (own === `/${SERVING_GROUP}`) return { joined: true, path: dir };
    if (own !== '/') return { joined: false, reason: `already in the CPU group ${own ?? '?'}` };
    mkdirSync(dir, { recursive: true, mode: 0o755 });
    put(dir, 'cpu.shares', String(SERVING_CPU_SHARES));
    put(dir, 'cgroup.procs', '0'); // "0": the writing process, whatever PID namespace it is in
    return { joined: true, path: dir };
  } catch (err) {
    return { joined: false, reason: (err as Error).message };
  }
}
