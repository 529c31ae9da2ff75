import type { Viewer } from '../../lib/auth';
import type { PicturesDeps } from './deps';
import * as pictures from './pictures';

/** Background pictures (pictures.ts): built-in ones (no owner) plus each user's uploads. */
export function createPicturesService(d: PicturesDeps) {
  return {
    list: (viewer: Viewer) => pictures.listPictures(d, viewer),
    add: (ownerUuid: number, address: string) => pictures.addPicture(d, ownerUuid, address),
    addBuiltin: (address: string) => pictures.addBuiltin(d, address),
    current: (viewer: Viewer) => pictures.currentPicture(d, viewer),
    remove: (viewer: Viewer, id: number) => pictures.removePicture(d, viewer, id),
    choose: (viewer: Viewer, address: string) => pictures.choosePicture(d, viewer, address),
  };
}
export type PicturesService = ReturnType<typeof createPicturesService>;
