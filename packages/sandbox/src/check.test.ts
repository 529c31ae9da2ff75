// checkSandbox says why a host cannot sandbox, and runInSandbox then refuses to run anything.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSandbox } from './index';
import { makeWorkDir, removeMadeDirs } from '../test/support';

afterAll(removeMadeDirs);

describe('checkSandbox', () => {
  it('is ok on this host (root, cgroups, namespaces)', async () => {
    expect(await checkSandbox()).toEqual({ ok: true });
  });

  it('as an ordinary user: refuses, in Chinese and English, and runs nothing', () => {
    const dir = makeWorkDir();
    chmodSync(dir, 0o755);
    const marker = join(dir, 'ran');
    const script = join(dir, 'as-user.mts');
    writeFileSync(
      script,
      `import { checkSandbox, runInSandbox } from ${JSON.stringify(join(import.meta.dirname, 'index.ts'))};
       console.log(JSON.stringify(await checkSandbox()));
       console.log(JSON.stringify(await runInSandbox({ argv: ['/usr/bin/touch', ${JSON.stringify(marker)}], workDir: '/tmp',
         limits: { cpuMs: 1000, wallMs: 1000, memoryKiB: 65536, processes: 4, fileSizeBytes: 1024, openFiles: 16 } })));`,
      { mode: 0o644 },
    );
    const res = spawnSync(process.execPath, ['--import', 'tsx', script], {
      cwd: join(import.meta.dirname, '..'),
      uid: 65534,
      gid: 65534,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: '/tmp' },
      encoding: 'utf8',
    });
    const [check, run] = res.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(check.ok).toBe(false);
    expect(check.reason).toMatch(/root 权限.*\(the sandbox must run as root\)/);
    expect(run).toMatchObject({ outcome: 'sandbox-error' });
    expect(run.message).toBe(check.reason);
    expect(existsSync(marker)).toBe(false);
  });
});
