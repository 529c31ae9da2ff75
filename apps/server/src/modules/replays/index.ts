/** Public entry of the replays module: code replay (issue 15). */
export { createReplaysService, type ReplaysService } from './service';
export { replaysModule } from './routes';
