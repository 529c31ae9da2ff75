// Bootstrap hook of the server: `npm start` runs it compiled (apps/server/dist/main.js, see build.mjs),
// so the bundle is rebuilt whenever the server or a workspace package it bundles changed.
// `npm run backup` / `npm run restore` on PostgreSQL (DATABASE_URL) use pg_dump and pg_restore.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer, SERVER_DIST, SERVER_INPUTS } from './build.mjs';

export const debianPackages = ['postgresql-client'];

export async function build({ whenChanged, log }) {
  const missing = !existsSync(join(SERVER_DIST, 'main.js'));
  return whenChanged(
    'server',
    SERVER_INPUTS,
    async () => {
      log('building the server (esbuild → apps/server/dist/main.js)');
      await buildServer();
    },
    // Built for this Node's major version (esbuild's target).
    process.versions.node.split('.')[0],
    missing,
  );
}
