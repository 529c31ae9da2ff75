import type { LanguageSpec } from './index';
import { toolVersion } from './toolchains';

/** A command as people read it: binaries without /usr/bin, inline scripts named, spaces quoted. */
export const commandLine = (argv: string[]): string =>
  argv
    .map((a) => a.replace(/^\/usr\/(local\/)?bin\//, ''))
    .map((a) => (a.includes('\n') ? "'<内联脚本>'" : /\s/.test(a) ? `'${a}'` : a))
    .join(' ');

/**
 * What a record shows of how its program was built (issue 25): the toolchain's version and the
 * exact compile command, e.g. `g++ (Debian 12.2.0-14) 12.2.0 · g++ -std=gnu++20 -O2 … main.cpp`.
 */
export async function compilerLine(spec: LanguageSpec, source?: string): Promise<string> {
  const version = await toolVersion(spec.name);
  const file = (source !== undefined && spec.sourceFileFor?.(source)) || spec.sourceFile;
  const command = commandLine(spec.compile(file).argv);
  return version ? `${version} · ${command}` : command;
}
