import { useState } from 'react';
import { Alert, Button, Card, Form, InputNumber, List, Result, Space } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { Navigate, useNavigate, useParams } from 'react-router';
import { getQuestion } from '../../../api/problems';
import { addUserCompetition } from '../../../api/competitions';
import ContestInfoFields, { type InfoFormValues } from './ContestInfoFields';
import { COMPETITION_LIMIT_VALUES } from './limits';
import { COMPETITION_TYPE_NAMES } from './types';
import { letterOf } from './wizardStore';
import '../shared/competition.css';

interface Picked {
  question_id: number;
  title: string;
}

/** /competition/user/add/2 (math) and /3 (408): one page, the basic information plus questions by number. */
export default function OtherKindPage() {
  const { kind } = useParams();
  const type = Number(kind);
  const navigate = useNavigate();
  const [form] = Form.useForm<InfoFormValues>();
  const [picked, setPicked] = useState<Picked[]>([]);
  const [questionId, setQuestionId] = useState<number | null>(null);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  if (type !== 2 && type !== 3) return <Navigate to="/competition/user/add/1/info" replace />;
  const typeName = COMPETITION_TYPE_NAMES[type];

  const addQuestion = async () => {
    if (!questionId || picked.some((p) => p.question_id === questionId)) return;
    try {
      const q = await getQuestion(questionId);
      setPicked((list) => [...list, { question_id: q.question_id, title: q.title }]);
      setQuestionId(null);
    } catch {
      // the client says the question does not exist
    }
  };
  const create = async (v: InfoFormValues) => {
    setBusy(true);
    try {
      const { competition_id } = await addUserCompetition({
        name: v.name.trim(),
        description: v.description ?? '',
        type: type as 2 | 3,
        start_time: v.range[0].toISOString(),
        end_time: v.range[1].toISOString(),
        password: v.password || undefined,
        freeze_minutes: 0,
        problems: picked.map((p, i) => ({ problem_id: p.question_id, display_name: letterOf(i) })),
      });
      setCreatedId(competition_id);
    } catch {
      // toast shown by the client
    } finally {
      setBusy(false);
    }
  };

  if (createdId !== null)
    return (
      <div className="oj-wizard">
        <Card>
          <Result
            status="success"
            title={`${typeName}比赛创建成功`}
            extra={<Button type="primary" onClick={() => navigate(`/competition/${createdId}`)}>进入比赛</Button>}
          />
        </Card>
      </div>
    );

  return (
    <div className="oj-wizard" data-testid="other-kind-page">
      <Card title={`创建${typeName}比赛`}>
        <Form<InfoFormValues> form={form} layout="vertical" onFinish={(v) => void create(v)}>
          <ContestInfoFields withFreeze={false} />
          <Form.Item label={`${typeName}题目`} required>
            <Space>
              <InputNumber min={1} precision={0} value={questionId} onChange={setQuestionId} placeholder="题目编号" style={{ width: 160 }} />
              <Button onClick={() => void addQuestion()} disabled={picked.length >= COMPETITION_LIMIT_VALUES.problemsMax}>
                添加题目
              </Button>
            </Space>
            <List
              style={{ marginTop: 8 }}
              size="small"
              bordered
              dataSource={picked}
              locale={{ emptyText: '还没有添加题目' }}
              renderItem={(p, i) => (
                <List.Item actions={[<Button key="del" size="small" danger icon={<DeleteOutlined />} onClick={() => setPicked(picked.filter((x) => x !== p))} aria-label="移除" />]}>
                  {letterOf(i)}. {p.title}（#{p.question_id}）
                </List.Item>
              )}
            />
          </Form.Item>
          {!picked.length && <Alert type="info" message="至少需要一道题" style={{ marginBottom: 12 }} />}
          <Button type="primary" htmlType="submit" loading={busy} disabled={!picked.length}>
            创建比赛
          </Button>
        </Form>
      </Card>
    </div>
  );
}
