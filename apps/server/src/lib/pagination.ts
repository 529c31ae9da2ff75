import type { Page, PageQuery } from '@oj/shared';

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

/** Escapes `%`, `_` and `\` for a LIKE pattern (used with `escape '\'`). */
export function likePattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
