import { Tag } from '../plain/Tag';
import { LockOutlined, PushpinOutlined, EyeInvisibleOutlined } from '@ant-design/icons';
import { POST_CATEGORY_LABELS, REQUIREMENT_STATUS_LABELS, type PostRow } from '../../lib/contract';

const CATEGORY_COLORS = {
  solution: 'green',
  answer: 'orange',
  discussion: 'blue',
  requirement: 'purple',
} as const;
const STATUS_COLORS = {
  adopted: 'cyan',
  developing: 'processing',
  done: 'success',
  rejected: 'default',
} as const;

/** Category, pin, lock, hidden and requirement-status tags of a post. */
export default function PostTags({ post, category = true }: { post: PostRow; category?: boolean }) {
  return (
    <>
      {post.pinned && (
        <Tag color="red" icon={<PushpinOutlined />} data-testid="pinned-tag">
          置顶
        </Tag>
      )}
      {category && <Tag color={CATEGORY_COLORS[post.category]}>{POST_CATEGORY_LABELS[post.category]}</Tag>}
      {post.locked && <Tag icon={<LockOutlined />}>已锁定</Tag>}
      {post.hidden && <Tag icon={<EyeInvisibleOutlined />}>已隐藏</Tag>}
      {post.category === 'requirement' && (
        <Tag
          color={post.requirement_status ? STATUS_COLORS[post.requirement_status] : 'warning'}
          data-testid="requirement-status"
        >
          {post.requirement_status ? REQUIREMENT_STATUS_LABELS[post.requirement_status] : '待处理'}
        </Tag>
      )}
      {post.problem_id !== null && <Tag bordered={false}>题目 {post.problem_id}</Tag>}
    </>
  );
}
