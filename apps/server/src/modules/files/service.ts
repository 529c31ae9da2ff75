import type { FilesDeps } from './deps';
import * as files from './files';

/** Content-addressed uploads (files.ts): the bytes in the storage, one row per content. */
export function createFilesService(d: FilesDeps) {
  return {
    storage: d.storage,
    /** Stores any bytes (test data, checkers…) and returns the URL. */
    save: (bytes: Buffer, ext: string, mime: string) => files.saveFile(d, bytes, ext, mime),
    /** Stores an image after checking its content; `what` names it in the error (头像 …). */
    saveImage: (bytes: Buffer, what?: string) => files.saveImage(d, bytes, what),
    /** True when `url` names a stored file of ours (used to accept only our own picture addresses). */
    isOurs: (url: string) => files.isOurs(d, url),
  };
}
export type FilesService = ReturnType<typeof createFilesService>;
