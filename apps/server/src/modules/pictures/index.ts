/** Public entry of the pictures module (avatars, backgrounds). */
export { createPicturesService, type PicturesService } from './service';
export { picturesModule } from './routes';
export {
  PICTURES_TABLES,
  type PicturesTables,
  type BackgroundPicturesTable,
  type PictureRow,
} from './tables';
