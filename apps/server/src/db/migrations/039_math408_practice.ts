import type { Kysely } from 'kysely';

/**
 * Issue 29, owned by modules/math408: a short answer's self-mark (right / partial / wrong), given by
 * its author against the reference answer. Null until marked (and for every other answer).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('math408_records').addColumn('self_mark', 'varchar(10)').execute();
}
