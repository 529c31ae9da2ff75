import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The native helper built by `bootstrap.mjs` (gcc + libseccomp) from `native/*.c`. */
export const HELPER_PATH = join(dirname(fileURLToPath(import.meta.url)), '..', 'build', 'oj-sandbox');

export function helperExists(): boolean {
  return existsSync(HELPER_PATH);
}
