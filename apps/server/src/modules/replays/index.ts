/** Public entry of the replays module: code replay (issue 15). */
export { createReplaySink, createReplaysService, type ReplaysService } from './service';
export { replaysModule } from './routes';
export { REPLAYS_TABLES, type ReplaysTables, type CodeReplaysTable, type CodeReplayRow } from './tables';
