import type { Generated, Selectable } from 'kysely';
import { tableSet } from '../../db/scoped';

export interface BackgroundPicturesTable {
  id: Generated<number>;
  owner_id: number | null; // null = built-in picture
  picture_address: string;
  created_at: string;
}

export type PictureRow = Selectable<BackgroundPicturesTable>;

/** The tables of this module: only it reads or writes them (db/scoped.ts, docs/architecture.md). */
export interface PicturesTables {
  background_pictures: BackgroundPicturesTable;
}
export const PICTURES_TABLES = tableSet<PicturesTables>()(['background_pictures']);
