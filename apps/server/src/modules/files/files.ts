import { badRequest } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { FilesDeps } from './deps';
import * as repo from './repo';

export const FILES_PREFIX = '/api/files/';

/** Image types accepted for avatars and backgrounds, decided by content (magic bytes), never by name. */
const IMAGE_TYPES = new Map([
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
]);

export const MIME_BY_EXT: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  zip: 'application/zip',
  txt: 'text/plain; charset=utf-8',
  bin: 'application/octet-stream',
  mp4: 'video/mp4',
};

/** Stores any bytes (test data, checkers…) and returns the URL. */
export async function saveFile(d: FilesDeps, bytes: Buffer, ext: string, mime: string): Promise<string> {
  const { sha256, name } = await d.storage.put(bytes, ext);
  await repo.recordFile(d.db, { sha256, ext, mime, size: bytes.length, created_at: nowIso() });
  return `${FILES_PREFIX}${name}`;
}

/** Stores an image after checking its content; `what` names it in the error (头像 …). */
export async function saveImage(d: FilesDeps, bytes: Buffer, what = '图片'): Promise<string> {
  // Loaded on the first upload (~1 MB of heap with its tokenizer): an idle server holds none (issue 28).
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(bytes);
  const ext = type ? IMAGE_TYPES.get(type.mime) : undefined;
  if (!type || !ext) throw badRequest(`${what}必须是 PNG、JPEG、GIF 或 WebP 格式的图片`, 'file');
  return saveFile(d, bytes, ext, type.mime);
}

/** True when `url` names a stored file of ours (used to accept only our own picture addresses). */
export async function isOurs(d: FilesDeps, url: string): Promise<boolean> {
  return url.startsWith(FILES_PREFIX) && (await d.storage.exists(url.slice(FILES_PREFIX.length)));
}
