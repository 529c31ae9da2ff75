/** Public entry of the files module: content-addressed uploads. */
export { createFilesService, type FilesService } from './service';
export type { FilesDeps } from './deps';
export { FILES_PREFIX, MIME_BY_EXT } from './files';
export { LocalStorage, type Storage } from './storage';
export { filesModule } from './routes';
export { FILES_TABLES, type FilesTables, type FilesTable } from './tables';
