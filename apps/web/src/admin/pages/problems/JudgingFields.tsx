import {
  Button,
  Col,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Upload,
  type FormInstance,
} from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { JudgingFile } from '../../../lib/contract';
import type { ProblemFormValues } from './form';
import { SourceItem } from './ProblemFields';
import { parsePointList, parseTestRanges, subtasksProblem, type SubtaskRow } from './judgingForm';

// The problem editor's 评测类型 part (issue 24): type, file I/O, interactor, grader and scoring.

const TYPE_OPTIONS = [
  { value: 'batch', label: '传统题' },
  { value: 'interactive', label: '交互题' },
  { value: 'output-only', label: '提交答案题' },
];

const FILE_NAME = /^[\w.-]+$/;
const fileNameRule = (what: string) => ({
  validator: (_: unknown, value?: string) =>
    !value
      ? Promise.reject(new Error(`请填写${what}`))
      : FILE_NAME.test(value) && value !== '.' && value !== '..'
        ? Promise.resolve()
        : Promise.reject(new Error(`${what}只能包含字母、数字、下划线、点和减号`)),
});

/** Files kept with the problem (testlib.h, grader sources): uploaded, renamed, removed. */
function FilesEditor({
  value = [],
  onChange,
  testId,
  accept,
}: {
  value?: JudgingFile[];
  onChange?: (files: JudgingFile[]) => void;
  testId: string;
  accept: string;
}) {
  const set = (files: JudgingFile[]) => onChange?.(files);
  return (
    <div data-testid={testId}>
      {value.map((f, i) => (
        <Space key={i} style={{ display: 'flex', marginBottom: 6 }} wrap>
          <Input
            size="small"
            value={f.name}
            style={{ width: 180 }}
            aria-label="文件名"
            onChange={(e) => set(value.map((g, j) => (j === i ? { ...g, name: e.target.value } : g)))}
          />
          <span className="oj-muted">{(f.content.length / 1024).toFixed(1)} KiB</span>
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            onClick={() => set(value.filter((_, j) => j !== i))}
          >
            删除
          </Button>
        </Space>
      ))}
      <Upload
        accept={accept}
        multiple
        showUploadList={false}
        beforeUpload={(file) => {
          void file.text().then((content) => {
            const rest = value.filter((g) => g.name !== file.name);
            set([...rest, { name: file.name, content }]);
          });
          return false;
        }}
      >
        <Button size="small" icon={<UploadOutlined />}>
          上传文件
        </Button>
      </Upload>
    </div>
  );
}

const filesRule = (what: string, required: boolean) => ({
  validator: (_: unknown, files?: JudgingFile[]) => {
    const list = files ?? [];
    if (required && list.length === 0) return Promise.reject(new Error(`${what}至少一个`));
    if (list.length > 10) return Promise.reject(new Error(`${what}最多 10 个`));
    const bad = list.find((f) => !FILE_NAME.test(f.name));
    if (bad) return Promise.reject(new Error(`文件名「${bad.name}」只能包含字母、数字、下划线、点和减号`));
    const big = list.find((f) => f.content.length > 256 * 1024);
    if (big) return Promise.reject(new Error(`文件「${big.name}」超过 256 KiB`));
    const names = new Set(list.map((f) => f.name));
    if (names.size !== list.length) return Promise.reject(new Error('文件名不能重复'));
    return Promise.resolve();
  },
});

