/** Public entry of the keys module: the install's shared secrets (password key pair, video URL key). */
export { type KeysService, loadOrCreateKeys } from './service';
export { keysModule } from './routes';
export { KEYS_TABLES, type KeysTables } from './tables';
