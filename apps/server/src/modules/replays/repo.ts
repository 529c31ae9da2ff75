import type { Kysely } from 'kysely';
import { paginateQuery } from '../../lib/pagination';
import type { CodeReplayRow, ReplaysTables } from './tables';

/** The code_replays table: only this module touches it, through these functions. */
type Db = Kysely<ReplaysTables>;

/** The list's columns: everything but the timeline itself. */
const LIST_COLUMNS = [
  'id',
  'submission_id',
  'user_id',
  'problem_id',
  'language',
  'duration_ms',
  'edit_count',
  'run_count',
  'wire_bytes',
  'shared',
  'create_time',
] as const;
export type ReplayListRow = Omit<CodeReplayRow, 'data'> & { stored_bytes: number };

export function insertReplay(db: Db, row: Omit<CodeReplayRow, 'id'>) {
  return db.insertInto('code_replays').values(row).execute();
}

export function replayBy(db: Db, by: { id: number } | { submission_id: number }) {
  const q = db.selectFrom('code_replays').selectAll();
  return (
    'id' in by ? q.where('id', '=', by.id) : q.where('submission_id', '=', by.submission_id)
  ).executeTakeFirst();
}

export function pageOfUser(db: Db, userId: number, page: { pageNum: number; pageSize: number }) {
  return paginateQuery(
    page,
    () => db.selectFrom('code_replays').where('user_id', '=', userId),
    (b) =>
      b
        .select([...LIST_COLUMNS, (eb) => eb.fn<number>('length', ['data']).as('stored_bytes')])
        .orderBy('id', 'desc'),
  );
}

export async function setShared(db: Db, id: number, shared: boolean): Promise<void> {
  await db
    .updateTable('code_replays')
    .set({ shared: shared ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}
