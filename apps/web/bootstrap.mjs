// Bootstrap hook of the web sites: the browser tests need Chromium and CJK fonts (Chinese screenshots),
// and the server serves the built sites from apps/web/dist, so the build runs whenever its inputs change.
import { join } from 'node:path';
import { existsSync } from 'node:fs';

export const testDebianPackages = ['chromium', 'fonts-noto-cjk'];

export async function build({ whenChanged, run, ROOT, log }) {
  const webDir = join(ROOT, 'apps', 'web');
  // A missing dist (fresh clone, deleted by hand) must rebuild even when the sources did not change.
  const missing =
    !existsSync(join(webDir, 'dist', 'index.html')) ||
    !existsSync(join(webDir, 'dist', 'admin', 'index.html'));
  return whenChanged(
    'web',
    ['apps/web', 'packages/shared/src', 'package-lock.json'],
    async () => {
      log('building the web sites (vite build)');
      run('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: webDir });
    },
    '',
    missing,
  );
}
