// `npm test`: bootstrap (as `npm start` does, plus the browser), then lint, type-check and the suite.
// The suite runs inside its own PID namespace when we are root, so that a sandbox failure during the
// adversarial tests (fork bombs, kill(-1)) cannot reach processes of the machine running them.
import { spawnSync } from 'node:child_process';
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
const res = spawnSync(isolated[0], isolated.slice(1), { cwd: ROOT, stdio: 'inherit' });
process.exit(res.status ?? 1);
