// `npm run build`: what `npm start` does before it serves (install what is missing, build what
// changed), without serving: an upgrade of a machine whose nodes run under systemd (docs/deploy.md),
// where the port is taken by the running node. The nodes migrate when they start.
import { bootstrap, log } from './lib/bootstrap.mjs';

await bootstrap();
log('built: restart the nodes one at a time (docs/deploy.md)');
