import { useState } from 'react';
import { Alert, Form, Input, List, Space } from 'antd';
import Card from '../../../components/plain/Card';
import Result from '../../../components/plain/Result';
import Button from '../../../components/plain/Button';
import { Tag } from '../../../components/plain/Tag';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { Navigate, useNavigate, useParams } from 'react-router';
import { addUserCompetition } from '../../../api/competitions';
import ContestInfoFields, { type InfoFormValues } from '../../../components/contest/ContestInfoFields';
import { COMPETITION_LIMIT_VALUES } from '../../../lib/contestLimits';
import { COMPETITION_TYPE_NAMES } from './types';
import { letterOf } from '../../../lib/contestProblems';
import QuestionPicker from './QuestionPicker';
import ClassesField from '../../../components/contest/ClassesField';
import { useMyClasses } from '../../../api/classes';
import { defaultRange } from './defaults';
import '../shared/competition.css';

interface Picked {
  question_id: number;
  /** The question's own title. */
  name: string;
  /** The title shown in the contest; '' = the question's own. */
  title: string;
}

const move = (list: Picked[], from: number, to: number) => {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
};

/**
 * /competition/user/add/2 (math) and /3 (408): the basic information, then questions picked from
 * the bank (search and filters, only the contest's own subject), in order, with their titles.
 */
export default function OtherKindPage() {
  const { kind } = useParams();
  const type = Number(kind);
  const navigate = useNavigate();
  const [form] = Form.useForm<InfoFormValues & { class_ids?: number[] }>();
  // 限定班级 (班级比赛): the classes the user teaches or assists; hidden when none.
  const mine = useMyClasses();
  const managed = (mine.data ?? [])
    .filter((c) => c.my_role === 'teacher' || c.my_role === 'ta')
    .map((c) => ({ value: c.class_id, label: c.name }));
  const [picked, setPicked] = useState<Picked[]>([]);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [initial] = useState<Partial<InfoFormValues>>(() => ({ range: defaultRange() }));
  if (type !== 2 && type !== 3) return <Navigate to="/competition/user/add/1/info" replace />;
  const typeName = COMPETITION_TYPE_NAMES[type];
  const full = picked.length >= COMPETITION_LIMIT_VALUES.problemsMax;

  const create = async (v: InfoFormValues & { class_ids?: number[] }) => {
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
        class_ids: v.class_ids ?? [],
        problems: picked.map((p) => ({ problem_id: p.question_id, title: p.title.trim() || undefined })),
      });
      setCreatedId(competition_id);
    } catch {
      // toast shown by the client (it names the question of the wrong subject, for one)
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
            extra={
              <Button
                type="primary"
                onClick={() => navigate(`/competition/${createdId}`)}
                data-testid="open-created"
              >
                进入比赛
              </Button>
            }
          />
        </Card>
      </div>
    );

  return (
    <div className="oj-wizard" data-testid="other-kind-page">
      <Card title={`创建${typeName}比赛`}>
        <Form<InfoFormValues & { class_ids?: number[] }>
          form={form}
          layout="vertical"
          initialValues={initial}
          onFinish={(v) => void create(v)}
        >
          <ContestInfoFields withFreeze={false} />
          <ClassesField options={managed} />
          <Form.Item label={`选择${typeName}题目`} required>
            <QuestionPicker
              subject={type === 2 ? 'math' : '408'}
              pickedIds={new Set(picked.map((p) => p.question_id))}
              full={full}
              onPick={(q) =>
                setPicked((list) => [...list, { question_id: q.question_id, name: q.title, title: '' }])
              }
            />
          </Form.Item>
          <Form.Item label={`已选题目（${picked.length} / ${COMPETITION_LIMIT_VALUES.problemsMax}）`}>
            <List
              size="small"
              bordered
              dataSource={picked}
              locale={{ emptyText: '还没有添加题目：在上面的列表中点击“添加”' }}
              data-testid="picked-questions"
              renderItem={(p, i) => (
                <List.Item
                  actions={[
                    <Button
                      key="up"
                      size="small"
                      icon={<ArrowUpOutlined />}
                      disabled={i === 0}
                      onClick={() => setPicked(move(picked, i, i - 1))}
                      aria-label="上移"
                    />,
                    <Button
                      key="down"
                      size="small"
                      icon={<ArrowDownOutlined />}
                      disabled={i === picked.length - 1}
                      onClick={() => setPicked(move(picked, i, i + 1))}
                      aria-label="下移"
                    />,
                    <Button
                      key="del"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => setPicked(picked.filter((x) => x !== p))}
                      aria-label="移除"
                    />,
                  ]}
                >
                  <Space wrap style={{ width: '100%' }}>
                    <Tag color="blue">{letterOf(i)}</Tag>
                    <Input
                      size="small"
                      value={p.title}
                      placeholder={p.name}
                      maxLength={COMPETITION_LIMIT_VALUES.problemTitleMax}
                      onChange={(e) =>
                        setPicked(picked.map((x) => (x === p ? { ...x, title: e.target.value } : x)))
                      }
                      aria-label={`${letterOf(i)} 题的显示标题`}
                      style={{ width: 240, maxWidth: '100%' }}
                    />
                    <span style={{ color: '#8c8c8c' }}>#{p.question_id}</span>
                  </Space>
                </List.Item>
              )}
            />
          </Form.Item>
          {!picked.length && <Alert type="info" message="至少需要一道题" style={{ marginBottom: 12 }} />}
          <Button
            type="primary"
            htmlType="submit"
            loading={busy}
            disabled={!picked.length}
            data-testid="other-kind-create"
          >
            创建比赛
          </Button>
        </Form>
      </Card>
    </div>
  );
}
