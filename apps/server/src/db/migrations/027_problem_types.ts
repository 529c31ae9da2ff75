import type { Kysely } from 'kysely';

/**
 * Issue 24: problem types and scoring.
 * - `problems.judging`: JSON ProblemJudging (type, file I/O, interactor, grader, scoring); null = a
 *   traditional all-or-nothing problem, which is what every existing problem is.
 * - `submissions.score` / `full_score`: points earned and the most it could earn (scored problems;
 *   null otherwise and until judged).
 * - `submissions.subtasks`: JSON of the subtasks as judged ('[]' for none).
 * - `submissions.answers`: an output-only submission's answer files (JSON `[{test, content}]`);
 *   null for programs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('problems').addColumn('judging', 'text').execute();
  await db.schema.alterTable('submissions').addColumn('score', 'double precision').execute();
  await db.schema.alterTable('submissions').addColumn('full_score', 'double precision').execute();
  await db.schema
    .alterTable('submissions')
    .addColumn('subtasks', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('submissions').addColumn('answers', 'text').execute();
}
