import { useState } from 'react';
import Button from '../../components/plain/Button';
import Segmented from '../../components/plain/Segmented';
import KeywordInput from '../../components/KeywordInput';
import Skeleton from '../../components/plain/Skeleton';
import { Link, useSearchParams } from 'react-router';
import type { ProblemListSort } from '../../lib/contract';
import { useSquare } from '../../api/problem-lists';
import Pager from '../../components/Pager';
import { isLoggedIn, useUserStore } from '../../stores/user';
import ListCards from './ListCards';
import '../../components/problem.css';
import './problem-lists.css';

/** /problem-list: the 题单 square, public lists searched by title, newest or most favourited first. */
export default function ProblemListSquarePage() {
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const sort: ProblemListSort = params.get('sort') === 'favourites' ? 'favourites' : 'newest';
  const pageNum = Math.max(1, Number(params.get('pageNum')) || 1);
  const [typed, setTyped] = useState(keyword);
  const page = useSquare(keyword, sort, pageNum);
  const signedIn = isLoggedIn(useUserStore((s) => s.user));

  const update = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries({ pageNum: '1', ...patch })) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next);
  };

  return (
    <div className="oj-plist-page oj-panel" data-testid="problem-list-square">
      <div className="oj-plist-head">
        <h3>题单广场</h3>
        {signedIn && (
          <div className="oj-plist-actions">
            <Link to="/problem-list/new">
              <Button type="primary">新建题单</Button>
            </Link>
            <Link to="/problem-list/mine">
              <Button>我的题单</Button>
            </Link>
            <Link to="/favourites">
              <Button>我的收藏</Button>
            </Link>
          </div>
        )}
      </div>
      <div className="oj-plist-search">
        <KeywordInput
          value={typed}
          placeholder="按题单标题搜索"
          onChange={setTyped}
          onSearch={(v) => update({ keyword: v.trim() })}
          data-testid="list-search"
        />
        <Segmented<ProblemListSort>
          aria-label="排序"
          value={sort}
          options={[
            { label: '最新', value: 'newest' },
            { label: '最多收藏', value: 'favourites' },
          ]}
          onChange={(v) => update({ sort: v === 'favourites' ? 'favourites' : '' })}
        />
      </div>
      {page.isPending ? (
        <Skeleton active />
      ) : (
        <ListCards
          lists={page.data?.records ?? []}
          empty={keyword ? '没有找到相关题单' : '还没有公开的题单'}
        />
      )}
      <Pager
        current={pageNum}
        pageSize={20}
        total={page.data?.total ?? 0}
        unit="个"
        onChange={(n) => update({ pageNum: String(n) })}
      />
    </div>
  );
}
