// The serving side of the CPU weighting: which hierarchy, which files, and when it leaves things be.
// On a copy of the cgroup layout in a temporary dir (the real move is in sandbox.test.ts).
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { joinServingCpuGroup, SERVING_CPU_SHARES } from './cpu-groups';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fake /sys/fs/cgroup and /proc/self/cgroup. */
function layout(version: 1 | 2, selfCgroup: string, coMounted = false) {
  const root = mkdtempSync(join(tmpdir(), 'oj-cpu-groups-'));
  made.push(root);
  if (version === 2) {
    writeFileSync(join(root, 'cgroup.controllers'), 'cpuset cpu io memory pids\n');
  } else {
    mkdirSync(join(root, 'cpu'));
    writeFileSync(join(root, 'cpu', 'cpu.shares'), '1024\n');
    if (coMounted) symlinkSync('cpu', join(root, 'cpuacct'));
    else mkdirSync(join(root, 'cpuacct'));
  }
  const cgroupFile = join(root, 'self-cgroup');
  writeFileSync(cgroupFile, selfCgroup);
  // Enabled, as an install that chose them (off by default).
  return { root, cgroupFile, env: { OJ_JUDGE_CPU_GROUPS: '1' } };
}

const V1_ROOT = '9:name=systemd:/\n4:memory:/x\n2:cpuacct:/\n1:cpu:/\n0::/\n';

describe('joinServingCpuGroup', () => {
  it('v1, from the root CPU group: a group of its own, joined by the writing process', () => {
    const o = layout(1, V1_ROOT);
    expect(joinServingCpuGroup(o)).toEqual({ joined: true, path: join(o.root, 'cpu', 'oj-serve') });
    expect(readFileSync(join(o.root, 'cpu', 'oj-serve', 'cpu.shares'), 'utf8')).toBe(
      String(SERVING_CPU_SHARES),
    );
    expect(readFileSync(join(o.root, 'cpu', 'oj-serve', 'cgroup.procs'), 'utf8')).toBe('0');
  });

  it('declines where the boxes could not be put under it: cpu mounted with cpuacct, cgroup v2', () => {
    const together = layout(1, '3:cpu,cpuacct:/\n0::/\n', true);
    expect(joinServingCpuGroup(together).joined).toBe(false);
    expect(existsSync(join(together.root, 'cpu', 'oj-serve'))).toBe(false);
    const v2 = layout(2, '0::/\n');
    expect(joinServingCpuGroup(v2).joined).toBe(false);
    expect(existsSync(join(v2.root, 'oj-serve'))).toBe(false);
  });

  it('leaves a process a service manager put in a group of its own where it is', () => {
    const v1 = layout(1, '2:cpuacct:/\n1:cpu:/system.slice/oj.service\n');
    expect(joinServingCpuGroup(v1)).toEqual({
      joined: false,
      reason: 'already in the CPU group /system.slice/oj.service',
    });
    expect(existsSync(join(v1.root, 'cpu', 'oj-serve'))).toBe(false);
  });

  it('is already done when the process is in the group (a second server in one process)', () => {
    const o = layout(1, '1:cpu:/oj-serve\n');
    expect(joinServingCpuGroup(o)).toEqual({ joined: true, path: join(o.root, 'cpu', 'oj-serve') });
    expect(existsSync(join(o.root, 'cpu', 'oj-serve', 'cgroup.procs'))).toBe(false);
  });

  it('falls back to niceness alone without the cpu controller, or without OJ_JUDGE_CPU_GROUPS=1', () => {
    const v1 = layout(1, V1_ROOT);
    rmSync(join(v1.root, 'cpu', 'cpu.shares'));
    expect(joinServingCpuGroup(v1)).toEqual({ joined: false, reason: 'no cpu controller' });
    const off = layout(1, V1_ROOT);
    for (const env of [{ OJ_JUDGE_CPU_GROUPS: '0' }, {}])
      expect(joinServingCpuGroup({ ...off, env })).toEqual({
        joined: false,
        reason: 'OJ_JUDGE_CPU_GROUPS is not 1',
      });
    expect(existsSync(join(off.root, 'cpu', 'oj-serve'))).toBe(false);
  });

  it('reports a write the kernel refuses instead of throwing', () => {
    const o = layout(1, V1_ROOT);
    mkdirSync(join(o.root, 'cpu', 'oj-serve', 'cpu.shares'), { recursive: true }); // not writable as a file
    const res = joinServingCpuGroup(o);
    expect(res.joined).toBe(false);
  });
});
