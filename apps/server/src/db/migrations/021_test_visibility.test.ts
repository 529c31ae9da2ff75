import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { backends } from '../../../test/helpers';
import { emptyDatabase, migrateOnly } from '../../../test/migrations';
import { LocalObjectStore } from '../../modules/files';
import { createProblemsService, PROBLEMS_TABLES, TestDataStorage } from '../../modules/problems';
import { scoped } from '../scoped';
import type { Db } from '../kysely';
import { Outbox } from '../../lib/outbox';
import { migrate } from '../migrate';
import * as m001 from './001_accounts';
import * as m002 from './002_problems';

/** A database as it was before 021, as far as problems and submissions go. */
const oldDatabase = (db: Db) => migrateOnly(db, { '001_accounts': m001, '002_problems': m002 });

const CHANGED = '2026-03-01T00:00:00.000Z';
const TESTS = JSON.stringify([
  { input: 'a'.repeat(64), output: 'b'.repeat(64), input_size: 4, output_size: 2 },
]);

describe.each(backends())('021_test_visibility on $name', (backend) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn();
  });

  it('gives existing problems the default and knows which records ran against the current tests', async () => {
    const handle = await emptyDatabase(backend, cleanups);
    const { db, dialect } = handle;
    const raw = db as unknown as Kysely<unknown>;
    await oldDatabase(handle);

    const T = '2026-01-01T00:00:00.000Z';
    const user = await db
      .insertInto('users')
      .values({ account: 'u', username: 'u', create_time: T, update_time: T } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const problem = {
      id: 1000,
      chinese_name: 'A+B',
      description: 'x',
      difficulty: 0,
      source_name: 'original',
      time_limit: 1000,
      memory_limit: 256,
      tests: TESTS,
      create_time: T,
      update_time: CHANGED,
    };
    await db
      .insertInto('problems')
      .values(problem as never)
      .execute();
    const submission = (judge_time: string | null, status: string) =>
      db
        .insertInto('submissions')
        .values({
          problem_id: 1000,
          user_id: user.id,
          language: 'C++',
          source_code: 'x',
          code_length: 1,
          status,
          local_date: '2026-03-02',
          create_time: T,
          judge_time,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((r) => r.id);
    const before = await submission('2026-02-01T00:00:00.000Z', 'WA'); // judged before the tests changed
    const after = await submission('2026-03-02T00:00:00.000Z', 'WA');
    const pending = await submission(null, 'PD'); // queued again at start, which sets its key

    expect(await migrate(raw, dialect)).toContain('021_test_visibility');

    const row = await db.selectFrom('problems').selectAll().where('id', '=', 1000).executeTakeFirstOrThrow();
    expect([row.test_visibility, row.author_id]).toEqual(['samples', null]);
    const keys = Object.fromEntries(
      (await db.selectFrom('submissions').select(['id', 'tests_key']).execute()).map((r) => [
        r.id,
        r.tests_key,
      ]),
    );
    // The key the server computes for the problem's tests, so those records count as current.
    const current = createProblemsService({
      db: scoped(db, PROBLEMS_TABLES),
      storage: new TestDataStorage(
        new LocalObjectStore(join(handle.dataDir, 'td')),
        join(handle.dataDir, 'cache'),
      ),
      outbox: new Outbox(db, () => {}),
    }).testsKey(row);
    expect(keys).toEqual({ [before]: null, [after]: current, [pending]: null });
    // New problems get the default too.
    await db
      .insertInto('problems')
      .values({ ...problem, id: 1001 } as never)
      .execute();
    const added = await db
      .selectFrom('problems')
      .select('test_visibility')
      .where('id', '=', 1001)
      .executeTakeFirst();
    expect(added?.test_visibility).toBe('samples');
  }, 60_000);
});
