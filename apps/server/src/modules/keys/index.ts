/** Public entry of the keys module: the password RSA key pair. */
export { type KeysService, loadOrCreateKeys } from './service';
export { keysModule } from './routes';
