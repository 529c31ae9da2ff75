import { useState } from 'react';
import { Input, List, Spin, Table, Tabs } from 'antd';
import Card from '../../components/plain/Card';
import Popconfirm from '../../components/plain/Popconfirm';
import Result from '../../components/plain/Result';
import Button from '../../components/plain/Button';
import Empty from '../../components/plain/Empty';
import { Tag } from '../../components/plain/Tag';
import { Link, useParams } from 'react-router';
import dayjs from 'dayjs';
import { CLASS_LIMITS, CLASS_ROLE_LABELS, type ClassMember, type ClassSummary } from '../../lib/contract';
import {
  announce,
  deleteAnnouncement,
  removeMember,
  setMemberRole,
  useClassAnnouncements,
  useClassDetail,
  useClassMembers,
  useRefreshClasses,
} from '../../api/classes';
import { ApiError } from '../../api/errors';
import { notify } from '../../lib/notify';
import { useUserStore } from '../../stores/user';
import ClassManage from './ClassManage';
import ClassContests from './ClassContests';
import ClassProblems from './ClassProblems';
import { ClassHomework } from './HomeworkParts';
import './classes.css';

const when = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/** 公告: newest first; the teacher and TAs post and delete. */
function Announcements({ c }: { c: ClassSummary }) {
  const list = useClassAnnouncements(c.class_id, true);
  const refresh = useRefreshClasses();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const post = async () => {
    if (!text.trim()) return notify.warning('请填写公告内容');
    setBusy(true);
    try {
      await announce(c.class_id, text.trim());
      setText('');
      notify.success('公告已发布');
      await refresh();
    } catch {
      // The server's message was shown.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {c.can_manage && (
        <Card size="small" title="发布公告">
          <Input.TextArea
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={CLASS_LIMITS.announcementMax}
            rows={3}
            placeholder="向全班发布一条简短的公告"
            data-testid="class-announce-text"
          />
          <Button
            type="primary"
            style={{ marginTop: 8 }}
            loading={busy}
            onClick={() => void post()}
            data-testid="class-announce"
          >
            发布
          </Button>
        </Card>
      )}
      {list.isLoading ? (
        <Spin />
      ) : !list.data?.length ? (
        <Empty description="还没有公告" />
      ) : (
        <List
          dataSource={list.data}
          renderItem={(a) => (
            <List.Item
              data-testid="class-announcement"
              actions={
                c.can_manage
                  ? [
                      <Popconfirm
                        key="del"
                        title="删除这条公告？"
                        okText="删除"
                        cancelText="取消"
                        onConfirm={() => void deleteAnnouncement(c.class_id, a.announcement_id).then(refresh)}
                      >
                        <Button type="link" danger size="small">
                          删除
                        </Button>
                      </Popconfirm>,
                    ]
                  : []
              }
            >
              <div style={{ minWidth: 0 }}>
                <div className="class-announcement">{a.content}</div>
                <div className="class-meta">
                  {a.author_name} · {when(a.created_at)}
                </div>
              </div>
            </List.Item>
          )}
        />
      )}
    </>
  );
}

