/** Public entry of the files module: content-addressed uploads. */
export { createFilesService, FILES_PREFIX, type FilesService, MIME_BY_EXT } from './service';
export { LocalStorage, type Storage } from './storage';
export { filesModule } from './routes';
export { FILES_TABLES, type FilesTables, type FilesTable } from './tables';
