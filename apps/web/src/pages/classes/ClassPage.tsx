import { Suspense, useState } from 'react';
import Card from '../../components/plain/Card';
import Popconfirm from '../../components/plain/Popconfirm';
import Result from '../../components/plain/Result';
import Button from '../../components/plain/Button';
import Empty from '../../components/plain/Empty';
import Skeleton from '../../components/plain/Skeleton';
import TabBar from '../../components/plain/TabBar';
import { Tag } from '../../components/plain/Tag';
import { Link, useParams } from 'react-router';
import dayjs from 'dayjs';
import { CLASS_LIMITS, CLASS_ROLE_LABELS, type ClassSummary } from '../../lib/contract';
import {
  announce,
  deleteAnnouncement,
  useClassAnnouncements,
  useClassDetail,
  useRefreshClasses,
} from '../../api/classes';
import { ApiError } from '../../api/errors';
import { notify } from '../../lib/notify';
import { useUserStore } from '../../stores/user';
import '../../components/plain/form.css';
import './classes.css';
import { lazyScoped } from '../../lib/antdScope';

// 公告 is the first tab; each other tab is a chunk of its own, loaded when opened (the homework
// forms, the members' table and the teacher's management bring antd's Form, Table and DatePicker).
const ClassHomework = lazyScoped(() => import('./HomeworkList').then((m) => ({ default: m.ClassHomework })));
const ClassContests = lazyScoped(() => import('./ClassContests'));
const ClassProblems = lazyScoped(() => import('./ClassProblems'));
const ClassMembers = lazyScoped(() => import('./ClassMembers'));
const ClassManage = lazyScoped(() => import('./ClassManage'));

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
          <textarea
            className="oj-input oj-textarea"
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
        <Skeleton active />
      ) : !list.data?.length ? (
        <Empty description="还没有公告" />
      ) : (
        <ul className="class-announcements oj-links">
          {list.data.map((a) => (
            <li key={a.announcement_id} data-testid="class-announcement">
              <div style={{ minWidth: 0 }}>
                <div className="class-announcement">{a.content}</div>
                <div className="class-meta">
                  {a.author_name} · {when(a.created_at)}
                </div>
              </div>
              {c.can_manage && (
                <Popconfirm
                  title="删除这条公告？"
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() => void deleteAnnouncement(c.class_id, a.announcement_id).then(refresh)}
                >
                  <Button type="link" danger size="small">
                    删除
                  </Button>
                </Popconfirm>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
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
  const [tab, setTab] = useState('announcements');
  if (detail.isLoading) return <Skeleton active style={{ margin: 48 }} />;
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
    { key: 'announcements', label: '公告' },
    { key: 'homework', label: '作业' },
    { key: 'contests', label: '比赛' },
    { key: 'problems', label: '题目' },
    { key: 'members', label: `成员（${c.member_count}）` },
    ...(c.can_manage ? [{ key: 'manage', label: '管理' }] : []),
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
      <TabBar items={items} activeKey={tab} onChange={setTab} />
      <div role="tabpanel">
        <Suspense fallback={<Skeleton active />}>
          {tab === 'announcements' && <Announcements c={c} />}
          {tab === 'homework' && <ClassHomework c={c} />}
          {tab === 'contests' && <ClassContests c={c} />}
          {tab === 'problems' && <ClassProblems c={c} />}
          {tab === 'members' && <ClassMembers c={c} />}
          {tab === 'manage' && c.can_manage && <ClassManage c={c} />}
        </Suspense>
      </div>
    </div>
  );
}
