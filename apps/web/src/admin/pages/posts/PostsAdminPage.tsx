import { useState } from 'react';
import {
  Button,
  Drawer,
  Empty,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import {
  POST_CATEGORY_LABELS,
  type AdminPostQueryRaw,
  type PostCategory,
  type PostRow,
} from '../../../lib/contract';
import {
  deletePost,
  setPolicy,
  switchPost,
  useAdminPosts,
  usePolicy,
  usePostHistory,
  useRefreshAdminPosts,
  type PostSwitchPath,
} from '../../../api/forum';
import { notify } from '../../../lib/notify';
import PostTags from '../../../components/forum/PostTags';

type State = NonNullable<AdminPostQueryRaw['state']>;
const STATES: { value: State; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'pinned', label: '已置顶' },
  { value: 'locked', label: '已锁定' },
  { value: 'hidden', label: '已隐藏' },
  { value: 'deleted', label: '已删除' },
];

function History({ postId, onClose }: { postId: number | null; onClose(): void }) {
  const { data, isLoading } = usePostHistory(postId);
  return (
    <Drawer
      open={postId !== null}
      onClose={onClose}
      title={`帖子 ${postId ?? ''} 的修改历史`}
      width={560}
      loading={isLoading}
    >
      {data?.length ? (
        <Timeline
          items={data.map((e) => ({
            children: (
              <div data-testid="history-item">
                <Typography.Text strong>{e.title}</Typography.Text>
                <div>
                  <Typography.Text type="secondary">
                    {dayjs(e.create_time).format('YYYY-MM-DD HH:mm')} 由 {e.editor.username} 修改前的版本
                  </Typography.Text>
                </div>
                <pre style={{ whiteSpace: 'pre-wrap', maxHeight: 240, overflow: 'auto' }}>{e.content}</pre>
              </div>
            ),
          }))}
        />
      ) : (
        <Empty description="没有修改记录" />
      )}
    </Drawer>
  );
}

function PolicyBox() {
  const [problemId, setProblemId] = useState<number | null>(null);
  const { data, refetch } = usePolicy(problemId);
  return (
    <Space wrap>
      <span>题解策略：题目</span>
      <InputNumber min={1} value={problemId} onChange={(v) => setProblemId(v)} placeholder="题目编号" />
      <Select
        style={{ width: 200 }}
        disabled={!data}
        placeholder="先填写题目编号"
        value={data?.policy}
        onChange={(v) => void setPolicy(problemId!, v).then(() => (notify.success('已保存'), refetch()))}
        options={[
          { value: 'all', label: '所有人可见' },
          { value: 'after_ac', label: '通过本题后可见' },
        ]}
        data-testid="policy-select"
      />
    </Space>
  );
}

/** 帖子管理: every post (deleted and hidden too), pin, lock, hide, delete, edit history, solution policy. */
export default function PostsAdminPage() {
  const [q, setQ] = useState<AdminPostQueryRaw>({ pageNum: 1, pageSize: 20, state: 'all', sort: 'new' });
  const [keyword, setKeyword] = useState('');
  const [history, setHistory] = useState<number | null>(null);
  const page = useAdminPosts(q);
  const refresh = useRefreshAdminPosts();
  const run = async (action: () => Promise<unknown>, done: string) => {
    await action();
    notify.success(done);
    await refresh();
  };
  const toggle = (
    p: PostRow,
    on: boolean,
    path: PostSwitchPath,
    off: PostSwitchPath,
    labels: [string, string],
  ) => (
    <Button
      size="small"
      onClick={() => void run(() => switchPost(on ? off : path, p.post_id), '操作成功')}
      data-testid={`admin-${path}-${p.post_id}`}
    >
      {on ? labels[1] : labels[0]}
    </Button>
  );

  const columns = [
    { title: '编号', dataIndex: 'post_id', width: 70 },
    {
      title: '标题',
      key: 'title',
      render: (_: unknown, p: PostRow) => (
        <Space direction="vertical" size={0}>
          <a href={`/posts/${p.post_id}`} target="_blank" rel="noreferrer">
            {p.title}
          </a>
          <Space size={2} wrap>
            <PostTags post={p} />
            {p.deleted && <Tag color="default">已删除</Tag>}
          </Space>
        </Space>
      ),
    },
    { title: '作者', key: 'author', width: 120, render: (_: unknown, p: PostRow) => p.author.username },
    {
      title: '赞 / 评论',
      key: 'counts',
      width: 90,
      render: (_: unknown, p: PostRow) => `${p.thumbs} / ${p.comments}`,
    },
    {
      title: '发布时间',
      dataIndex: 'create_time',
      width: 150,
      render: (t: string) => dayjs(t).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      key: 'ops',
      width: 330,
      render: (_: unknown, p: PostRow) =>
        p.deleted ? (
          <Button size="small" onClick={() => setHistory(p.post_id)}>
            历史
          </Button>
        ) : (
          <Space size={4} wrap>
            {toggle(p, p.pinned, 'top', 'top/cancel', ['置顶', '取消置顶'])}
            {toggle(p, p.locked, 'lock', 'lock/cancel', ['锁定', '解锁'])}
            {toggle(p, p.hidden, 'hide', 'hide/cancel', ['隐藏', '取消隐藏'])}
            <Button
              size="small"
              onClick={() => setHistory(p.post_id)}
              data-testid={`admin-history-${p.post_id}`}
            >
              历史
            </Button>
            <Popconfirm
              title="删除这篇帖子？"
              okText="删除"
              cancelText="取消"
              onConfirm={() => void run(() => deletePost(p.post_id), '已删除')}
            >
              <Button size="small" danger>
                删除
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="posts-admin">
      <Space wrap>
        <Select<State>
          value={q.state}
          style={{ width: 110 }}
          options={STATES}
          onChange={(state) => setQ({ ...q, state, pageNum: 1 })}
        />
        <Select<PostCategory | ''>
          value={q.category ?? ''}
          style={{ width: 110 }}
          options={[
            { value: '', label: '全部分类' },
            ...(Object.keys(POST_CATEGORY_LABELS) as PostCategory[]).map((c) => ({
              value: c,
              label: POST_CATEGORY_LABELS[c],
            })),
          ]}
          onChange={(c) => setQ({ ...q, category: c || undefined, pageNum: 1 })}
        />
        <Input.Search
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => setQ({ ...q, keyword: v.trim() || undefined, pageNum: 1 })}
          placeholder="标题或内容"
          style={{ width: 240 }}
          allowClear
        />
      </Space>
      <PolicyBox />
      <Table<PostRow>
        rowKey="post_id"
        size="small"
        loading={page.isFetching}
        dataSource={page.data?.records ?? []}
        columns={columns}
        scroll={{ x: 900 }}
        pagination={{
          current: page.data?.pageNum ?? 1,
          pageSize: page.data?.pageSize ?? 20,
          total: page.data?.total ?? 0,
          onChange: (pageNum) => setQ({ ...q, pageNum }),
          showSizeChanger: false,
        }}
      />
      <History postId={history} onClose={() => setHistory(null)} />
    </Space>
  );
}
