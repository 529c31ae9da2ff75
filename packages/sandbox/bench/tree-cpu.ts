import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time (ms) of this process and all its descendants: the live ones too (serving sandbox
 * helpers and their zygotes live for many runs) with what each has reaped, so that nothing is
 * missed and nothing counted twice. For benches: getrusage(RUSAGE_CHILDREN) alone sees only the
 * children that have exited and been waited for.
 */
export function treeCpuMs(): number {
  const stats = new Map<number, string[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      stats.set(Number(entry), readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' '));
    } catch {
      // gone meanwhile
    }
  }
  const ours = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, f] of stats)
      if (!ours.has(pid) && ours.has(Number(f[1]))) {
        ours.add(pid);
        grew = true;
      }
  }
  let ticks = 0;
  for (const pid of ours) {
    const f = stats.get(pid);
    // utime, stime, cutime, cstime (fields 14–17 of stat; 11–14 after the name)
    if (f) ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
  }
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}
