/** Public entry of the files module: content-addressed uploads. */
export { createFilesService, type FilesService } from './service';
export type { FilesDeps } from './deps';
export { FILES_PREFIX, MIME_BY_EXT } from './files';
export { FileStorage, fileKey, type Storage } from './storage';
export {
  LocalObjectStore,
  ObjectNotFound,
  openObjectStore,
  S3ObjectStore,
  storageCredentialsFrom,
  type ObjectStore,
} from './object-store';
export { copyObjects, OBJECT_PREFIXES } from './move';
export { filesModule } from './routes';
export { FILES_TABLES, type FilesTables, type FilesTable } from './tables';
