import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { backends } from '../../../test/helpers';
import { emptyDatabase, migrateOnly } from '../../../test/migrations';
import { migrate } from '../migrate';
import * as m001 from './001_accounts';
import * as m002 from './002_problems';
import * as m012 from './012_search';

const T = '2026-01-01T00:00:00.000Z';

describe.each(backends())('044_search_hidden on $name', (backend) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn();
  });

  it('fills `hidden` from the problems and (SQLite) moves each kind to its id range, text kept', async () => {
    const handle = await emptyDatabase(backend, cleanups);
    const { db, dialect } = handle;
    const raw = db as unknown as Kysely<unknown>;
    await migrateOnly(handle, { '001_accounts': m001, '002_problems': m002, '012_search': m012 });
    const problem = (id: number, visible: number) => ({
      id,
      chinese_name: `题${id}`,
      description: 'x',
      difficulty: 0,
      source_name: 'original',
      time_limit: 1000,
      memory_limit: 256,
      visible,
      create_time: T,
      update_time: T,
    });
    await db
      .insertInto('problems')
      .values([problem(1000, 1), problem(1001, 0)] as never)
      .execute();
    // An index as 012 left it (tokens space-separated, as jieba's are): a visible problem, a hidden one, a post about the hidden one, a user.
    const items: [string, number, number | null, string][] = [
      ['problem', 1000, 1000, '可见 题目'],
      ['problem', 1001, 1001, '隐藏 题目'],
      ['post', 7, 1001, '隐藏 题目 题解'],
      ['user', 3, null, '用户'],
    ];
    for (const [kind, docId, problemId, title] of items) {
      const { rows } = await sql<{
        id: number;
      }>`insert into search_docs (kind, doc_id, problem_id, update_time)
        values (${kind}, ${docId}, ${problemId}, ${T}) returning id`.execute(raw);
      if (dialect === 'sqlite')
        await sql`insert into search_fts (rowid, title, body, tags) values (${rows[0].id}, ${title}, '', '')`.execute(
          raw,
        );
    }

    expect(await migrate(raw, dialect)).toContain('044_search_hidden');

    const rows = await sql<{ id: number; kind: string; doc_id: number; hidden: number }>`
      select id, kind, doc_id, hidden from search_docs order by kind, doc_id`.execute(raw);
    expect(rows.rows.map((r) => [r.kind, Number(r.doc_id), Number(r.hidden)])).toEqual([
      ['post', 7, 1],
      ['problem', 1000, 0],
      ['problem', 1001, 1],
      ['user', 3, 0],
    ]);
    if (dialect !== 'sqlite') return;
    const base = { post: 1, problem: 2, user: 3 } as Record<string, number>;
    for (const r of rows.rows) expect(Number(r.id)).toBe(base[r.kind] * 2 ** 32 + Number(r.doc_id));
    const found = await sql<{ id: number; title: string }>`
      select rowid as id, title from search_fts where search_fts match '"隐藏"' order by rowid`.execute(raw);
    expect(found.rows.map((r) => [Number(r.id), r.title])).toEqual([
      [1 * 2 ** 32 + 7, '隐藏 题目 题解'],
      [2 * 2 ** 32 + 1001, '隐藏 题目'],
    ]);
    expect((await sql<{ n: number }>`select count(*) as n from search_fts`.execute(raw)).rows[0].n).toBe(4);
  }, 60_000);
});
