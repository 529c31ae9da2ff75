// `npm start`: install what is missing, build what changed, then migrate, seed and serve.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { bootstrap, ROOT, log } from './lib/bootstrap.mjs';

await bootstrap();
log('starting the server (migrations and first-start seeding run inside it)');
// The server as the bootstrap built it (apps/server/build.mjs): plain JavaScript, no TypeScript
// loader in the running process; the source map makes stack traces name the .ts files.
const child = spawn(process.execPath, ['--enable-source-maps', join(ROOT, 'apps/server/dist/main.js')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
