import Popconfirm from '../../../components/plain/Popconfirm';
import Panel from '../../../components/Panel';
import Card from '../../../components/plain/Card';
import { NativeSelect } from '../../../components/NativeSelect';
import Result from '../../../components/plain/Result';
import { Typography } from '../../../components/plain/Typography';
import Button from '../../../components/plain/Button';
import Skeleton from '../../../components/plain/Skeleton';
import { DeleteOutlined, EditOutlined, EyeOutlined, LikeFilled, LikeOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import dayjs from 'dayjs';
import {
  REQUIREMENT_STATUS_LABELS,
  REQUIREMENT_STATUSES,
  Role,
  type PostDetail,
  type RequirementStatus,
} from '../../../lib/contract';
import {
  deletePost,
  setRequirementStatus,
  switchPost,
  thumbPost,
  usePost,
  useRefreshPosts,
  type PostSwitchPath,
} from '../../../api/forum';
import { ApiError } from '../../../api/errors';
import { MarkdownView } from '../../../components/MarkdownView';
import { AuthorName } from '../../../components/rating/RatingName';
import ReportButton from '../../../components/ReportButton';
import { isLoggedIn, useUserStore } from '../../../stores/user';
import { notify } from '../../../lib/notify';
import Comments from '../shared/Comments';
import PostTags from '../../../components/forum/PostTags';
import { editorPath } from '../shared/editPath';
import '../../../components/forum/posts.css';

function AdminBar({ post, onDone }: { post: PostDetail; onDone(): Promise<unknown> }) {
  const act = async (path: PostSwitchPath, done: string) => {
    await switchPost(path, post.post_id);
    notify.success(done);
    await onDone();
  };
  return (
    <div className="oj-post-actions" data-testid="admin-bar">
      <Button
        size="small"
        onClick={() => void act(post.pinned ? 'top/cancel' : 'top', post.pinned ? '已取消置顶' : '已置顶')}
        data-testid="admin-pin"
      >
        {post.pinned ? '取消置顶' : '置顶'}
      </Button>
      <Button
        size="small"
        onClick={() => void act(post.locked ? 'lock/cancel' : 'lock', post.locked ? '已解除锁定' : '已锁定')}
        data-testid="admin-lock"
      >
        {post.locked ? '解除锁定' : '锁定'}
      </Button>
      <Button
        size="small"
        onClick={() => void act(post.hidden ? 'hide/cancel' : 'hide', post.hidden ? '已取消隐藏' : '已隐藏')}
        data-testid="admin-hide"
      >
        {post.hidden ? '取消隐藏' : '隐藏'}
      </Button>
      {post.category === 'requirement' && (
        <NativeSelect<RequirementStatus>
          style={{ width: 120 }}
          aria-label="需求状态"
          placeholder="设置状态"
          value={post.requirement_status ?? undefined}
          options={REQUIREMENT_STATUSES.map((s) => ({ value: s, label: REQUIREMENT_STATUS_LABELS[s] }))}
          onChange={(s) => void setRequirementStatus(post.post_id, s).then(onDone)}
          data-testid="admin-status"
        />
      )}
    </div>
  );
}

/** /posts/:postId: one post, its thumbs and comments; edit and delete for the author, moderation for admins. */
export default function PostDetailPage() {
  const { postId = '' } = useParams();
  const id = Number(postId);
  const valid = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();
  const user = useUserStore((s) => s.user);
  const { data: post, isLoading, error } = usePost(valid ? id : 0);
  const refresh = useRefreshPosts();

  if (!valid) return <Result status="404" title="帖子不存在" />;
  if (isLoading) return <Skeleton active paragraph={{ rows: 10 }} className="oj-posts-page" />;
  if (!post) {
    const msg = error instanceof ApiError ? error.message : '帖子不存在或已被删除';
    return (
      <Result
        status={error instanceof ApiError && error.httpStatus === 403 ? '403' : '404'}
        title={msg}
        extra={<Button onClick={() => navigate('/posts')}>返回帖子列表</Button>}
      />
    );
  }
  const loggedIn = isLoggedIn(user);

  async function thumb() {
    if (!loggedIn) {
      notify.warning('登录后才能点赞');
      return;
    }
    await thumbPost(id, post!.thumbed ? 0 : 1);
    await refresh();
  }
  async function remove() {
    await deletePost(id);
    notify.success('已删除');
    await refresh();
    navigate(post!.problem_id ? `/problems/algorithm/${post!.problem_id}` : '/posts');
  }

  return (
    <div className="oj-posts-page" data-testid="post-detail">
      <Card>
        <div className="oj-post-tags">
          <PostTags post={post} />
        </div>
        <Typography.Title level={2} className="oj-post-detail-title" data-testid="post-title">
          {post.title}
        </Typography.Title>
        <div className="oj-post-meta">
          <AuthorName author={post.author} />
          <span>发布于 {dayjs(post.create_time).format('YYYY-MM-DD HH:mm')}</span>
          {post.update_time !== post.create_time && (
            <span>编辑于 {dayjs(post.update_time).format('YYYY-MM-DD HH:mm')}</span>
          )}
          <span>
            <EyeOutlined /> {post.readings}
          </span>
          {post.problem_id !== null && (
            <Link to={`/problems/algorithm/${post.problem_id}`}>查看题目 {post.problem_id}</Link>
          )}
        </div>
        <hr className="oj-divider" />
        <div className="oj-post-content" data-testid="post-content">
          <MarkdownView text={post.content} html={post.content_html} />
        </div>
        <hr className="oj-divider" />
        <div className="oj-post-footer">
          <Button
            type={post.thumbed ? 'primary' : 'default'}
            icon={post.thumbed ? <LikeFilled /> : <LikeOutlined />}
            onClick={() => void thumb()}
            data-testid="post-thumb"
          >
            {post.thumbs}
          </Button>
          <div className="oj-post-actions">
            {loggedIn && user.uuid !== post.author.uuid && (
              <ReportButton kind="post" id={id} type="default" size="middle" />
            )}
            {post.can_edit && (
              <>
                <Button
                  icon={<EditOutlined />}
                  onClick={() => navigate(editorPath(post.category, post.problem_id, id))}
                  data-testid="post-edit"
                >
                  编辑
                </Button>
                <Popconfirm
                  title="删除这篇帖子？"
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() => void remove()}
                >
                  <Button danger icon={<DeleteOutlined />} data-testid="post-delete">
                    删除
                  </Button>
                </Popconfirm>
              </>
            )}
            {user.role === Role.Admin && <AdminBar post={post} onDone={refresh} />}
          </div>
        </div>
      </Card>
      <Panel title={`评论 ${post.comments}`} className="oj-post-comments">
        <Comments postId={id} locked={post.locked} loggedIn={loggedIn} />
      </Panel>
    </div>
  );
}
