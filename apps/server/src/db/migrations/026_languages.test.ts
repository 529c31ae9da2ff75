import type { Kysely } from 'kysely';
import { languageSpec } from '@oj/judge';
import { afterEach, describe, expect, it } from 'vitest';
import { backends } from '../../../test/helpers';
import { emptyDatabase, migrateOnly } from '../../../test/migrations';
import { storedOptions } from '../../modules/submissions';
import { migrate } from '../migrate';
import * as m001 from './001_accounts';
import * as m002 from './002_problems';

describe.each(backends())('026_languages on $name', (backend) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn();
  });

  it('leaves older submissions with the defaults (their old flags) and problems open to every language', async () => {
    const handle = await emptyDatabase(backend, cleanups);
    const { db, dialect } = handle;
    await migrateOnly(handle, { '001_accounts': m001, '002_problems': m002 });
    const T = '2026-01-01T00:00:00.000Z';
    const user = await db
      .insertInto('users')
      .values({ account: 'u', username: 'u', create_time: T, update_time: T } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('problems')
      .values({
        id: 1000,
        chinese_name: 'A+B',
        description: 'x',
        difficulty: 0,
        source_name: 'original',
        time_limit: 1000,
        memory_limit: 256,
        create_time: T,
        update_time: T,
      } as never)
      .execute();
    await db
      .insertInto('submissions')
      .values({
        problem_id: 1000,
        user_id: user.id,
        language: 'C++',
        source_code: 'x',
        code_length: 1,
        status: 'AC',
        local_date: '2026-01-01',
        create_time: T,
        judge_time: T,
      } as never)
      .execute();

    expect(await migrate(db as unknown as Kysely<unknown>, dialect)).toContain('026_languages');

    const s = await db.selectFrom('submissions').selectAll().executeTakeFirstOrThrow();
    expect([s.language_options, s.compiler]).toEqual([null, '']);
    // No options: judged again with exactly the flags it was judged with before.
    expect(languageSpec('C++', storedOptions(s)).compile().argv).toEqual(languageSpec('C++').compile().argv);
    const p = await db.selectFrom('problems').select('languages').executeTakeFirstOrThrow();
    expect(p.languages).toBeNull();
    expect(await db.selectFrom('language_settings').selectAll().execute()).toEqual([]);
  }, 60_000);
});
