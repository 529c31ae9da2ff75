import type { Kysely } from 'kysely';
import type { PictureRow, PicturesTables } from './tables';

/** The background pictures (built-in ones have no owner): only this module touches them, through these. */
type Db = Kysely<PicturesTables>;

/** The built-in pictures and the viewer's own. */
const visibleTo = (db: Db, uuid: number) =>
  db
    .selectFrom('background_pictures')
    .selectAll()
    .where((eb) => eb.or([eb('owner_id', 'is', null), eb('owner_id', '=', uuid)]));

/** What a user may choose from, oldest first. */
export const visiblePictures = (db: Db, uuid: number): Promise<PictureRow[]> =>
  visibleTo(db, uuid).orderBy('id', 'asc').execute();

/** The rows of one address the user may choose from. */
export const visibleByAddress = (db: Db, uuid: number, address: string): Promise<PictureRow[]> =>
  visibleTo(db, uuid).where('picture_address', '=', address).execute();

export const pictureById = (db: Db, id: number): Promise<PictureRow | undefined> =>
  db.selectFrom('background_pictures').selectAll().where('id', '=', id).executeTakeFirst();

/** The picture of this address owned by `ownerId` (null: the built-in one). */
export const ownedByAddress = (
  db: Db,
  ownerId: number | null,
  address: string,
): Promise<PictureRow | undefined> =>
  (ownerId === null
    ? db.selectFrom('background_pictures').selectAll().where('owner_id', 'is', null)
    : db.selectFrom('background_pictures').selectAll().where('owner_id', '=', ownerId)
  )
    .where('picture_address', '=', address)
    .executeTakeFirst();

export const insertPicture = (
  db: Db,
  row: { owner_id: number | null; picture_address: string; created_at: string },
): Promise<PictureRow> =>
  db.insertInto('background_pictures').values(row).returningAll().executeTakeFirstOrThrow();

export async function deletePicture(db: Db, id: number): Promise<void> {
  await db.deleteFrom('background_pictures').where('id', '=', id).execute();
}
