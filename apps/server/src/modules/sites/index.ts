/** Public entry of the sites module (the built React sites and the SPA fallback). */
export { sitesModule } from './routes';
