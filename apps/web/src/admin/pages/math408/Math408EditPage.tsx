import { Alert, Card, Col, Form, Input, Radio, Row, Select, Skeleton, Switch } from 'antd';
import { QUESTION_TYPE_NAMES, QUESTION_TYPES } from '@oj/shared/data/question-types';
import { LANGUAGES } from '../../../lib/contract';
import {
  addQuestion,
  modifyQuestion,
  useMath408TagGroups,
  useQuestionForEdit,
  useRefreshAdminQuestions,
} from '../../../api/math408';
import { useEditId, useEditPage } from '../../useEditPage';
import { DifficultyItem, EditActions, LimitCols, StatementItem, TagsItem } from '../problems/ProblemFields';
import { formFromQuestion, NEW_QUESTION, questionFromForm, testsTruncated, type QuestionFormValues } from './form';
import OptionsEditor from './OptionsEditor';
import PairsEditor from './PairsEditor';
import '../../../components/problem.css';
import './math408-admin.css';
import { nameRule } from '../../../lib/nameRule';

/** 新建 / 编辑数学/408 题目: statement with live preview, options and answer, per-type fields. */
export default function Math408EditPage() {
  const id = useEditId('questionId');
  const [form] = Form.useForm<QuestionFormValues>();
  const { data: tagGroups = [] } = useMath408TagGroups();
  const existing = useQuestionForEdit(id);
  const refreshQuestions = useRefreshAdminQuestions();
  const { saving, save } = useEditPage({
    id,
    form,
    stored: existing.data,
    toValues: (q) => {
      const { tests_truncated: _truncated, ...values } = formFromQuestion(q);
      return values;
    },
    modify: (v) => modifyQuestion({ ...questionFromForm(v, false), question_id: id }),
    create: async (v) => (await addQuestion(questionFromForm(v, true))).question_id,
    refresh: refreshQuestions,
    saved: '题目已保存',
    created: (newId) => ({ message: `题目已创建：${newId}`, path: `/math408/${newId}/edit` }),
  });
  const truncated = existing.data ? testsTruncated(existing.data) : false;
  const type = Form.useWatch('type', form) ?? NEW_QUESTION.type;
  const replaceTests = Form.useWatch('replace_tests', form);

  if (id && existing.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (id && existing.isError) return <Alert type="error" showIcon message={`题目 ${id} 不存在或已删除`} />;

  return (
    <Card title={id ? `编辑数学/408 题目 ${id}` : '新建数学/408 题目'} data-testid="admin-math408-edit">
      <Form<QuestionFormValues> form={form} layout="vertical" initialValues={NEW_QUESTION} onFinish={save}>
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
        <StatementItem name="content" noun="题目内容" />
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <DifficultyItem />
          </Col>
          <Col xs={24} md={14}>
            <TagsItem groups={tagGroups} placeholder="选择科目与知识点（可输入筛选）" />
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
              <LimitCols />
            </Row>
            <PairsEditor name="samples" label="样例（显示在题目页）" max={10} addText="添加样例" />
            {id > 0 && (
              <Form.Item name="replace_tests" valuePropName="checked" style={{ marginBottom: 8 }}>
                <Switch checkedChildren="替换测试数据" unCheckedChildren="保留测试数据" disabled={truncated} />
              </Form.Item>
            )}
            {truncated && (
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
        <EditActions id={id} saving={saving} testId="save-question" back="/math408" />
      </Form>
    </Card>
  );
}
