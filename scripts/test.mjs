// `npm test`: bootstrap (as `npm start` does, plus the browser), then lint, type-check and the suite.
// The suite runs inside its own PID namespace when we are root, so that a sandbox failure during the
// adversarial tests (fork bombs, kill(-1)) cannot reach processes of the machine running them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import { bootstrap, ROOT, log, isRoot } from './lib/bootstrap.mjs';

await bootstrap({ forTests: true });

function check(name, cmd, args) {
  log(`${name}: ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) {
    log(`${name} failed`);
    process.exit(res.status ?? 1);
  }
}

check('lint', 'npx', ['eslint', '--max-warnings', '0', '.']);
check('type-check server, packages, scripts and benches', 'npx', ['tsc', '-p', 'tsconfig.json']);
check('type-check sites', 'npx', ['tsc', '-p', 'apps/web/tsconfig.json']);
check('type-check browser tests (Node + DOM)', 'npx', ['tsc', '-p', 'apps/web/tsconfig.test.json']);

const vitest = ['npx', 'vitest', 'run', ...process.argv.slice(2)];
const isolated = isRoot() ? ['unshare', '--pid', '--fork', '--mount-proc', ...vitest] : vitest;
log(`test suite${isRoot() ? ' (in its own PID namespace)' : ''}: ${vitest.join(' ')}`);
if (process.env.TEST_DATABASE_URL) log(`also on PostgreSQL: ${process.env.TEST_DATABASE_URL}`);
if (process.env.TEST_REDIS_URL) log(`also with Redis: ${process.env.TEST_REDIS_URL}`);
const tmp = ramTmpDir();
const res = spawnSync(isolated[0], isolated.slice(1), {
  cwd: ROOT,
  stdio: 'inherit',
  env: tmp ? { ...process.env, TMPDIR: tmp } : process.env,
});
if (tmp) rmSync(tmp, { recursive: true, force: true });
process.exit(res.status ?? 1);

/**
 * The suite's temporary files (data directories of some 300 servers, SQLite files, test data,
 * sandboxes) on a RAM disk when the machine has one with room: on a disk mounted with `discard`,
 * deleting a test server's files took ~0.5 s each time. Real files all the same.
 */
function ramTmpDir() {
  const shm = '/dev/shm';
  try {
    const fs = statfsSync(shm);
    if (fs.bavail * fs.bsize < 4 * 2 ** 30) return null;
    const dir = mkdtempSync(join(shm, 'oj-test-'));
    log(`temporary files in ${dir}`);
    return dir;
  } catch {
    return null;
  }
}
