import type { RunSpec } from './types';

/** Thrown for a RunSpec the sandbox cannot honour; it is the caller's bug, reported as sandbox-error. */
export class InvalidSpecError extends Error {}

const LIMIT_FIELDS = ['cpuMs', 'wallMs', 'memoryKiB', 'processes', 'fileSizeBytes', 'openFiles'] as const;

function checkPath(name: string, value: string | undefined): void {
  if (value === undefined) return;
  if (typeof value !== 'string' || !value.startsWith('/') || value.includes('\0')) {
    throw new InvalidSpecError(`${name} must be an absolute path: ${String(value)}`);
  }
}

/** Validates a spec and turns it into the helper's command line (see native/options.c). */
export function helperArgs(spec: RunSpec): string[] {
  if (!Array.isArray(spec.argv) || spec.argv.length === 0 || spec.argv.some((a) => typeof a !== 'string' || a.includes('\0'))) {
    throw new InvalidSpecError('argv must be a non-empty list of strings without NUL');
  }
  checkPath('workDir', spec.workDir);
  if (!spec.workDir) throw new InvalidSpecError('workDir is required');
  checkPath('cwd', spec.cwd);
  checkPath('stdinFile', spec.stdinFile);
  checkPath('stdoutFile', spec.stdoutFile);
  checkPath('stderrFile', spec.stderrFile);

  const minimum: Record<(typeof LIMIT_FIELDS)[number], number> = {
    cpuMs: 1,
    wallMs: 1,
    memoryKiB: 1024,
    processes: 1,
    fileSizeBytes: 0,
    openFiles: 4,
  };
  const limits = spec.limits;
  for (const field of LIMIT_FIELDS) {
    const v = limits?.[field];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < minimum[field] || v > Number.MAX_SAFE_INTEGER) {
      throw new InvalidSpecError(`limits.${field} must be a number >= ${minimum[field]}: ${String(v)}`);
    }
  }

  for (const field of ['diskBytes', 'diskFiles'] as const) {
    const v = limits[field];
    if (v !== undefined && (typeof v !== 'number' || !Number.isFinite(v) || v < 1 || v > Number.MAX_SAFE_INTEGER)) {
      throw new InvalidSpecError(`limits.${field} must be a number >= 1: ${String(v)}`);
    }
  }

  const nice = spec.nice ?? 0;
  if (!Number.isInteger(nice) || nice < 0 || nice > 19) throw new InvalidSpecError(`nice must be an integer 0 to 19: ${String(spec.nice)}`);

  const args = ['run', '--work-dir', spec.workDir];
  if (spec.cwd) args.push('--cwd', spec.cwd);
  if (spec.stdinFile) args.push('--stdin', spec.stdinFile);
  if (spec.stdoutFile) args.push('--stdout', spec.stdoutFile);
  if (spec.stderrFile) args.push('--stderr', spec.stderrFile);
  for (const bind of spec.readOnlyBinds ?? []) {
    checkPath('readOnlyBinds.host', bind.host);
    checkPath('readOnlyBinds.box', bind.box);
    // Not into the box's own mounts: under /box a bind would be created through whatever the
    // program left in the work dir (a symlink to the host's /etc, say), by root.
    const reserved = ['/box', '/tmp', '/proc', '/dev'].some((r) => bind.box === r || bind.box.startsWith(`${r}/`));
    if (bind.box === '/' || reserved || bind.box.split('/').includes('..')) {
      throw new InvalidSpecError(`invalid bind target ${bind.box}: not /, not under /box, /tmp, /proc or /dev`);
    }
    args.push('--ro', bind.host, bind.box);
  }
  for (const [key, value] of Object.entries(spec.env ?? {})) {
    if (!key || key.includes('=') || key.includes('\0') || String(value).includes('\0')) {
      throw new InvalidSpecError(`invalid environment variable ${JSON.stringify(key)}`);
    }
    args.push('--env', `${key}=${value}`);
  }
  args.push(
    '--cpu-ms', String(Math.ceil(limits.cpuMs)),
    '--wall-ms', String(Math.ceil(limits.wallMs)),
    '--memory-kib', String(Math.ceil(limits.memoryKiB)),
    '--processes', String(Math.floor(limits.processes)),
    '--fsize', String(Math.floor(limits.fileSizeBytes)),
    '--nofile', String(Math.floor(limits.openFiles)),
    ...(limits.diskBytes === undefined ? [] : ['--disk-bytes', String(Math.ceil(limits.diskBytes))]),
    ...(limits.diskFiles === undefined ? [] : ['--disk-files', String(Math.floor(limits.diskFiles))]),
    ...(nice === 0 ? [] : ['--nice', String(nice)]),
    ...(spec.discardWrites ? ['--discard-writes', '1'] : []),
    '--',
    ...spec.argv,
  );
  return args;
}
