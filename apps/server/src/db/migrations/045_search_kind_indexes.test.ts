import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { backends } from '../../../test/helpers';
import { emptyDatabase } from '../../../test/migrations';
import { migrate } from '../migrate';

describe.each(backends())('045_search_kind_indexes on $name', (backend) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn();
  });

  it('gives each kind its own text and title indexes (PostgreSQL), used by the title search of a kind', async () => {
    const { db, dialect } = await emptyDatabase(backend, cleanups);
    const raw = db as unknown as Kysely<unknown>;
    expect(await migrate(raw, dialect)).toContain('045_search_kind_indexes');
    if (dialect === 'sqlite') return;
    const names = (
      await sql<{ indexname: string }>`
        select indexname from pg_indexes where tablename = 'search_docs' and indexname like 'search_docs_t%'`.execute(
        raw,
      )
    ).rows.map((r) => r.indexname);
    for (const kind of ['post', 'problem', 'user', 'competition', 'course'])
      expect(names).toEqual(expect.arrayContaining([`search_docs_tsv_${kind}`, `search_docs_title_${kind}`]));
    expect(names).not.toContain('search_docs_tsv');

    // The title tier's condition as repo.ts writes it is the one the index is over: among many
    // posts with the word in their body, the one with it in its title is found through the index.
    const inTitle = `'图论':1A '入门':2D`;
    const inBody = `'入门':1A '图论':2D`;
    await sql`insert into search_docs (kind, doc_id, update_time, tsv)
      select 'post', i, '2026-01-01', (case when i = 1 then ${inTitle} else ${inBody} end)::tsvector
      from generate_series(1, 2000) as i`.execute(raw);
    await sql`analyze search_docs`.execute(raw);
    const title = sql`d.kind = 'post' and ts_filter(d.tsv, '{a}') @@ ${`'图论'`}::tsquery`;
    const plan = await sql<{
      'QUERY PLAN': string;
    }>`explain select doc_id from search_docs d where ${title}`.execute(raw);
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('search_docs_title_post');
    const found = await sql<{ doc_id: number }>`select doc_id from search_docs d where ${title}`.execute(raw);
    expect(found.rows.map((r) => Number(r.doc_id))).toEqual([1]);
  }, 60_000);
});
