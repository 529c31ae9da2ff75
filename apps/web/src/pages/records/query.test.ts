import { describe, expect, it } from 'vitest';
import { paramsFromRecordsQuery, recordsQueryFromParams, RECORDS_PAGE_SIZE } from './query';

describe('/records filters in the address', () => {
  it('reads valid filters and drops the rest', () => {
    const q = recordsQueryFromParams(
      new URLSearchParams('problem_id=1000&user=%20alice%20&language=C%2B%2B&status=WA&pageNum=3&uuid=-4'),
    );
    expect(q).toEqual({
      problem_id: 1000,
      uuid: undefined,
      user: 'alice',
      language: 'C++',
      status: 'WA',
      pageNum: 3,
      pageSize: RECORDS_PAGE_SIZE,
    });
    const bad = recordsQueryFromParams(new URLSearchParams('problem_id=x&language=Cobol&status=OK&pageNum=0'));
    expect([bad.problem_id, bad.language, bad.status, bad.pageNum]).toEqual([undefined, undefined, undefined, 1]);
  });
  it('writes back only what is set, page 1 left out', () => {
    expect(paramsFromRecordsQuery({ problem_id: 1000, status: 'AC', pageNum: 1 }).toString()).toBe(
      'problem_id=1000&status=AC',
    );
    expect(paramsFromRecordsQuery({ user: 'bob', pageNum: 2 }).toString()).toBe('user=bob&pageNum=2');
  });
});
