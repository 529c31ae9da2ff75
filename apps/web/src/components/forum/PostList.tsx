import type { ReactNode } from 'react';
import { List, Space, Typography } from 'antd';
import Empty from '../plain/Empty';
import { Tag } from '../plain/Tag';
import { CommentOutlined, EyeOutlined, LikeOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import type { PostPage, PostRow } from '../../lib/contract';
import RatingName from '../rating/RatingName';
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

/** A page of posts: title (as text, never as HTML), tags, author in rating colour, counts. */
export default function PostList({
  page,
  loading,
  onPage,
  empty = '还没有帖子',
  extra,
  category = true,
}: Props) {
  return (
    <List<PostRow>
      className="oj-post-list"
      loading={loading}
      dataSource={page?.records ?? []}
      locale={{ emptyText: <Empty description={empty} /> }}
      pagination={
        page && page.total > page.pageSize
          ? {
              current: page.pageNum,
              pageSize: page.pageSize,
              total: page.total,
              onChange: onPage,
              showSizeChanger: false,
            }
          : false
      }
      renderItem={(p) => (
        <List.Item key={p.post_id} extra={extra?.(p)} data-testid={`post-row-${p.post_id}`}>
          <List.Item.Meta
            title={
              <Space wrap size={4}>
                <PostTags post={p} category={category} />
                <Link to={`/posts/${p.post_id}`} className="oj-post-title" data-testid="post-link">
                  {p.title}
                </Link>
              </Space>
            }
            description={
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className="oj-post-summary">
                {p.summary}
              </Typography.Paragraph>
            }
          />
          <Space wrap size="middle" className="oj-post-meta">
            <RatingName
              name={p.author.username}
              rating={p.author.rating}
              rated={p.author.rated}
              uuid={p.author.uuid}
            />
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
          </Space>
        </List.Item>
      )}
    />
  );
}
