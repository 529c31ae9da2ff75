import { type QueryExecutorProvider, sql } from 'kysely';

/**
 * The health check's one statement: a round trip that reads no table (this module owns none), so
 * it takes only what runs a raw statement, not a handle that could select from anyone's tables.
 */
export async function ping(db: QueryExecutorProvider): Promise<void> {
  await sql`select 1`.execute(db);
}
