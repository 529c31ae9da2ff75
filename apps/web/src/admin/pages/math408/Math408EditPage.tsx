import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Radio, Row, Select, Skeleton, Space, Switch } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { QUESTION_TYPE_NAMES, QUESTION_TYPES } from '@oj/shared/data/question-types';
import { LANGUAGES } from '../../../lib/contract';
import { DIFFICULTY_STYLE } from '../../../components/verdicts';
import { notify } from '../../../lib/notify';
import MarkdownEditor from '../problems/MarkdownEditor';
import { addQuestion, getQuestionForEdit, modifyQuestion, useMath408TagGroups } from './api';
import { formFromQuestion, NEW_QUESTION, questionFromForm, type QuestionFormValues } from './form';
import OptionsEditor from './OptionsEditor';
import PairsEditor from './PairsEditor';
import '../../../components/problem.css';
import './math408-admin.css';
import { nameRule } from '../../../lib/nameRule';

/** 新建 / 编辑数学/408 题目: statement with live preview, options and answer, per-type fields. */
export default function Math408EditPage() {
  const { questionId } = useParams();
  const id = questionId ? Number(questionId) : 0;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<QuestionFormValues>();
  const { data: tagGroups = [] } = useMath408TagGroups();
  const existing = useQuery({
    queryKey: ['admin', 'math408', 'question', id],
    queryFn: () => getQuestionForEdit(id),
    enabled: id > 0,
  });
  const [saving, setSaving] = useState(false);
  const [testsTruncated, setTestsTruncated] = useState(false);
  const type = Form.useWatch('type', form) ?? NEW_QUESTION.type;
  const replaceTests = Form.useWatch('replace_tests', form);

  useEffect(() => {
    if (!existing.data) return;
    const { tests_truncated, ...values } = formFromQuestion(existing.data);
    setTestsTruncated(tests_truncated);
    form.setFieldsValue(values);
  }, [existing.data, form]);

  const save = async (values: QuestionFormValues) => {
    setSaving(true);
    try {
      const body = questionFromForm(values, !id);
      if (id) {
        await modifyQuestion({ ...body, question_id: id });
        notify.success('题目已保存');
        await queryClient.invalidateQueries({ queryKey: ['admin', 'math408'] });
      } else {
        const { question_id } = await addQuestion(body);
        notify.success(`题目已创建：${question_id}`);
        navigate(`/math408/${question_id}/edit`, { replace: true });
      }
    } catch {
      // toast shown
    } finally {
      setSaving(false);
    }
  };

  if (id && existing.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (id && existing.isError) return <Alert type="error" showIcon message={`题目 ${id} 不存在或已删除`} />;

  return (
    <Card title={id ? `编辑数学/408 题目 ${id}` : '新建数学/408 题目'} data-testid="admin-math408-edit">
      <Form<QuestionFormValues> form={form} layout="vertical" initialValues={NEW_QUESTION} onFinish={(v) => void save(v)}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请填写标题' }, { max: 200 }, nameRule('标题')]}>
              <Input placeholder="例如：重要极限" data-testid="question-title" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="type" label="题型" extra={id ? '已有作答记录按原题型判分，题型不可修改' : undefined}>
              <Radio.Group
                disabled={id > 0}
                optionType="button"
                options={QUESTION_TYPES.map((t) => ({ value: t, label: QUESTION_TYPE_NAMES[t] }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="content"
          label="题目内容（Markdown，数学公式用 $…$ / $$…$$）"
          rules={[{ required: true, message: '请填写题目内容' }]}
        >
          <MarkdownEditor />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Form.Item name="difficulty" label="难度">
              <Select options={DIFFICULTY_STYLE.map((s, i) => ({ value: i, label: s.name }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={14}>
            <Form.Item name="tags_list" label="标签" rules={[{ type: 'array', max: 20, message: '最多 20 个标签' }]}>
              <Select
                mode="multiple"
                allowClear
                optionFilterProp="label"
                placeholder="选择科目与知识点（可输入筛选）"
                options={tagGroups.map((g) => ({
                  label: g.category_name,
                  title: g.category_name,
                  options: g.tags.map((t) => ({ value: t.tag_id, label: t.tag_name })),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="visible" label="在题库中公开" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>

        {(type === 'single' || type === 'multiple') && <OptionsEditor type={type} />}

        {type === 'short' && (
          <Form.Item
            name="reference_answer"
            label="参考答案（Markdown，作答后显示）"
            rules={[{ required: true, whitespace: true, message: '请填写参考答案' }]}
          >
            <Input.TextArea rows={5} />
          </Form.Item>
        )}

        {type === 'programming' && (
          <>
            <Row gutter={16}>
              <Col xs={12} md={6}>
                <Form.Item name="time_limit" label="时间限制（ms）" rules={[{ required: true, message: '请填写时间限制' }]}>
                  <InputNumber min={100} max={10000} step={100} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={12} md={6}>
                <Form.Item name="memory_limit" label="内存限制（MiB）" rules={[{ required: true, message: '请填写内存限制' }]}>
                  <InputNumber min={16} max={1024} step={16} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
            <PairsEditor name="samples" label="样例（显示在题目页）" max={10} addText="添加样例" />
            {id > 0 && (
              <Form.Item name="replace_tests" valuePropName="checked" style={{ marginBottom: 8 }}>
                <Switch checkedChildren="替换测试数据" unCheckedChildren="保留测试数据" disabled={testsTruncated} />
              </Form.Item>
            )}
            {testsTruncated && (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 12 }}
                message="测试数据较大，此处只显示前一部分，不能在这里修改；可在题目管理中编辑它的隐藏算法题。"
              />
            )}
            <PairsEditor
              name="tests"
              label="测试数据（评测用）"
              max={200}
              addText="添加测试点"
              disabled={id > 0 && !replaceTests}
            />
            <Row gutter={16}>
              <Col xs={24} md={6}>
                <Form.Item name="reference_language" label="参考代码语言">
                  <Select allowClear options={LANGUAGES.map((l) => ({ value: l, label: l }))} />
                </Form.Item>
              </Col>
              <Col xs={24} md={18}>
                <Form.Item name="reference_code" label="参考代码（作答后显示）">
                  <Input.TextArea rows={6} className="oj-mono" />
                </Form.Item>
              </Col>
            </Row>
          </>
        )}

        <Form.Item name="explanation" label="解析（Markdown，作答后显示）">
          <Input.TextArea rows={4} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="save-question">
            {id ? '保存' : '创建题目'}
          </Button>
          <Button onClick={() => navigate('/math408')}>返回列表</Button>
        </Space>
      </Form>
    </Card>
  );
}
