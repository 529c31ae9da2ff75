import { useEffect, useState } from 'react';
import Empty from '../../components/plain/Empty';
import Skeleton from '../../components/plain/Skeleton';
import { Link, useNavigate, useSearchParams } from 'react-router';
import KeywordInput from '../../components/KeywordInput';
import { useSearch } from '../../api/search';
import SearchHit from './SearchHit';
import { categoryPath, countText, KIND_NAMES, togetherPath } from './kinds';
import './search.css';

/** First hits shown per kind; the full list is one click away. */
const PER_KIND = 3;

/** /together/search?keyword=: every kind's first hits, grouped, with counts and a link to each list. */
export default function TogetherSearchPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const key = (params.get('keyword') ?? '').trim();
  const [keyword, setKeyword] = useState(key);
  useEffect(() => setKeyword(key), [key]);
  const result = useSearch({ keyword: key, category: 'all', pageNum: 1, pageSize: PER_KIND }, key !== '');
  const groups = result.data?.groups ?? [];
  const found = groups.some((g) => g.total > 0);

  return (
    <div className="oj-container-narrow oj-panel oj-search" data-testid="together-search">
      <div className="oj-search-head">
        <KeywordInput
          placeholder="搜索题目、帖子、用户、比赛、课程"
          value={keyword}
          onChange={setKeyword}
          onSearch={(v) => v.trim() && navigate(togetherPath(v.trim()))}
          data-testid="together-keyword"
        />
      </div>
      {key === '' && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="请输入关键词" />}
      {key !== '' && result.isPending && <Skeleton active paragraph={{ rows: 8 }} />}
      {key !== '' && !result.isPending && (
        <>
          <p className="oj-search-summary">
            「{key}」共找到 {result.data ? countText(result.data) : 0} 条结果
          </p>
          {!found && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有找到相关内容" />}
          {groups
            .filter((g) => g.total > 0)
            .map((g) => (
              <section key={g.kind} className="oj-search-group" data-testid="search-group" data-kind={g.kind}>
                <header>
                  <h3>
                    {KIND_NAMES[g.kind]} <span className="oj-search-count">{countText(g)}</span>
                  </h3>
                  <Link to={categoryPath(key, g.kind)} data-testid="search-group-more">
                    查看全部{countText(g)}条{KIND_NAMES[g.kind]}
                  </Link>
                </header>
                {g.records.map((r) => (
                  <SearchHit key={`${r.kind}:${r.id}`} record={r} />
                ))}
              </section>
            ))}
        </>
      )}
    </div>
  );
}
