import type { ReactNode } from 'react';
import Empty from '../plain/Empty';
import Skeleton from '../plain/Skeleton';
import Pager from '../Pager';
import { Tag } from '../plain/Tag';
import { CommentOutlined, EyeOutlined, LikeOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import type { PostPage, PostRow } from '../../lib/contract';
import { AuthorName } from '../rating/RatingName';
import PostTags from './PostTags';
import './posts.css';

interface Props {
  page: PostPage | undefined;
  loading: boolean;
  onPage(pageNum: number): void;
  empty?: string;
  /** Shown at the right of each row (the requirements' vote button). */
  extra?: (post: PostRow) => ReactNode;
  category?: boolean;
}

/**
 * A page of posts: title (as text, never as HTML), tags, author in rating colour, counts. Plain
 * markup: antd's List brings its Pagination, and that its Select (~30 KB brotli with Tabs and Card).
 */
export default function PostList({
  page,
  loading,
  onPage,
  empty = '还没有帖子',
  extra,
  category = true,
}: Props) {
  const rows = page?.records ?? [];
  return (
    <div className={`oj-post-list${loading ? ' oj-loading' : ''}`}>
      {loading && rows.length === 0 ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : rows.length === 0 ? (
        <Empty description={empty} />
      ) : (
        <ul className="oj-post-items">
          {rows.map((p) => (
            <li key={p.post_id} className="oj-post-item" data-testid={`post-row-${p.post_id}`}>
              <div className="oj-post-main">
                <div className="oj-post-head">
                  <PostTags post={p} category={category} />
                  <Link to={`/posts/${p.post_id}`} className="oj-post-title" data-testid="post-link">
                    {p.title}
                  </Link>
                </div>
                <p className="oj-post-summary">{p.summary}</p>
                <div className="oj-post-meta">
                  <AuthorName author={p.author} />
                  <span>{dayjs(p.create_time).format('YYYY-MM-DD HH:mm')}</span>
                  <span>
                    <LikeOutlined /> {p.thumbs}
                  </span>
                  <span>
                    <CommentOutlined /> {p.comments}
                  </span>
                  <span>
                    <EyeOutlined /> {p.readings}
                  </span>
                  {p.tags.map((t) => (
                    <Tag key={t}>{t}</Tag>
                  ))}
                </div>
              </div>
              {extra && <div className="oj-post-extra">{extra(p)}</div>}
            </li>
          ))}
        </ul>
      )}
      {page && page.total > page.pageSize && (
        <Pager
          current={page.pageNum}
          pageSize={page.pageSize}
          total={page.total}
          onChange={onPage}
          unit="篇"
          data-testid="post-pager"
        />
      )}
    </div>
  );
}