/** 成员: members and managers see the list; TAs remove students, the teacher also makes TAs. */
function Members({ c }: { c: ClassSummary }) {
  const me = useUserStore((s) => s.user.uuid);
  const list = useClassMembers(c.class_id, true);
  const refresh = useRefreshClasses();
  const act = async (p: Promise<unknown>, done: string) => {
    try {
      await p;
      notify.success(done);
      await refresh();
    } catch {
      // The server's message was shown.
    }
  };
  const columns = [
    {
      title: '成员',
      key: 'who',
      render: (_: unknown, m: ClassMember) => (
        <span style={{ overflowWrap: 'anywhere' }} data-testid="class-member">
          {c.can_manage && m.role === 'student' ? (
            <Link to={`/class/${c.class_id}/student/${m.user_id}`} data-testid="class-member-insight">
              {m.username}
            </Link>
          ) : (
            m.username
          )}{' '}
          <span className="class-meta">{m.account}</span>
        </span>
      ),
    },
    {
      title: '角色',
      key: 'role',
      render: (_: unknown, m: ClassMember) => (
        <Tag color={m.role === 'teacher' ? 'blue' : m.role === 'ta' ? 'green' : undefined}>
          {CLASS_ROLE_LABELS[m.role]}
        </Tag>
      ),
    },
    ...(c.can_manage
      ? [
          {
            title: '操作',
            key: 'ops',
            render: (_: unknown, m: ClassMember) =>
              m.role === 'teacher' || m.user_id === me ? null : (
                <span className="class-row">
                  {c.is_owner && (
                    <Button
                      size="small"
                      onClick={() =>
                        void act(
                          setMemberRole(c.class_id, m.user_id, m.role === 'ta' ? 'student' : 'ta'),
                          m.role === 'ta' ? '已设为学生' : '已设为助教',
                        )
                      }
                    >
                      {m.role === 'ta' ? '取消助教' : '设为助教'}
                    </Button>
                  )}
                  {(m.role === 'student' || c.is_owner) && (
                    <Popconfirm
                      title={`把 ${m.username} 移出班级？`}
                      okText="移除"
                      cancelText="取消"
                      onConfirm={() => void act(removeMember(c.class_id, m.user_id), '已移除成员')}
                    >
                      <Button size="small" danger>
                        移除
                      </Button>
                    </Popconfirm>
                  )}
                </span>
              ),
          },
        ]
      : []),
  ];
  return (
    <Table<ClassMember>
      rowKey="user_id"
      size="small"
      loading={list.isLoading}
      dataSource={list.data ?? []}
      columns={columns}
      pagination={{ pageSize: 50, hideOnSinglePage: true }}
    />
  );
}

/** 我的学情: a student's own page of practice in the class (insight, StudentInsightPage). */
function MyInsightLink({ classId }: { classId: number }) {
  const me = useUserStore((s) => s.user.uuid);
  return (
    <p>
      <Link to={`/class/${classId}/student/${me}`} data-testid="class-my-insight">
        我的学情
      </Link>
    </p>
  );
}

/** /class/:classId: the class as its members see it; outsiders are told they are not members. */
export default function ClassPage() {
  const classId = Number(useParams().classId);
  const detail = useClassDetail(Number.isInteger(classId) ? classId : 0);
  if (detail.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (detail.error || !detail.data) {
    const e = detail.error;
    const notMember = e instanceof ApiError && e.httpStatus === 403;
    return (
      <Result
        status={notMember ? '403' : '404'}
        title={notMember ? '你不是该班级的成员' : '班级不存在'}
        subTitle={notMember ? '请向老师索要邀请码，在“我的班级”页加入' : undefined}
      />
    );
  }
  const c = detail.data;
  const items = [
    { key: 'announcements', label: '公告', children: <Announcements c={c} /> },
    { key: 'homework', label: '作业', children: <ClassHomework c={c} /> },
    { key: 'contests', label: '比赛', children: <ClassContests c={c} /> },
    { key: 'problems', label: '题目', children: <ClassProblems c={c} /> },
    { key: 'members', label: `成员（${c.member_count}）`, children: <Members c={c} /> },
    ...(c.can_manage ? [{ key: 'manage', label: '管理', children: <ClassManage c={c} /> }] : []),
  ];
  return (
    <div className="class-page">
      <div className="class-head">
        <h2 data-testid="class-title">
          {c.name} {c.archived && <Tag>已归档</Tag>}
        </h2>
      </div>
      <div className="class-meta" style={{ marginBottom: 8 }}>
        {[c.school, c.term, `教师 ${c.teacher_name}`, c.my_role ? `我是${CLASS_ROLE_LABELS[c.my_role]}` : '']
          .filter(Boolean)
          .join(' · ')}
      </div>
      {c.description && <p className="class-announcement">{c.description}</p>}
      {c.my_role === 'student' && <MyInsightLink classId={c.class_id} />}
      <Tabs items={items} />
    </div>
  );
}
