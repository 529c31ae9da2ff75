import type { BackgroundPicture } from '@oj/shared';
import type { Kysely } from 'kysely';
import type { Database, PictureRow } from '../../db/types';
import type { Viewer } from '../../lib/auth';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { can } from '../../lib/permissions';
import { nowIso } from '../../lib/time';
import type { UsersService } from '../users';

const present = (p: PictureRow): BackgroundPicture => ({
  id: p.id,
  uuid: p.owner_id ?? 0,
  picture_address: p.picture_address,
});

/** Background pictures: built-in ones (no owner) plus each user's uploads. */
export function createPicturesService(deps: {
  db: Kysely<Database>;
  users: UsersService;
  defaultBackground: () => string;
}) {
  const { db, users } = deps;
  const visibleTo = (viewer: Viewer) =>
    db
      .selectFrom('background_pictures')
      .selectAll()
      .where((eb) => eb.or([eb('owner_id', 'is', null), eb('owner_id', '=', viewer.uuid)]));

  return {
    async list(viewer: Viewer): Promise<BackgroundPicture[]> {
      const rows = await visibleTo(viewer).orderBy('id', 'asc').execute();
      return rows.map(present);
    },

    async add(ownerUuid: number, address: string): Promise<BackgroundPicture> {
      const existing = await db
        .selectFrom('background_pictures')
        .selectAll()
        .where('owner_id', '=', ownerUuid)
        .where('picture_address', '=', address)
        .executeTakeFirst();
      if (existing) return present(existing);
      const row = await db
        .insertInto('background_pictures')
        .values({ owner_id: ownerUuid, picture_address: address, created_at: nowIso() })
        .returningAll()
        .executeTakeFirstOrThrow();
      return present(row);
    },

    /** Built-in pictures are made by the seed; adding the same address twice is a no-op. */
    async addBuiltin(address: string): Promise<void> {
      const existing = await db
        .selectFrom('background_pictures')
        .select('id')
        .where('owner_id', 'is', null)
        .where('picture_address', '=', address)
        .executeTakeFirst();
      if (!existing)
        await db
          .insertInto('background_pictures')
          .values({ owner_id: null, picture_address: address, created_at: nowIso() })
          .execute();
    },

    async current(viewer: Viewer): Promise<string> {
      const u = await users.requireUser(viewer.uuid);
      return u.background_picture || deps.defaultBackground();
    },

    async remove(viewer: Viewer, id: number): Promise<void> {
      const row = await db
        .selectFrom('background_pictures')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw notFound(`背景图片 ${id} 不存在`);
      if (!can(viewer, { action: 'picture.delete', subject: { ownerUuid: row.owner_id } }))
        throw forbidden('只能删除自己上传的背景图片');
      await db.deleteFrom('background_pictures').where('id', '=', id).execute();
      const u = await users.requireUser(viewer.uuid);
      if (u.background_picture === row.picture_address) await users.setBackground(viewer.uuid, '');
    },

    /** Only an address from the viewer's list may be chosen, so no one points the site at a foreign URL. */
    async choose(viewer: Viewer, address: string): Promise<void> {
      const rows = await visibleTo(viewer).where('picture_address', '=', address).execute();
      const usable = rows.find((r) =>
        can(viewer, { action: 'picture.use', subject: { ownerUuid: r.owner_id } }),
      );
      if (!usable) throw badRequest('所选图片不在可选的背景图片中', 'picture_address');
      await users.setBackground(viewer.uuid, address);
    },
  };
}
export type PicturesService = ReturnType<typeof createPicturesService>;
