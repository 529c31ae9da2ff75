/** Public entry of the health module. */
export { healthModule } from './routes';
