import { useEffect, useState } from 'react';
import { Card, Form, Input, List, Modal, Select, Spin } from 'antd';
import Button from '../../components/plain/Button';
import Empty from '../../components/plain/Empty';
import { Tag } from '../../components/plain/Tag';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  CLASS_JOIN_MODE_LABELS,
  CLASS_JOIN_MODES,
  CLASS_LIMITS,
  CLASS_ROLE_LABELS,
  Role,
  type ClassInputRaw,
} from '../../lib/contract';
import { createClass, joinClass, useMyClasses, useRefreshClasses } from '../../api/classes';
import { notify } from '../../lib/notify';
import { useUserStore } from '../../stores/user';
import './classes.css';

/** The form of a class's settings (create here, modify on the class page). */
export function ClassFields() {
  return (
    <>
      <Form.Item
        name="name"
        label="班级名称"
        rules={[{ required: true, whitespace: true, message: '请填写班级名称' }]}
      >
        <Input maxLength={CLASS_LIMITS.nameMax} data-testid="class-name" />
      </Form.Item>
      <Form.Item name="school" label="学校">
        <Input maxLength={CLASS_LIMITS.schoolMax} />
      </Form.Item>
      <Form.Item name="term" label="学期">
        <Input maxLength={CLASS_LIMITS.termMax} placeholder="例如 2026 秋季" />
      </Form.Item>
      <Form.Item name="description" label="班级简介">
        <Input.TextArea maxLength={CLASS_LIMITS.descriptionMax} rows={3} />
      </Form.Item>
      <Form.Item name="join_mode" label="加入方式">
        <Select options={CLASS_JOIN_MODES.map((m) => ({ value: m, label: CLASS_JOIN_MODE_LABELS[m] }))} />
      </Form.Item>
    </>
  );
}

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
  const [form] = Form.useForm<ClassInputRaw>();

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

  const create = async (v: ClassInputRaw) => {
    try {
      const made = await createClass(v);
      notify.success('班级已创建');
      setCreating(false);
      form.resetFields();
      await refresh();
      navigate(`/class/${made.class_id}`);
    } catch {
      // The server's message was shown.
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
          <Button type="primary" onClick={() => setCreating(true)} data-testid="class-create">
            创建班级
          </Button>
        )}
      </div>
      <Card title="加入班级" size="small">
        <div className="class-row">
          <Input
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onPressEnter={() => void join()}
            placeholder="输入老师给的邀请码"
            maxLength={16}
            data-testid="class-join-code"
          />
          <Button type="primary" loading={joining} onClick={() => void join()} data-testid="class-join">
            加入
          </Button>
        </div>
      </Card>
      <Card size="small" title="我加入的班级">
        {list.isLoading ? (
          <Spin />
        ) : !list.data?.length ? (
          <Empty description="还没有加入任何班级" />
        ) : (
          <List
            dataSource={list.data}
            renderItem={(c) => (
              <List.Item>
                <Link to={`/class/${c.class_id}`} className="class-list-item" data-testid="class-item">
                  <strong>{c.name}</strong> {c.my_role && <Tag>{CLASS_ROLE_LABELS[c.my_role]}</Tag>}
                  {c.archived && <Tag color="default">已归档</Tag>}
                  <div className="class-meta">
                    {[c.school, c.term, `教师 ${c.teacher_name}`, `${c.member_count} 名成员`]
                      .filter(Boolean)
                      .join(' · ')}
                  </div>
                </Link>
              </List.Item>
            )}
          />
        )}
      </Card>
      <Modal
        open={creating}
        title="创建班级"
        okText="创建"
        cancelText="取消"
        onOk={() => form.submit()}
        onCancel={() => setCreating(false)}
        destroyOnHidden
      >
        <Form<ClassInputRaw>
          form={form}
          layout="vertical"
          initialValues={{ join_mode: 'code' }}
          onFinish={(v) => void create(v)}
        >
          <ClassFields />
        </Form>
      </Modal>
    </div>
  );
}
