import type { BackgroundPicture } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { can } from '../../lib/permissions';
import { nowIso } from '../../lib/time';
import type { PicturesDeps } from './deps';
import * as repo from './repo';
import type { PictureRow } from './tables';

const present = (p: PictureRow): BackgroundPicture => ({
  id: p.id,
  uuid: p.owner_id ?? 0,
  picture_address: p.picture_address,
});

export async function listPictures(d: PicturesDeps, viewer: Viewer): Promise<BackgroundPicture[]> {
  return (await repo.visiblePictures(d.db, viewer.uuid)).map(present);
}

/** A user's upload; the same address twice is the same picture. */
export async function addPicture(
  d: PicturesDeps,
  ownerUuid: number,
  address: string,
): Promise<BackgroundPicture> {
  const existing = await repo.ownedByAddress(d.db, ownerUuid, address);
  if (existing) return present(existing);
  return present(
    await repo.insertPicture(d.db, { owner_id: ownerUuid, picture_address: address, created_at: nowIso() }),
  );
}

/** Built-in pictures are made by the seed; adding the same address twice is a no-op. */
export async function addBuiltin(d: PicturesDeps, address: string): Promise<void> {
  if (!(await repo.ownedByAddress(d.db, null, address)))
    await repo.insertPicture(d.db, { owner_id: null, picture_address: address, created_at: nowIso() });
}

export async function currentPicture(d: PicturesDeps, viewer: Viewer): Promise<string> {
  const u = await d.users.requireUser(viewer.uuid);
  return u.background_picture || d.defaultBackground();
}

export async function removePicture(d: PicturesDeps, viewer: Viewer, id: number): Promise<void> {
  const row = await repo.pictureById(d.db, id);
  if (!row) throw notFound(`背景图片 ${id} 不存在`);
  if (!can(viewer, { action: 'picture.delete', subject: { ownerUuid: row.owner_id } }))
    throw forbidden('只能删除自己上传的背景图片');
  await repo.deletePicture(d.db, id);
  const u = await d.users.requireUser(viewer.uuid);
  if (u.background_picture === row.picture_address) await d.users.setBackground(viewer.uuid, '');
}

/** Only an address from the viewer's list may be chosen, so no one points the site at a foreign URL. */
export async function choosePicture(d: PicturesDeps, viewer: Viewer, address: string): Promise<void> {
  const rows = await repo.visibleByAddress(d.db, viewer.uuid, address);
  const usable = rows.find((r) => can(viewer, { action: 'picture.use', subject: { ownerUuid: r.owner_id } }));
  if (!usable) throw badRequest('所选图片不在可选的背景图片中', 'picture_address');
  await d.users.setBackground(viewer.uuid, address);
}
