import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { backends } from '../../../test/helpers';
import { emptyDatabase, migrateOnly } from '../../../test/migrations';
import { migrate } from '../migrate';
import * as m001 from './001_accounts';
import * as m002 from './002_problems';
import * as m003 from './003_competitions';

describe.each(backends())('028_contest_rules on $name', (backend) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn();
  });

  it('ranks every existing contest by ICPC rules; new ones may take another rule', async () => {
    const handle = await emptyDatabase(backend, cleanups);
    const { db, dialect } = handle;
    await migrateOnly(handle, { '001_accounts': m001, '002_problems': m002, '003_competitions': m003 });
    const T = '2026-01-01T00:00:00.000Z';
    const contest = (name: string) => ({
      name,
      type: 1,
      start_time: T,
      end_time: '2026-01-01T05:00:00.000Z',
      create_time: T,
      update_time: T,
    });
    await db
      .insertInto('competitions')
      .values(contest('old') as never)
      .execute();

    expect(await migrate(db as unknown as Kysely<unknown>, dialect)).toContain('028_contest_rules');

    await db
      .insertInto('competitions')
      .values({ ...contest('new'), rule: 'ioi-subtask' } as never)
      .execute();
    const rows = await db.selectFrom('competitions').select(['name', 'rule']).orderBy('id').execute();
    expect(rows).toEqual([
      { name: 'old', rule: 'icpc' },
      { name: 'new', rule: 'ioi-subtask' },
    ]);
  }, 60_000);
});
