import { useState } from 'react';
import Popconfirm from '../../../components/plain/Popconfirm';
import Button from '../../../components/plain/Button';
import Pager from '../../../components/Pager';
import { Typography } from '../../../components/plain/Typography';
import Empty from '../../../components/plain/Empty';
import { LikeFilled, LikeOutlined, MessageOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { COMMENT_CONTENT_MAX, type CommentPage } from '../../../lib/contract';
import { addComment, deleteComment, thumbComment, useComments, useRefreshPosts } from '../../../api/forum';
import { MarkdownView } from '../../../components/MarkdownView';
import { AuthorName } from '../../../components/rating/RatingName';
import ReportButton from '../../../components/ReportButton';
import { notify } from '../../../lib/notify';

type Comment = CommentPage['records'][number];
type Reply = Comment['replies'][number];

interface Props {
  postId: number;
  locked: boolean;
  loggedIn: boolean;
}

function Composer({
  onSend,
  placeholder,
  testId,
}: {
  onSend(text: string): Promise<void>;
  placeholder: string;
  testId: string;
}) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  async function send() {
    if (!text.trim()) {
      notify.warning('评论内容不能为空');
      return;
    }
    setBusy(true);
    try {
      await onSend(text);
      setText('');
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="oj-comment-composer">
      <textarea
        className="oj-input oj-comment-text"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder}
        aria-label={placeholder}
        rows={2}
        maxLength={COMMENT_CONTENT_MAX}
        data-testid={`${testId}-input`}
      />
      <Button type="primary" loading={busy} onClick={() => void send()} data-testid={`${testId}-send`}>
        发送
      </Button>
    </div>
  );
}

/** Comments of a post: top-level floors with their replies (楼中楼), thumbs, reply and delete. */
export default function Comments({ postId, locked, loggedIn }: Props) {
  const [pageNum, setPage] = useState(1);
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const { data, isLoading } = useComments(postId, pageNum);
  const refresh = useRefreshPosts();

  async function send(content: string, parent_id?: number) {
    await addComment({ post_id: postId, content, parent_id });
    notify.success('评论成功');
    setReplyTo(null);
    await refresh();
  }
  async function thumb(c: Comment | Reply) {
    await thumbComment(c.comment_id, postId, c.thumbed ? 0 : 1);
    await refresh();
  }
  async function remove(c: Comment | Reply) {
    await deleteComment(c.comment_id);
    notify.success('已删除');
    await refresh();
  }

  const actions = (c: Comment | Reply, top: Comment) => (
    <div className="oj-comment-actions">
      <Button
        type="text"
        size="small"
        icon={c.thumbed ? <LikeFilled /> : <LikeOutlined />}
        disabled={!loggedIn || c.deleted}
        onClick={() => void thumb(c)}
        data-testid={`comment-thumb-${c.comment_id}`}
      >
        {c.thumbs}
      </Button>
      {loggedIn && !locked && !top.deleted && (
        <Button
          type="text"
          size="small"
          icon={<MessageOutlined />}
          onClick={() => setReplyTo(replyTo === top.comment_id ? null : top.comment_id)}
          data-testid={`comment-reply-${c.comment_id}`}
        >
          回复
        </Button>
      )}
      {loggedIn && !c.deleted && <ReportButton kind="comment" id={c.comment_id} />}
      {c.can_delete && (
        <Popconfirm title="删除这条评论？" okText="删除" cancelText="取消" onConfirm={() => void remove(c)}>
          <Button type="text" size="small" danger data-testid={`comment-delete-${c.comment_id}`}>
            删除
          </Button>
        </Popconfirm>
      )}
    </div>
  );
  const head = (c: Comment | Reply) => (
    <span className="oj-comment-head">
      <AuthorName author={c.author} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {dayjs(c.create_time).format('YYYY-MM-DD HH:mm')}
      </Typography.Text>
    </span>
  );

  return (
    <div data-testid="comments">
      {loggedIn ? (
        locked ? (
          <Typography.Text type="secondary">帖子已被锁定，不能再评论。</Typography.Text>
        ) : (
          <Composer onSend={(t) => send(t)} placeholder="写下你的评论（支持 Markdown）" testId="comment" />
        )
      ) : (
        <Typography.Text type="secondary">登录后可以发表评论。</Typography.Text>
      )}
      {!isLoading && !data?.records.length && <Empty description="还没有评论" style={{ marginTop: 16 }} />}
      {data?.records.map((c, i) => (
        <div
          key={c.comment_id}
          id={`comment-${c.comment_id}`}
          className="oj-comment"
          data-testid={`comment-${c.comment_id}`}
        >
          <div className="oj-comment-top">
            {head(c)}
            <Typography.Text type="secondary">#{(data.pageNum - 1) * data.pageSize + i + 1}</Typography.Text>
          </div>
          <div className="oj-comment-body">
            {c.deleted ? (
              <Typography.Text type="secondary">该评论已删除</Typography.Text>
            ) : (
              <MarkdownView text={c.content} html={c.content_html} />
            )}
          </div>
          {actions(c, c)}
          {c.replies.length > 0 && (
            <div className="oj-comment-replies">
              {c.replies.map((r) => (
                <div
                  key={r.comment_id}
                  id={`comment-${r.comment_id}`}
                  className="oj-comment"
                  data-testid={`comment-${r.comment_id}`}
                >
                  {head(r)}
                  <div className="oj-comment-body">
                    <MarkdownView text={r.content} html={r.content_html} />
                  </div>
                  {actions(r, c)}
                </div>
              ))}
            </div>
          )}
          {replyTo === c.comment_id && (
            <div className="oj-comment-replies">
              <Composer onSend={(t) => send(t, c.comment_id)} placeholder="回复这层楼" testId="reply" />
            </div>
          )}
        </div>
      ))}
      {data && data.total > data.pageSize && (
        <Pager
          current={data.pageNum}
          pageSize={data.pageSize}
          total={data.total}
          onChange={setPage}
          unit="条"
          data-testid="comments-pager"
        />
      )}
    </div>
  );
}
