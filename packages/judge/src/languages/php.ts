import type { LanguageSpec } from './index';
import { baseEnv, compileLimits, fileProgram, PATH, PROGRAM_DIR } from './kit';

/** PHP's ini settings: no php.ini (/etc is outside the box), errors on stderr, not in the output. */
const INI = ['-n', '-d', 'display_errors=stderr', '-d', 'error_reporting=E_ALL'];

/** PHP 8.2 CLI (Debian's php-cli, its built-in extensions: no php.ini, so no shared modules). */
export const php: LanguageSpec = {
  name: 'PHP',
  sourceFile: 'main.php',
  timeFactor: 1,
  compile: () => ({
    // `php -l` checks the syntax; its "No syntax errors detected" line is not a message.
    argv: ['/bin/sh', '-c', `exec /usr/bin/php ${INI.join(' ')} -l main.php > /dev/null`],
    env: baseEnv,
    limits: compileLimits({ processes: 4 }),
    readOnlyBinds: [],
  }),
  run: ({ memoryMiB }) => ({
    // PHP's own limit at the user's: an exhausted heap says so (→ MLE) instead of being killed.
    argv: ['/usr/bin/php', ...INI, '-d', `memory_limit=${memoryMiB}M`, `${PROGRAM_DIR}/main.php`],
    env: { PATH, LANG: 'C.UTF-8', HOME: '/box' },
    memoryKiB: memoryMiB * 1024,
    processes: 4,
  }),
  program: fileProgram('main.php'),
  outOfMemory: [/Allowed memory size of \d+ bytes exhausted/, /Out of memory/],
};
