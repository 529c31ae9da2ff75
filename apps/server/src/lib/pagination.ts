import type { Page, PageQuery } from '@oj/shared';
import { type RawBuilder, sql, type SelectQueryBuilder, type SqlBool } from 'kysely';

/**
 * Runs the count and the page query of a list and wraps them as a `Page`. The two callbacks keep
 * the helper free of any table: each repo passes its own filtered queries.
 */
export async function paginate<T>(
  page: PageQuery,
  count: () => Promise<number | string | bigint>,
  rows: (limit: number, offset: number) => Promise<T[]>,
): Promise<Page<T>> {
  const [total, records] = await Promise.all([
    count(),
    rows(page.pageSize, (page.pageNum - 1) * page.pageSize),
  ]);
  return { records, total: Number(total), pageNum: page.pageNum, pageSize: page.pageSize };
}

/**
 * `paginate` for the usual list: `base` builds the filtered query (a fresh builder per call), the
 * total is `count(*)` over it and `rows` adds the selection and order of the page.
 */
export function paginateQuery<DB, TB extends keyof DB, O>(
  page: PageQuery,
  base: () => SelectQueryBuilder<DB, TB, object>,
  rows: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
): Promise<Page<O>> {
  return paginate(
    page,
    async () => {
      // Kysely cannot resolve the selection's type over a generic table; its shape is known.
      const counted = (await base()
        .select(sql<number | string | bigint>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()) as { n: number | string | bigint };
      return counted.n;
    },
    (limit, offset) => rows(base()).limit(limit).offset(offset).execute() as Promise<O[]>,
  );
}

/** Escapes `%`, `_` and `\` for a LIKE pattern (used with `escape '\'`). */
export function likePattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A keyword search over text columns: `lower(column) like '%keyword%'` on any of them, the keyword's
 * own `%`, `_` and `\` taken literally. A NULL column simply does not match.
 */
export function keywordMatch(keyword: string, columns: readonly string[]): RawBuilder<SqlBool> {
  const pattern = likePattern(keyword);
  const each = columns.map((c) => sql`lower(${sql.ref(c)}) like ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(each, sql` or `)})`;
}

/** The id a keyword names when it is a number (searching by id next to text); -1 matches no row. */
export const keywordId = (keyword: string): number => (/^\d{1,9}$/.test(keyword) ? Number(keyword) : -1);
