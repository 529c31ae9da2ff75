import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { JudgeResult } from '@oj/shared';
import { UsageError } from './cli-args';
import { naturalCompare } from './natural-sort';

/** The CLI's JSON (snake_case, as problem authors' scripts and the benchmarks read it). */
export function toCliJson(result: JudgeResult) {
  return {
    status: result.status,
    time_used: result.timeMs,
    memory_used: result.memoryKiB,
    compile_message: result.compileMessage || result.message || '',
    tests: result.tests.map((t) => ({
      name: t.name,
      status: t.status,
      time_used: t.timeMs,
      memory_used: t.memoryKiB,
      message: t.message,
    })),
  };
}

/** `<name>.in` with `<name>.out`, in natural order of name; an input without answer is an error. */
export async function listTests(dir: string): Promise<{ name: string; input: string; answer: string }[]> {
  const names = await readdir(dir);
  const inputs = names.filter((n) => n.endsWith('.in')).map((n) => n.slice(0, -3));
  const missing = inputs.filter((n) => !names.includes(`${n}.out`));
  if (missing.length > 0)
    throw new UsageError(`no answer file for: ${missing.map((n) => `${n}.in`).join(', ')}`);
  return inputs
    .sort(naturalCompare)
    .map((name) => ({ name, input: join(dir, `${name}.in`), answer: join(dir, `${name}.out`) }));
}
