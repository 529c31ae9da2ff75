import { describe, expect, it } from 'vitest';
import { RecordsQuery } from './api/submissions';
import { PageQuery } from './paging';

const messageOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('PageQuery', () => {
  it('defaults to page 1 of 10 and names the field it refuses, in Chinese', () => {
    expect(PageQuery.parse({})).toEqual({ pageNum: 1, pageSize: 10 });
    expect(messageOf(PageQuery.safeParse({ pageNum: 'abc' }))).toBe('页码必须是整数');
    expect(messageOf(PageQuery.safeParse({ pageSize: '2.5' }))).toBe('每页条数必须是整数');
    expect(messageOf(PageQuery.safeParse({ pageSize: '101' }))).toBe('每页条数不能超过 100');
  });

  it('is the paging of the lists that spread it (records)', () => {
    expect(RecordsQuery.parse({ pageNum: '3' })).toMatchObject({ pageNum: 3, pageSize: 10 });
    expect(messageOf(RecordsQuery.safeParse({ pageSize: 'x' }))).toBe('每页条数必须是整数');
  });
});
