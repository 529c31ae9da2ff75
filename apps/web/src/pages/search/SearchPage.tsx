import { useEffect, useState } from 'react';
import Button from '../../components/plain/Button';
import Empty from '../../components/plain/Empty';
import Skeleton from '../../components/plain/Skeleton';
import { CheckableTag } from '../../components/plain/Tag';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import KeywordInput from '../../components/KeywordInput';
import { DIFFICULTY_STYLE, SOURCE_NAMES } from '../../components/verdicts';
import { DEFAULT_SEARCH_PAGE_SIZE } from '../../config';
import { useSearch } from '../../api/search';
import type { SearchKind } from '../../lib/contract';
import Pager from '../../components/Pager';
import SearchHit from './SearchHit';
import { isKind, KIND_NAMES, KINDS, togetherPath } from './kinds';
import './search.css';

const positive = (v: string | null, dflt: number, max = Infinity) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : dflt;
};
const list = (v: string | null) => (v ?? '').split(',').filter(Boolean);

/**
 * /search/:key: one category of results with SPEC §2's parameters (category, difficulty, keyword,
 * pageNum, pageSize, sourceList, tagsList) in the address. Enter or the icon, a new tab or a new
 * filter starts again at page 1.
 */
export default function SearchPage() {
  const { key = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const asked = params.get('category');
  const fixed: SearchKind | null = isKind(asked) ? asked : null;
  // No category in the address: a counts-only look at every kind, and the first tab with results.
  const overview = useSearch(
    { keyword: key, category: 'all', pageNum: 1, pageSize: 1 },
    fixed === null && key !== '',
  );
  const groups = overview.data?.groups ?? [];
  const firstFound = KINDS.find((k) => groups.some((g) => g.kind === k && g.total > 0));
  const category: SearchKind = fixed ?? firstFound ?? 'post';
  const deciding = fixed === null && key !== '' && overview.isPending;
  const pageNum = positive(params.get('pageNum'), 1);
  const pageSize = positive(params.get('pageSize'), DEFAULT_SEARCH_PAGE_SIZE, 100);
  const difficultyParam = params.get('difficulty');
  const difficulty = difficultyParam && /^[0-3]$/.test(difficultyParam) ? Number(difficultyParam) : undefined;
  const sourceList = list(params.get('sourceList'));
  const tagsList = list(params.get('tagsList'));
  const [keyword, setKeyword] = useState(key);
  useEffect(() => setKeyword(key), [key]);

  const problemFilters = category === 'problem' ? { difficulty, sourceList, tagsList } : {};
  const result = useSearch(
    { keyword: key, category, pageNum, pageSize, ...problemFilters } as never,
    !deciding,
  );

  /** Changes parameters; anything but the page itself starts again at page 1. */
  const update = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === '') next.delete(k);
      else next.set(k, v);
    }
    if (!('pageNum' in patch)) next.set('pageNum', '1');
    setParams(next);
  };
  const search = (v: string) => {
    const kw = v.trim();
    if (!kw) return;
    const next = new URLSearchParams(params);
    next.set('pageNum', '1');
    navigate(`/search/${encodeURIComponent(kw)}?${next.toString()}`);
  };

  const records = result.data?.records ?? [];
  return (
    <div className="oj-container-narrow oj-panel oj-search" data-testid="search-page">
      <div className="oj-search-head">
        <KeywordInput
          placeholder="关键词，支持 tag:标签、user:账号、#编号"
          value={keyword}
          onChange={setKeyword}
          onSearch={search}
          data-testid="search-keyword"
        />
        <Button type="link" onClick={() => navigate(togetherPath(key))}>
          查看全部分类
        </Button>
      </div>
      <div className="oj-search-tabs" role="tablist">
        {KINDS.map((k) => (
          <Button
            key={k}
            role="tab"
            aria-selected={k === category}
            type={k === category ? 'primary' : 'text'}
            onClick={() =>
              update({ category: k, difficulty: undefined, sourceList: undefined, tagsList: undefined })
            }
          >
            {KIND_NAMES[k]}
          </Button>
        ))}
      </div>
      {category === 'problem' && (
        <>
          <div className="oj-filter-row" data-testid="search-difficulty">
            <span className="oj-filter-label">难度</span>
            <CheckableTag
              checked={difficulty === undefined}
              onChange={() => update({ difficulty: undefined })}
            >
              全部
            </CheckableTag>
            {DIFFICULTY_STYLE.map((s, i) => (
              <CheckableTag
                key={i}
                checked={difficulty === i}
                onChange={(on) => update({ difficulty: on ? String(i) : undefined })}
              >
                {s.name}
              </CheckableTag>
            ))}
          </div>
          <div className="oj-filter-row" data-testid="search-source">
            <span className="oj-filter-label">来源</span>
            {Object.entries(SOURCE_NAMES).map(([value, label]) => (
              <CheckableTag
                key={value}
                checked={sourceList.includes(value)}
                onChange={(on) =>
                  update({
                    sourceList: (on ? [...sourceList, value] : sourceList.filter((s) => s !== value)).join(
                      ',',
                    ),
                  })
                }
              >
                {label}
              </CheckableTag>
            ))}
          </div>
        </>
      )}
      <div className={`oj-hits${result.isFetching ? ' oj-loading' : ''}`} data-testid="search-results">
        {result.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
        {records.map((r) => (
          <SearchHit key={`${r.kind}:${r.id}`} record={r} />
        ))}
        {!result.isPending && records.length === 0 && (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={`没有找到与「${key}」相关的${KIND_NAMES[category]}`}
          />
        )}
      </div>
      <Pager
        current={pageNum}
        pageSize={pageSize}
        total={result.data?.total ?? 0}
        onChange={(p) => update({ pageNum: String(p) })}
        unit={result.data?.total_capped ? '条以上' : '条'}
      />
    </div>
  );
}
