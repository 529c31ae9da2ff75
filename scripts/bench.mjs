// `npm run bench`: bootstrap, then run every benchmark script (`packages/*/bench/*.ts`, `apps/*/bench/*.ts`).
// Benchmarks print figures; they are not pass/fail tests. Pass a substring to run only matching scripts.
import { spawnSync } from 'node:child_process';
import { readdirSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { bootstrap, ROOT, log } from './lib/bootstrap.mjs';

await bootstrap();
const filter = process.argv[2] ?? '';
const scripts = [];
for (const group of ['packages', 'apps']) {
  for (const ws of readdirSync(join(ROOT, group))) {
    const dir = join(ROOT, group, ws, 'bench');
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).sort()) if (f.endsWith('.ts')) scripts.push(join(dir, f));
  }
}
let failed = 0;
for (const script of scripts.filter((s) => s.includes(filter))) {
  log(`bench ${relative(ROOT, script)}`);
  const res = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) failed++;
}
if (failed) process.exit(1);
