import type { Kysely } from 'kysely';
import type { FilesTable, FilesTables } from './tables';

/** The `files` table (one row per stored content): only this module touches it, through these. */
type Db = Kysely<FilesTables>;

/** Records a stored file; the same content stored again keeps its first row. */
export async function recordFile(db: Db, row: FilesTable): Promise<void> {
  await db
    .insertInto('files')
    .values(row)
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
}
