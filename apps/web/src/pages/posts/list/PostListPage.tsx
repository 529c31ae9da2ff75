import { useState } from 'react';
import Button from '../../../components/plain/Button';
import Segmented from '../../../components/plain/Segmented';
import TabBar from '../../../components/plain/TabBar';
import Panel from '../../../components/Panel';
import { EditOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { POST_SORT_LABELS, type PostCategory } from '../../../lib/contract';
import { usePostSearch } from '../../../api/forum';
import KeywordInput from '../../../components/KeywordInput';
import PostList from '../../../components/forum/PostList';
import '../../../components/forum/posts.css';

const TABS: { key: string; label: string }[] = [
  { key: 'all', label: '全部' },
  { key: 'solution', label: '题解' },
  { key: 'answer', label: '问答' },
  { key: 'discussion', label: '讨论' },
];
type Sort = keyof typeof POST_SORT_LABELS;

/** /posts: every post, by category tab, with keyword search and paging; pinned posts first. */
export default function PostListPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const tab = params.get('tab') ?? 'all';
  const keyword = params.get('keyword') ?? '';
  const pageNum = Math.max(1, Number(params.get('page')) || 1);
  const sort = (params.get('sort') as Sort | null) ?? 'new';
  const [typed, setTyped] = useState(keyword);
  const update = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch))
      if (v) next.set(k, v);
      else next.delete(k);
    setParams(next, { replace: true });
  };
  const { data, isFetching } = usePostSearch({
    keyword: keyword || undefined,
    category: tab === 'all' ? undefined : (tab as PostCategory),
    sort,
    pageNum,
    pageSize: 20,
  });

  return (
    <div className="oj-posts-page" data-testid="posts-page">
      <Panel
        title="帖子"
        extra={
          <Button type="primary" icon={<EditOutlined />} onClick={() => navigate('/discussion/add')}>
            发起讨论
          </Button>
        }
      >
        <TabBar
          activeKey={tab}
          items={TABS}
          onChange={(k) => update({ tab: k === 'all' ? '' : k, page: '' })}
          aria-label="帖子分类"
        />
        <div className="oj-post-toolbar">
          <KeywordInput
            value={typed}
            onChange={setTyped}
            onSearch={(v) => update({ keyword: v.trim(), page: '' })}
            placeholder="搜索标题或内容"
            width={280}
            data-testid="post-search"
          />
          <Segmented<Sort>
            aria-label="排序"
            value={sort}
            onChange={(v) => update({ sort: v === 'new' ? '' : v, page: '' })}
            options={(Object.keys(POST_SORT_LABELS) as Sort[]).map((k) => ({
              value: k,
              label: POST_SORT_LABELS[k],
            }))}
          />
        </div>
        <PostList
          page={data}
          loading={isFetching && !data}
          onPage={(p) => update({ page: String(p) })}
          empty={keyword ? '没有找到匹配的帖子' : '还没有帖子'}
        />
      </Panel>
    </div>
  );
}
