import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The native helper built by `bootstrap.mjs` (gcc + libseccomp) from `native/*.c`. */
export const HELPER_PATH = join(dirname(fileURLToPath(import.meta.url)), '..', 'build', 'oj-sandbox');

export function helperExists(): boolean {
  return existsSync(HELPER_PATH);
}

/**
 * The helper's environment: empty but for `OJ_JUDGE_CPU_GROUPS=0`, which keeps boxes out of the
 * judge's low-weight CPU group (niceness alone; docs/judge-speed.md, "CPU weight").
 */
export function helperEnv(): Record<string, string> {
  return cpuGroupsEnabled() ? {} : { OJ_JUDGE_CPU_GROUPS: '0' };
}

/**
 * Whether judging and serving are weighed by CPU groups (`OJ_JUDGE_CPU_GROUPS=1`; off by default:
 * under a busy server the groups starve the boxes to a fraction of a percent of a core, and a
 * program near its CPU limit would end at the 100 × wall safety stop; docs/judge-speed.md).
 */
export function cpuGroupsEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.OJ_JUDGE_CPU_GROUPS?.trim() === '1';
}
