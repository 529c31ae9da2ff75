/** Public entry of the pictures module (avatars, backgrounds). */
export { createPicturesService, type PicturesService } from './service';
export type { PicturesDeps } from './deps';
export { picturesModule } from './routes';
export {
  PICTURES_TABLES,
  type PicturesTables,
  type BackgroundPicturesTable,
  type PictureRow,
} from './tables';
