/** Public entry of the home module: the home page overview, the judge's table, 当前位置. */
export { createHomeService, type HomeService } from './service';
export type { HomeDeps } from './deps';
export { ip2regionLocator, type IpLocator } from './location';
export { homeModule } from './routes';