/** The subtasks table: points, tests (`1-5,8`), min / sum, dependencies. */
function SubtasksTable({ form }: { form: FormInstance<ProblemFormValues> }) {
  return (
    <Form.List
      name="subtasks"
      rules={[
        {
          validator: async (_, rows?: SubtaskRow[]) => {
            // A row's unreadable tests are shown under that row; here only what concerns the table.
            if ((rows ?? []).some((r) => typeof parseTestRanges(r.tests ?? '') === 'string')) return;
            const problem = subtasksProblem(
              rows ?? [],
              form.getFieldValue('full_score') as number | undefined,
            );
            if (problem) throw new Error(problem);
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <div data-testid="subtasks-table">
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={fields}
            scroll={{ x: 640 }}
            columns={[
              { title: '子任务', width: 64, render: (_, __, i) => i + 1 },
              {
                title: '分值',
                width: 100,
                render: (_, f) => (
                  <Form.Item
                    name={[f.name, 'points']}
                    noStyle
                    rules={[{ required: true, message: '请填写分值' }]}
                  >
                    <InputNumber min={0} max={10000} style={{ width: '100%' }} aria-label="分值" />
                  </Form.Item>
                ),
              },
              {
                title: '测试点',
                render: (_, f) => (
                  <Form.Item
                    name={[f.name, 'tests']}
                    style={{ margin: 0 }}
                    rules={[
                      {
                        validator: (__, v?: string) => {
                          const r = parseTestRanges(v ?? '');
                          return typeof r === 'string' ? Promise.reject(new Error(r)) : Promise.resolve();
                        },
                      },
                    ]}
                  >
                    <Input placeholder="如 1-5,8" aria-label="测试点" />
                  </Form.Item>
                ),
              },
              {
                title: '计分',
                width: 110,
                render: (_, f) => (
                  <Form.Item name={[f.name, 'scoring']} noStyle>
                    <Select
                      aria-label="计分"
                      options={[
                        { value: 'min', label: '取最低' },
                        { value: 'sum', label: '按测试点累加' },
                      ]}
                    />
                  </Form.Item>
                ),
              },
              {
                title: '依赖子任务',
                width: 120,
                render: (_, f) => (
                  <Form.Item name={[f.name, 'dependencies']} noStyle>
                    <Input placeholder="如 1,2" aria-label="依赖子任务" />
                  </Form.Item>
                ),
              },
              {
                title: '',
                width: 48,
                render: (_, f) => (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label="删除子任务"
                    onClick={() => remove(f.name)}
                  />
                ),
              },
            ]}
          />
          <Button
            size="small"
            icon={<PlusOutlined />}
            style={{ marginTop: 8 }}
            data-testid="add-subtask"
            onClick={() => add({ points: 0, tests: '', scoring: 'min', dependencies: '' })}
          >
            添加子任务
          </Button>
          <Form.ErrorList errors={errors} />
        </div>
      )}
    </Form.List>
  );
}

/** 题目类型, 文件输入输出, 交互程序, 评测程序（grader）, 计分方式. */
export default function JudgingFields({ form }: { form: FormInstance<ProblemFormValues> }) {
  const type = Form.useWatch('judging_type', form) ?? 'batch';
  const fileIo = Form.useWatch('file_io_enabled', form);
  const grader = Form.useWatch('grader_enabled', form);
  const mode = Form.useWatch('scoring_mode', form) ?? 'off';
  return (
    <div data-testid="judging-fields">
      <Form.Item
        name="judging_type"
        label="题目类型"
        tooltip="传统题：程序读入输入、写出输出；交互题：程序与交互程序对话；提交答案题：选手直接提交每个测试点的输出文件"
      >
        <Radio.Group data-testid="judging-type" options={TYPE_OPTIONS} optionType="button" />
      </Form.Item>
      {type === 'batch' && (
        <Row gutter={16}>
          <Col xs={24} md={6}>
            <Form.Item
              name="file_io_enabled"
              label="文件输入输出"
              valuePropName="checked"
              tooltip="NOI 风格：程序从输入文件读入、向输出文件写出，标准输出被忽略"
            >
              <Switch data-testid="file-io" />
            </Form.Item>
          </Col>
          {fileIo && (
            <>
              <Col xs={12} md={9}>
                <Form.Item name="file_io_input" label="输入文件名" rules={[fileNameRule('输入文件名')]}>
                  <Input placeholder="例如 sum.in" data-testid="file-io-input" />
                </Form.Item>
              </Col>
              <Col xs={12} md={9}>
                <Form.Item
                  name="file_io_output"
                  label="输出文件名"
                  dependencies={['file_io_input']}
                  rules={[
                    fileNameRule('输出文件名'),
                    ({ getFieldValue }) => ({
                      validator: (_, v?: string) =>
                        v && v === getFieldValue('file_io_input')
                          ? Promise.reject(new Error('输入文件名与输出文件名不能相同'))
                          : Promise.resolve(),
                    }),
                  ]}
                >
                  <Input placeholder="例如 sum.out" data-testid="file-io-output" />
                </Form.Item>
              </Col>
            </>
          )}
        </Row>
      )}
      {type === 'interactive' && (
        <>
          <Form.Item
            name="interactor_protocol"
            label="交互程序协议"
            tooltip="testlib：registerInteraction，interactor 输入 tout 答案；Kattis：交互式输出校验器，返回 42 为正确、43 为错误"
          >
            <Radio.Group
              data-testid="interactor-protocol"
              options={[
                { value: 'testlib', label: 'testlib' },
                { value: 'kattis', label: 'Kattis' },
              ]}
            />
          </Form.Item>
          <SourceItem
            name="interactor_source"
            label="交互程序源代码（C++）"
            required="交互题需要交互程序，请上传或粘贴源代码"
            file="interactor.cpp"
            testId="interactor-source"
          />
          <Form.Item
            name="interactor_files"
            label="交互程序的附加文件"
            tooltip="随交互程序一起编译，例如题目包自带的 testlib.h"
            rules={[filesRule('交互程序的附加文件', false)]}
          >
            <FilesEditor testId="interactor-files" accept=".h,.hpp,.cpp,.cc" />
          </Form.Item>
        </>
      )}
      {type !== 'output-only' && (
        <Row gutter={16}>
          <Col xs={24} md={6}>
            <Form.Item
              name="grader_enabled"
              label="评测程序（grader）"
              valuePropName="checked"
              tooltip="选手只实现函数，与 grader 文件一起编译；只支持 C 和 C++ 提交"
            >
              <Switch data-testid="grader" />
            </Form.Item>
          </Col>
          {grader && (
            <>
              <Col xs={12} md={9}>
                <Form.Item
                  name="grader_submission_name"
                  label="选手程序文件名"
                  tooltip="grader 期望的选手文件名；留空为 main.c / main.cpp"
                  rules={[
                    { pattern: FILE_NAME, message: '选手程序文件名只能包含字母、数字、下划线、点和减号' },
                  ]}
                >
                  <Input placeholder="默认 main.cpp" data-testid="grader-submission-name" />
                </Form.Item>
              </Col>
              <Col xs={12} md={9}>
                <Form.Item
                  name="grader_includes_submission"
                  label="grader 包含选手程序"
                  valuePropName="checked"
                  tooltip="grader 源文件 #include 选手程序，选手程序不再单独编译"
                >
                  <Switch data-testid="grader-includes" />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item
                  name="grader_files"
                  label="grader 文件"
                  extra="头文件（.h）会展示给选手下载；源文件只有管理员可见"
                  rules={[filesRule('评测程序（grader）文件', true)]}
                >
                  <FilesEditor testId="grader-files" accept=".h,.hpp,.c,.cpp,.cc,.cxx" />
                </Form.Item>
              </Col>
            </>
          )}
        </Row>
      )}
      <Form.Item name="scoring_mode" label="计分方式">
        <Radio.Group
          data-testid="scoring-mode"
          options={[
            { value: 'off', label: '全部通过才得分' },
            { value: 'tests', label: '按测试点' },
            { value: 'subtasks', label: '按子任务' },
          ]}
        />
      </Form.Item>
      {mode !== 'off' && (
        <Form.Item
          name="full_score"
          label="满分"
          tooltip={mode === 'subtasks' ? '留空为子任务分值之和' : '留空为 100（或各测试点分值之和）'}
        >
          <InputNumber min={1} max={10000} style={{ width: 160 }} data-testid="full-score" />
        </Form.Item>
      )}
      {mode === 'tests' && (
        <Form.Item
          name="test_points"
          label="每个测试点的分值"
          extra="按测试点顺序填写，用空格或逗号分隔；没有写分值的测试点平分剩余的分数；全部留空则平分满分"
          rules={[
            {
              validator: (_, v?: string) => {
                const r = parsePointList(v ?? '');
                return typeof r === 'string' ? Promise.reject(new Error(r)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input placeholder="例如 10 10 20 20 40" data-testid="test-points" />
        </Form.Item>
      )}
      {mode === 'subtasks' && (
        <Form.Item
          label="子任务"
          extra="测试点编号从 1 开始（按测试数据顺序），写作 1-5,8；取最低：分值 × 子任务内最低得分比例；按测试点累加：分值平分到各测试点；依赖的子任务未满分时本子任务不得分"
        >
          <SubtasksTable form={form} />
        </Form.Item>
      )}
      <Form.Item name="judging_loaded" hidden noStyle />
    </div>
  );
}
