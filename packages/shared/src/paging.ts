import { z } from 'zod';

/** A page of rows; `total` counts all rows matching the query. */
export interface Page<T> {
  records: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export const pageOf = <T extends z.ZodTypeAny>(row: T) =>
  z.object({
    records: z.array(row),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  });

/** 1-based page numbers as in SPEC §2 (pageNum default 1, pageSize default 10, or the list's own). */
export const pageQuery = (defaultPageSize = 10) =>
  z.object({
    pageNum: z.coerce
      .number({ error: '页码必须是整数' })
      .int('页码必须是整数')
      .min(1, '页码必须大于等于 1')
      .default(1),
    pageSize: z.coerce
      .number({ error: '每页条数必须是整数' })
      .int('每页条数必须是整数')
      .min(1, '每页条数必须大于等于 1')
      .max(100, '每页条数不能超过 100')
      .default(defaultPageSize),
  });
export const PageQuery = pageQuery();
export type PageQuery = z.infer<typeof PageQuery>;
