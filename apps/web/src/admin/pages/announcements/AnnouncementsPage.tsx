import { useState } from 'react';
import {
  Button,
  DatePicker,
  Drawer,
  Form,
  Input,
  Popconfirm,
  Space,
  Switch,
  Table,
  Tag,
  type TableProps,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  addAnnouncement,
  deleteAnnouncement,
  modifyAnnouncement,
  pinAnnouncement,
} from '../../../api/home';
import { useAdminAnnouncements, useRefreshAdminAnnouncements } from '../../../api/home-queries';
import {
  ANNOUNCEMENT_CONTENT_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  type AnnouncementView,
} from '../../../lib/contract';
import { notify } from '../../../lib/notify';
import MarkdownEditor from '../problems/MarkdownEditor';
// The editor's side-by-side layout (.oj-md-editor) lives with the problem pages.
import '../../../components/problem.css';
import './announcements.css';

interface FormValues {
  title: string;
  content: string;
  published: boolean;
  pinned: boolean;
  expire: Dayjs | null;
}

const when = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');
const EMPTY: FormValues = { title: '', content: '', published: true, pinned: false, expire: null };

function stateTag(a: AnnouncementView) {
  if (!a.published) return <Tag>草稿</Tag>;
  if (a.expired) return <Tag color="default">已过期</Tag>;
  return <Tag color="green">已发布</Tag>;
}

/** 公告管理: every announcement (drafts and expired ones too), write with a live preview, pin, delete. */
export default function AnnouncementsPage() {
  const [pageNum, setPageNum] = useState(1);
  const [editing, setEditing] = useState<AnnouncementView | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<FormValues>();
  const list = useAdminAnnouncements(pageNum);
  const refresh = useRefreshAdminAnnouncements();

  const open = (a: AnnouncementView | 'new') => {
    setEditing(a);
    form.setFieldsValue(
      a === 'new'
        ? EMPTY
        : {
            title: a.title,
            content: a.content,
            published: a.published,
            pinned: a.pinned,
            expire: a.expire_time ? dayjs(a.expire_time) : null,
          },
    );
  };

  const save = async (v: FormValues) => {
    setSaving(true);
    const body = {
      title: v.title,
      content: v.content,
      published: v.published,
      pinned: v.pinned,
      expire_time: v.expire ? v.expire.toISOString() : null,
    };
    try {
      if (editing === 'new') await addAnnouncement(body);
      else if (editing) await modifyAnnouncement({ ...body, announcement_id: editing.announcement_id });
      notify.success(v.published ? '公告已发布' : '已保存为草稿');
      setEditing(null);
      await refresh();
    } catch {
      // toasted by the client
    } finally {
      setSaving(false);
    }
  };

  const act = async (what: () => Promise<unknown>, done: string) => {
    try {
      await what();
      notify.success(done);
      await refresh();
    } catch {
      // toasted by the client
    }
  };

  const columns: TableProps<AnnouncementView>['columns'] = [
    { title: '编号', dataIndex: 'announcement_id', width: 70 },
    {
      title: '标题',
      dataIndex: 'title',
      render: (title: string, a) => (
        <Space size={4} wrap>
          {a.pinned && <Tag color="red">置顶</Tag>}
          {title}
        </Space>
      ),
    },
    { title: '状态', key: 'state', render: (_, a) => stateTag(a) },
    { title: '过期时间', dataIndex: 'expire_time', render: (t: string | null) => (t ? when(t) : '永不过期') },
    { title: '作者', dataIndex: 'author_name' },
    { title: '更新时间', dataIndex: 'update_time', render: when },
    {
      title: '操作',
      key: 'actions',
      render: (_, a) => (
        <Space wrap>
          <Button size="small" onClick={() => open(a)}>
            编辑
          </Button>
          <Button
            size="small"
            onClick={() =>
              act(() => pinAnnouncement(a.announcement_id, !a.pinned), a.pinned ? '已取消置顶' : '已置顶')
            }
          >
            {a.pinned ? '取消置顶' : '置顶'}
          </Button>
          <Popconfirm
            title={`确定删除公告「${a.title}」吗？`}
            okText="删除"
            cancelText="取消"
            onConfirm={() => act(() => deleteAnnouncement(a.announcement_id), '公告已删除')}
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
    <div data-testid="admin-announcements">
      <div className="adm-toolbar">
        <Button type="primary" onClick={() => open('new')}>
          发布公告
        </Button>
      </div>
      <Table<AnnouncementView>
        rowKey="announcement_id"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: pageNum,
          pageSize: list.data?.pageSize ?? 20,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPageNum,
        }}
        locale={{ emptyText: '还没有公告，点击「发布公告」写第一条' }}
      />
      <Drawer
        title={editing === 'new' ? '发布公告' : '编辑公告'}
        open={editing !== null}
        onClose={() => setEditing(null)}
        width="min(1100px, 100vw)"
        destroyOnHidden
        extra={
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            保存
          </Button>
        }
      >
        <Form<FormValues>
          form={form}
          layout="vertical"
          onFinish={save}
          name="announcement"
          initialValues={EMPTY}
          className="adm-announcement-form"
        >
          <Form.Item
            name="title"
            label="标题"
            rules={[{ required: true, whitespace: true, message: '请输入标题' }]}
          >
            <Input maxLength={ANNOUNCEMENT_TITLE_MAX} showCount placeholder="公告标题" />
          </Form.Item>
          <Form.Item
            name="content"
            label="内容（Markdown，右侧实时预览）"
            rules={[
              { required: true, whitespace: true, message: '请输入内容' },
              { max: ANNOUNCEMENT_CONTENT_MAX, message: `内容不能超过 ${ANNOUNCEMENT_CONTENT_MAX} 个字符` },
            ]}
          >
            <MarkdownEditor />
          </Form.Item>
          <Space size="large" wrap>
            <Form.Item name="published" label="发布" valuePropName="checked">
              <Switch checkedChildren="发布" unCheckedChildren="草稿" />
            </Form.Item>
            <Form.Item name="pinned" label="置顶（显示为全站公告条）" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="expire" label="过期时间（留空表示永不过期）">
              <DatePicker showTime format="YYYY-MM-DD HH:mm" placeholder="永不过期" />
            </Form.Item>
          </Space>
        </Form>
      </Drawer>
    </div>
  );
}
