import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate';

/**
 * Issue 24 item 5, problem validation (modules/jury): a problem's jury solutions, each with what it is
 * expected to get (`expected`, a JSON array of verdicts: any of them agrees) and its latest judge run
 * (`run_*`, `run_version` counting the runs so that a result of an older run is ignored; `spec_key`:
 * the hash of the tests, checker and limits it ran against, so a run of older test data shows as
 * stale), and the problem's input validator (C++, one per problem: `protocol` testlib, exit 0 =
 * valid, or kattis, exit 42 = valid, as a problem package's; `files`: JSON headers beside it).
 * Jury runs are not submissions: nothing here is read by the records, counts or rankings.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('jury_solutions')
    .addColumn('id', ctx.id, (c) => c.primaryKey())
    .addColumn('problem_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('language', 'varchar(20)', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('expected', 'text', (c) => c.notNull())
    .addColumn('origin', 'varchar(10)', (c) => c.notNull())
    .addColumn('run_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_status', 'varchar(8)')
    .addColumn('run_time_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_memory_kib', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_tests', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('run_compile_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('run_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('spec_key', 'varchar(64)')
    .addColumn('judged_at', 'varchar(30)')
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jury_solutions_problem').on('jury_solutions').column('problem_id').execute();

  await db.schema
    .createTable('jury_validators')
    .addColumn('problem_id', 'integer', (c) => c.primaryKey())
    .addColumn('language', 'varchar(20)', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('protocol', 'varchar(10)', (c) => c.notNull().defaultTo('testlib'))
    .addColumn('files', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('update_time', 'varchar(30)', (c) => c.notNull())
    .execute();
}
