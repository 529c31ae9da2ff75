import { useEffect, useState } from 'react';
import { Form, Input, List, Select, Space } from 'antd';
import { Typography } from '../../../components/plain/Typography';
import Button from '../../../components/plain/Button';
import Empty from '../../../components/plain/Empty';
import { Tag } from '../../../components/plain/Tag';
import {
  QUESTION_MAX,
  askQuestion,
  markClarificationsRead,
  useRefreshClarifications,
} from '../../../api/clarifications';
import type { Clarification, ClarificationBoard, ContestProblemItem } from '../../../lib/contract';
import { formatDateTime } from '../../../lib/contestTime';
import AnswerForm from '../../../components/contest/AnswerForm';

interface Props {
  competitionId: number;
  board: ClarificationBoard | null;
  problems: ContestProblemItem[];
  /** The badge: set to the count the server answers after marking read. */
  onRead: (unread: number) => void;
  loggedIn: boolean;
}

/** 答疑: the ask form (participants, while the contest runs) and the list; managers answer inline. */
export default function ClarifyTab({ competitionId, board, problems, onRead, loggedIn }: Props) {
  const refreshBoard = useRefreshClarifications();
  const refresh = () => refreshBoard(competitionId);
  // What is shown while the tab is open is read (a participant's badge goes to 0).
  const shown = board
    ? `${board.clarifications.map((c) => `${c.id}:${c.answer_time}`).join()}|${board.announcements.length}`
    : '';
  useEffect(() => {
    if (!board || board.manager) return;
    markClarificationsRead(competitionId)
      .then((r) => onRead(r.unread))
      .catch(() => undefined);
  }, [shown, competitionId]);

  if (!board) return <Empty description={loggedIn ? '报名参加比赛后可以查看答疑' : '登录后可以查看答疑'} />;
  return (
    <div className="oj-clarify" data-testid="clarify-tab">
      {board.can_ask && <AskForm competitionId={competitionId} problems={problems} onAsked={refresh} />}
      <List
        dataSource={board.clarifications}
        locale={{ emptyText: <Empty description="暂无答疑" /> }}
        renderItem={(c) => (
          <List.Item key={c.id}>
            <ClarificationItem c={c} manager={board.manager} onAnswered={refresh} />
          </List.Item>
        )}
      />
    </div>
  );
}

function AskForm({
  competitionId,
  problems,
  onAsked,
}: {
  competitionId: number;
  problems: ContestProblemItem[];
  onAsked: () => void;
}) {
  const [form] = Form.useForm<{ problem_index: number; question: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async (v: { problem_index: number; question: string }) => {
    setBusy(true);
    try {
      await askQuestion({
        competition_id: competitionId,
        problem_index: v.problem_index < 0 ? null : v.problem_index,
        question: v.question,
      });
      form.resetFields();
      onAsked();
    } catch {
      // the toast says why
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={{ problem_index: -1 }}
      className="oj-clarify-ask"
    >
      <Form.Item name="problem_index" label="关于" style={{ maxWidth: 320 }}>
        <Select
          options={[
            { value: -1, label: '整场比赛' },
            ...problems.map((p) => ({ value: p.index, label: `${p.display_name}. ${p.name}` })),
          ]}
        />
      </Form.Item>
      <Form.Item
        name="question"
        label="问题"
        rules={[{ required: true, whitespace: true, message: '请填写问题' }]}
      >
        <Input.TextArea
          rows={3}
          maxLength={QUESTION_MAX}
          showCount
          placeholder="问题只有管理员能看到；管理员可以选择公开回复"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        提交问题
      </Button>
    </Form>
  );
}

function ClarificationItem({
  c,
  manager,
  onAnswered,
}: {
  c: Clarification;
  manager: boolean;
  onAnswered: () => void;
}) {
  return (
    <div className="oj-clarify-item" data-testid="clarification">
      <Space wrap size={4}>
        <Tag color="blue">{c.problem_name ? `题目 ${c.problem_name}` : '整场比赛'}</Tag>
        {c.answer !== null && (c.public ? <Tag color="green">公开回复</Tag> : <Tag>仅提问者可见</Tag>)}
        {c.mine && <Tag color="gold">我的提问</Tag>}
        {manager && c.asker && <Typography.Text type="secondary">提问者：{c.asker.username}</Typography.Text>}
        <Typography.Text type="secondary">{formatDateTime(c.create_time)}</Typography.Text>
      </Space>
      <div className="oj-clarify-text">问：{c.question}</div>
      {c.answer !== null ? (
        <div className="oj-clarify-text oj-clarify-answer">答：{c.answer}</div>
      ) : (
        <Typography.Text type="warning">等待回复</Typography.Text>
      )}
      {manager && <AnswerForm c={c} onAnswered={onAnswered} />}
    </div>
  );
}
