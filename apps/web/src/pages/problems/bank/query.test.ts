import { describe, expect, it } from 'vitest';
import { bankQueryFromParams, paramsFromBankQuery } from './query';

describe('bank query ↔ search parameters', () => {
  it('reads SPEC §2 parameters with their defaults', () => {
    expect(bankQueryFromParams(new URLSearchParams(''))).toEqual({
      keyword: undefined,
      difficulty: undefined,
      tags_list: [],
      source_list: [],
      pageNum: 1,
      pageSize: 10,
    });
    const q = bankQueryFromParams(
      new URLSearchParams('keyword=%20a%2Bb%20&difficulty=2&tagsList=3,7&sourceList=luogu&pageNum=4'),
    );
    expect(q).toMatchObject({
      keyword: 'a+b',
      difficulty: 2,
      tags_list: [3, 7],
      source_list: ['luogu'],
      pageNum: 4,
    });
  });

  it('ignores bad values instead of sending them', () => {
    const q = bankQueryFromParams(new URLSearchParams('difficulty=9&pageNum=-3&pageSize=1000&tagsList=x,5'));
    expect(q).toMatchObject({ difficulty: undefined, pageNum: 1, pageSize: 100, tags_list: [5] });
  });

  it('writes only what differs from the defaults, and reads back the same query', () => {
    const q = { keyword: 'dp', difficulty: 0, tags_list: [1], source_list: [], pageNum: 2, pageSize: 10 };
    const p = paramsFromBankQuery(q);
    expect(p).toEqual({ keyword: 'dp', difficulty: '0', tagsList: '1', pageNum: '2' });
    expect(bankQueryFromParams(new URLSearchParams(p))).toEqual(q);
  });
});
