import {
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Radio,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
} from 'antd';
import { RedoOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { modifyProblemGated } from '../../../api/jury';
import { useForcePublishConfirm } from '../problem-verify/useForcePublish';
import {
  addProblem,
  modifyProblem,
  rejudge,
  useProblemForEdit,
  useRefreshAdminBank,
  useTagGroups,
} from '../../../api/problems';
import { SOURCE_NAMES } from '../../../components/verdicts';
import { notify } from '../../../lib/notify';
import {
  LANGUAGES,
  Role,
  TEST_VISIBILITIES,
  TEST_VISIBILITY_LABELS,
  type TestVisibility,
} from '../../../lib/contract';
import { useUserStore } from '../../../stores/user';
import { useAuthoredClassProblems } from '../../../api/class-problems';
import { useEditId, useEditPage } from '../../useEditPage';
import { formFromProblem, NEW_PROBLEM, problemFromForm, type ProblemFormValues } from './form';
import PairsEditor from '../math408/PairsEditor';
import { DifficultyItem, EditActions, LimitCols, SourceItem, StatementItem, TagsItem } from './ProblemFields';
import TestDataPanel from './TestDataPanel';
import JudgingFields from './JudgingFields';
import '../../../components/problem.css';
import { nameRule } from '../../../lib/nameRule';

/** What each test visibility shows to solvers (issue 22); admins and the author always see everything. */
const TEST_VISIBILITY_HELP: Record<TestVisibility, string> = {
  samples: '与题面样例相同的测试点显示输入、期望输出和评测信息；其余测试点只显示结果、用时和内存',
  all: '所有测试点都显示输入、期望输出和评测信息（提交者可能借此推出全部测试数据）',
  verdict: '所有测试点（包括样例）只显示结果、用时和内存',
};

/** 新建 / 编辑题目: every field of the problem contract, a markdown editor with live preview, test data. */
export default function ProblemEditPage() {
  const id = useEditId('problemId');
  const [form] = Form.useForm<ProblemFormValues>();
  const { data: tagGroups = [] } = useTagGroups();
  const existing = useProblemForEdit(id);
  const navigate = useNavigate();
  const [confirmForce, forceHolder] = useForcePublishConfirm();
  const refreshBank = useRefreshAdminBank();
  const { saving, save } = useEditPage({
    id,
    form,
    stored: existing.data,
    toValues: formFromProblem,
    // Publishing goes through the validation gate (题目验证): a refusal asks whether to force it.
    modify: (v) =>
      modifyProblemGated(
        { ...problemFromForm(v), problem_id: id } as Parameters<typeof modifyProblem>[0],
        confirmForce,
      ),
    create: async (v) => (await addProblem(problemFromForm(v))).problem_id,
    refresh: refreshBank,
    saved: '题目已保存',
    created: (newId) => ({
      message: `题目已创建：${newId}，请上传测试数据`,
      path: `/problems/${newId}/edit`,
    }),
  });
  const checkerKind = Form.useWatch('checker_kind', form);
  const checkerFiles = Form.useWatch('checker_files', form);
  const testVisibility = Form.useWatch('test_visibility', form) ?? 'samples';
  // A teacher (issue 27 part 3) writes class problems: classes chosen, never published, no rejudging.
  const teacherOnly = useUserStore((st) => st.user.role !== Role.Admin);
  const classProblem = teacherOnly || Boolean(existing.data?.class_problem);
  const classChoices = useAuthoredClassProblems(teacherOnly && !id);
  const [params] = useSearchParams();
  const presetClass = Number(params.get('class_id')) || undefined;

  const rejudgeAll = async () => {
    try {
      const r = await rejudge({ problem_id: id });
      notify.success(`已重新加入评测队列：${r.count} 个提交`);
    } catch {
      // toast shown
    }
  };

  if (id && existing.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="admin-problem-edit">
      <Card
        title={id ? `编辑题目 ${id}` : '新建题目'}
        extra={
          id ? (
            <Space size={8} wrap>
              <Button
                icon={<SafetyCertificateOutlined />}
                onClick={() => navigate(`/problems/${id}/verify`)}
                data-testid="open-verify"
              >
                题目验证
              </Button>
              {!teacherOnly && (
                <Popconfirm
                  title="重新评测这道题的全部提交？"
                  okText="重判"
                  cancelText="取消"
                  onConfirm={() => void rejudgeAll()}
                >
                  <Button icon={<RedoOutlined />}>重判全部提交</Button>
                </Popconfirm>
              )}
            </Space>
          ) : null
        }
      >
        <Form<ProblemFormValues>
          form={form}
          layout="vertical"
          initialValues={
            teacherOnly
              ? { ...NEW_PROBLEM, visible: false, class_ids: presetClass ? [presetClass] : [] }
              : NEW_PROBLEM
          }
          onFinish={save}
        >
          {teacherOnly && !id && (
            <Form.Item
              name="class_ids"
              label="班级"
              tooltip="班级题目只对所选班级的成员可见"
              rules={[{ required: true, type: 'array', min: 1, message: '请选择至少一个班级' }]}
            >
              <Select
                mode="multiple"
                placeholder="选择你任教或担任助教的班级"
                loading={classChoices.isLoading}
                options={(classChoices.data?.classes ?? []).map((c) => ({
                  value: c.class_id,
                  label: c.name,
                }))}
                data-testid="problem-classes"
              />
            </Form.Item>
          )}
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="chinese_name"
                label="中文名称"
                rules={[{ required: true, message: '请填写中文名称' }, { max: 100 }, nameRule('中文名称')]}
              >
                <Input placeholder="例如：A+B 问题" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="english_name" label="英文名称" rules={[{ max: 100 }, nameRule('英文名称')]}>
                <Input placeholder="例如：A+B Problem" />
              </Form.Item>
            </Col>
          </Row>
          <StatementItem name="description" noun="题目描述" />
          <Row gutter={16}>
            <Col xs={12} md={6}>
              <DifficultyItem />
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="source_name" label="来源">
                <Select options={Object.entries(SOURCE_NAMES).map(([value, label]) => ({ value, label }))} />
              </Form.Item>
            </Col>
            <LimitCols />
            <Col xs={12} md={6}>
              <Form.Item
                name="output_limit_mib"
                label="输出限制（MiB）"
                tooltip="每个测试点程序最多输出的字节数，超出判为输出超限（OLE）"
                rules={[{ required: true, message: '请填写输出限制' }]}
              >
                <InputNumber
                  min={1}
                  max={128}
                  step={1}
                  style={{ width: '100%' }}
                  data-testid="output-limit"
                />
              </Form.Item>
            </Col>
          </Row>
          <TagsItem groups={tagGroups} placeholder="选择标签（可输入筛选）" />
          <Form.Item
            name="languages"
            label="可用语言"
            tooltip="只允许用这些语言提交（例如带 grader 的题只收 C 和 C++）；不选则本站启用的语言都可以"
          >
            <Select
              mode="multiple"
              allowClear
              placeholder="不限（本站启用的全部语言）"
              options={LANGUAGES.map((l) => ({ value: l, label: l }))}
              data-testid="problem-languages"
            />
          </Form.Item>
          <PairsEditor name="samples" label="样例" max={10} addText="添加样例" rows={3} />
          <Row gutter={16}>
            <Col xs={24} md={10}>
              <Form.Item name="checker_kind" label="评测方式">
                <Radio.Group
                  options={[
                    { value: 'default', label: '逐行比较' },
                    { value: 'float', label: '浮点误差' },
                    { value: 'special', label: '特判（自定义校验器）' },
                  ]}
                />
              </Form.Item>
            </Col>
            {checkerKind === 'float' && (
              <Col xs={12} md={6}>
                <Form.Item
                  name="tolerance"
                  label="允许误差"
                  rules={[{ required: true, message: '请填写允许误差' }]}
                >
                  <InputNumber min={0} max={1} step={1e-6} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            )}
            {checkerKind !== 'special' && (
              <Col xs={12} md={4}>
                <Form.Item
                  name="case_insensitive"
                  label="忽略大小写"
                  valuePropName="checked"
                  tooltip="开启后比较答案时不区分英文字母大小写（YES 与 yes 相同），如 Kattis、DOMjudge 的默认比较"
                >
                  <Switch data-testid="case-insensitive" />
                </Form.Item>
              </Col>
            )}
            {classProblem ? (
              <Form.Item name="visible" hidden noStyle valuePropName="checked">
                <Switch />
              </Form.Item>
            ) : (
              <Col xs={12} md={4}>
                <Form.Item name="visible" label="对用户可见" valuePropName="checked">
                  <Switch />
                </Form.Item>
              </Col>
            )}
            <Col xs={12} md={4}>
              <Form.Item
                name="stop_at_first_failure"
                label="遇错即停"
                valuePropName="checked"
                tooltip="开启：遇到第一个未通过的测试点即停止评测，结果更快（ICPC 赛制）；关闭：评测全部测试点，显示每个测试点的结果"
              >
                <Switch data-testid="stop-at-first-failure" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="test_visibility"
            label="测试点详情"
            tooltip="提交者在评测记录中能看到每个测试点的哪些内容；管理员和出题人始终能看到全部详情"
            extra={TEST_VISIBILITY_HELP[testVisibility]}
          >
            <Radio.Group
              data-testid="test-visibility"
              options={TEST_VISIBILITIES.map((v) => ({ value: v, label: TEST_VISIBILITY_LABELS[v] }))}
            />
          </Form.Item>
          {checkerKind === 'special' && (
            <Form.Item
              name="checker_protocol"
              label="评测器协议"
              tooltip="testlib：checker 输入 输出 答案，返回 0 为正确；Kattis：输出校验器（Kattis / ICPC 题目包），返回 42 为正确、43 为错误"
              extra={
                checkerFiles?.length
                  ? `随评测器一起编译的文件：${checkerFiles.map((f) => f.name).join('、')}`
                  : undefined
              }
            >
              <Radio.Group
                data-testid="checker-protocol"
                options={[
                  { value: 'testlib', label: 'testlib' },
                  { value: 'kattis', label: 'Kattis 输出校验器' },
                ]}
              />
            </Form.Item>
          )}
          {checkerKind === 'special' && (
            <SourceItem
              name="checker_source"
              label="特判程序源代码（C++）"
              required="请上传或粘贴特判程序源代码"
              file="checker.cpp"
            />
          )}
          {/* Not edited here, but sent back as loaded (an imported package's testlib.h). */}
          <Form.Item name="checker_files" hidden noStyle />
          <JudgingFields form={form} />
          <EditActions id={id} saving={saving} testId="save-problem" back="/problems" />
        </Form>
      </Card>
      {id > 0 && <TestDataPanel problemId={id} />}
      {forceHolder}
    </Space>
  );
}
