import { Suspense, useEffect, useState } from 'react';
import Button from '../../components/plain/Button';
import Empty from '../../components/plain/Empty';
import Skeleton from '../../components/plain/Skeleton';
import { Tag } from '../../components/plain/Tag';
import { TextInput } from '../../components/plain/Form';
import Panel from '../../components/Panel';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CLASS_ROLE_LABELS, Role } from '../../lib/contract';
import { joinClass, useMyClasses, useRefreshClasses } from '../../api/classes';
import { notify } from '../../lib/notify';
import { useUserStore } from '../../stores/user';
import './classes.css';
import { lazyScoped } from '../../lib/antdScope';

const CreateClassDialog = lazyScoped(() => import('./CreateClassDialog'));

/**
 * /class (我的班级): the classes I am in, joining by invite code (an invite link `/class?code=` fills
 * it in), and for teachers a new class.
 */
export default function ClassListPage() {
  const user = useUserStore((s) => s.user);
  const mayCreate = user.teacher || user.role === Role.Admin;
  const list = useMyClasses();
  const refresh = useRefreshClasses();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [code, setCode] = useState(params.get('code') ?? '');
  const [joining, setJoining] = useState(false);
  const [creating, setCreating] = useState(false);
  const [dialogWanted, setDialogWanted] = useState(false); // downloaded at the first 创建班级

  useEffect(() => {
    const c = params.get('code');
    if (c) setCode(c);
  }, [params]);

  const join = async () => {
    if (!code.trim()) return notify.warning('请输入邀请码');
    setJoining(true);
    try {
      const joined = await joinClass(code.trim());
      await refresh();
      setCode('');
      if (joined.state === 'joined') {
        notify.success(`已加入班级「${joined.name}」`);
        navigate(`/class/${joined.class_id}`);
      } else notify.success('申请已提交，等待教师或助教审核');
    } catch {
      // The server's message was shown.
    } finally {
      setJoining(false);
    }
  };

  return (
    <div className="class-page">
      <div className="class-head">
        <h2>我的班级</h2>
        <Link to="/class/homework/mine" data-testid="my-homework-link">
          我的作业
        </Link>
        {mayCreate && (
          <Button
            type="primary"
            onClick={() => {
              setDialogWanted(true);
              setCreating(true);
            }}
            data-testid="class-create"
          >
            创建班级
          </Button>
        )}
      </div>
      <Panel title="加入班级" className="class-panel">
        <form
          className="class-row"
          onSubmit={(e) => {
            e.preventDefault();
            void join();
          }}
        >
          <TextInput
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder="输入老师给的邀请码"
            aria-label="邀请码"
            maxLength={16}
            data-testid="class-join-code"
          />
          <Button type="primary" htmlType="submit" loading={joining} data-testid="class-join">
            加入
          </Button>
        </form>
      </Panel>
      <Panel title="我加入的班级" className="class-panel">
        {list.isLoading ? (
          <Skeleton active />
        ) : !list.data?.length ? (
          <Empty description="还没有加入任何班级" />
        ) : (
          <ul className="class-list oj-links">
            {list.data.map((c) => (
              <li key={c.class_id}>
                <Link to={`/class/${c.class_id}`} className="class-list-item" data-testid="class-item">
                  <strong>{c.name}</strong> {c.my_role && <Tag>{CLASS_ROLE_LABELS[c.my_role]}</Tag>}
                  {c.archived && <Tag color="default">已归档</Tag>}
                  <div className="class-meta">
                    {[c.school, c.term, `教师 ${c.teacher_name}`, `${c.member_count} 名成员`]
                      .filter(Boolean)
                      .join(' · ')}
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      {dialogWanted && (
        <Suspense fallback={null}>
          <CreateClassDialog open={creating} onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </div>
  );
}
