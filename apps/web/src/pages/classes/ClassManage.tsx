import { Form, List, Space } from 'antd';
import Card from '../../components/plain/Card';
import Popconfirm from '../../components/plain/Popconfirm';
import { Typography } from '../../components/plain/Typography';
import Button from '../../components/plain/Button';
import Empty from '../../components/plain/Empty';
import { useNavigate } from 'react-router';
import type { ClassInputRaw, ClassSummary } from '../../lib/contract';
import {
  archiveClass,
  decideRequest,
  deleteClass,
  modifyClass,
  regenerateCode,
  useClassRequests,
  useRefreshClasses,
} from '../../api/classes';
import { notify } from '../../lib/notify';
import BulkStudents from './BulkStudents';
import ClassFields from './ClassFields';

/** Runs a change, says so, and reads the class again; a failure was shown by the API client. */
function useAct() {
  const refresh = useRefreshClasses();
  return async (p: () => Promise<unknown>, done: string) => {
    try {
      await p();
      notify.success(done);
      await refresh();
      return true;
    } catch {
      return false;
    }
  };
}

function Invite({ c }: { c: ClassSummary }) {
  const act = useAct();
  const link = `${window.location.origin}/class?code=${c.invite_code ?? ''}`;
  return (
    <Card size="small" title="邀请码">
      <Typography.Paragraph>
        <span className="class-code" data-testid="class-invite-code">
          {c.invite_code}
        </span>
      </Typography.Paragraph>
      <Typography.Paragraph
        copyable={{ text: link }}
        className="class-meta"
        style={{ overflowWrap: 'anywhere' }}
      >
        邀请链接：{link}
      </Typography.Paragraph>
      <Typography.Paragraph className="class-meta">
        {c.join_mode === 'approval' ? '凭邀请码提交申请，由教师或助教审核后加入。' : '凭邀请码直接加入。'}
      </Typography.Paragraph>
      {c.is_owner && (
        <Popconfirm
          title="重新生成后旧邀请码和链接立即失效，继续？"
          okText="重新生成"
          cancelText="取消"
          onConfirm={() => void act(() => regenerateCode(c.class_id), '邀请码已更新')}
        >
          <Button>重新生成邀请码</Button>
        </Popconfirm>
      )}
    </Card>
  );
}

function Requests({ c }: { c: ClassSummary }) {
  const list = useClassRequests(c.class_id, true);
  const act = useAct();
  return (
    <Card size="small" title="加入申请">
      {!list.data?.length ? (
        <Empty description="没有待审核的申请" />
      ) : (
        <List
          dataSource={list.data}
          renderItem={(r) => (
            <List.Item
              actions={[
                <Button
                  key="ok"
                  type="link"
                  size="small"
                  onClick={() => void act(() => decideRequest(c.class_id, r.user_id, true), '已通过申请')}
                >
                  通过
                </Button>,
                <Button
                  key="no"
                  type="link"
                  danger
                  size="small"
                  onClick={() => void act(() => decideRequest(c.class_id, r.user_id, false), '已拒绝申请')}
                >
                  拒绝
                </Button>,
              ]}
            >
              <span style={{ overflowWrap: 'anywhere' }}>
                {r.username} <span className="class-meta">{r.account}</span>
              </span>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

function Settings({ c }: { c: ClassSummary }) {
  const act = useAct();
  const navigate = useNavigate();
  const [form] = Form.useForm<ClassInputRaw>();
  return (
    <Card size="small" title="班级设置">
      <Form<ClassInputRaw>
        form={form}
        layout="vertical"
        initialValues={{
          name: c.name,
          school: c.school,
          term: c.term,
          description: c.description,
          join_mode: c.join_mode,
        }}
        onFinish={(v) => void act(() => modifyClass({ ...v, class_id: c.class_id }), '班级设置已保存')}
      >
        <ClassFields />
        <Space wrap>
          <Button type="primary" htmlType="submit">
            保存
          </Button>
          <Button
            onClick={() =>
              void act(
                () => archiveClass(c.class_id, !c.archived),
                c.archived ? '班级已取消归档' : '班级已归档',
              )
            }
          >
            {c.archived ? '取消归档' : '归档班级'}
          </Button>
          <Popconfirm
            title="删除班级后成员、申请和公告都会删除，且无法恢复。确定删除？"
            okText="删除"
            cancelText="取消"
            onConfirm={() =>
              void act(() => deleteClass(c.class_id), '班级已删除').then(
                (ok) => ok && navigate('/class', { replace: true }),
              )
            }
          >
            <Button danger>删除班级</Button>
          </Popconfirm>
        </Space>
      </Form>
    </Card>
  );
}

/** 管理 (the teacher and TAs): invite code, join requests; the teacher also settings and bulk accounts. */
export default function ClassManage({ c }: { c: ClassSummary }) {
  return (
    <>
      <Invite c={c} />
      <Requests c={c} />
      {c.is_owner && <BulkStudents c={c} />}
      {c.is_owner && <Settings c={c} />}
    </>
  );
}
