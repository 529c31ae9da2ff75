import { checkSandbox } from './check';
import { runUnchecked, sandboxError } from './run-helper';
import type { RunResult, RunSpec } from './types';

/**
 * Runs one command in the sandbox. Never throws for a failure of the sandbox or of the program:
 * those are outcomes. Refuses to run anything when the host cannot sandbox (see checkSandbox).
 */
export async function runInSandbox(spec: RunSpec): Promise<RunResult> {
  const check = await checkSandbox();
  if (!check.ok) return sandboxError(check.reason);
  return runUnchecked(spec);
}
