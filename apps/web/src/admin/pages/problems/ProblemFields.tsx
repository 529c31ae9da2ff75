import { Button, Col, Form, Input, InputNumber, Select, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { TagsPlusCategory } from '../../../lib/contract';
import { DIFFICULTY_STYLE } from '../../../components/verdicts';
import MarkdownEditor from './MarkdownEditor';

// The fields the problem editor and the math / 408 question editor share (the judged part of a
// programming question is a problem's): same names, same rules, the judge's limits.

/** 题目描述 / 题目内容: markdown with a live preview, required. */
export function StatementItem({ name, noun }: { name: string; noun: string }) {
  return (
    <Form.Item
      name={name}
      label={`${noun}（Markdown，数学公式用 $…$ / $$…$$）`}
      rules={[{ required: true, message: `请填写${noun}` }]}
    >
      <MarkdownEditor />
    </Form.Item>
  );
}

const DIFFICULTY_OPTIONS = DIFFICULTY_STYLE.map((s, i) => ({ value: i, label: s.name }));

export function DifficultyItem() {
  return (
    <Form.Item name="difficulty" label="难度">
      <Select options={DIFFICULTY_OPTIONS} />
    </Form.Item>
  );
}

/** 标签: at most 20, chosen from the bank's categories (typing filters). */
export function TagsItem({ groups, placeholder }: { groups: TagsPlusCategory; placeholder: string }) {
  return (
    <Form.Item name="tags_list" label="标签" rules={[{ type: 'array', max: 20, message: '最多 20 个标签' }]}>
      <Select
        mode="multiple"
        allowClear
        optionFilterProp="label"
        placeholder={placeholder}
        options={groups.map((g) => ({
          label: g.category_name,
          title: g.category_name,
          options: g.tags.map((t) => ({ value: t.tag_id, label: t.tag_name })),
        }))}
      />
    </Form.Item>
  );
}

/** 时间限制 and 内存限制 as two columns of the caller's row, within the judge's bounds. */
export function LimitCols() {
  return (
    <>
      <Col xs={12} md={6}>
        <Form.Item
          name="time_limit"
          label="时间限制（ms）"
          rules={[{ required: true, message: '请填写时间限制' }]}
        >
          <InputNumber min={100} max={10000} step={100} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item
          name="memory_limit"
          label="内存限制（MiB）"
          rules={[{ required: true, message: '请填写内存限制' }]}
        >
          <InputNumber min={16} max={1024} step={16} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
    </>
  );
}

/** 保存 (创建题目 for a new one) and 返回列表. */
export function EditActions({
  id,
  saving,
  testId,
  back,
}: {
  id: number;
  saving: boolean;
  testId: string;
  back: string;
}) {
  const navigate = useNavigate();
  return (
    <Space>
      <Button type="primary" htmlType="submit" loading={saving} data-testid={testId}>
        {id ? '保存' : '创建题目'}
      </Button>
      <Button onClick={() => navigate(back)}>返回列表</Button>
    </Space>
  );
}

/** A C++ source of the jury (checker, interactor): pasted, or read from a file into the field. */
export function SourceItem(props: {
  name: string;
  label: string;
  required: string;
  file: string;
  testId?: string;
}) {
  const form = Form.useFormInstance();
  return (
    <Form.Item
      name={props.name}
      label={props.label}
      rules={[{ required: true, message: props.required }]}
      extra={
        <Upload
          accept=".cpp,.cc,.cxx"
          showUploadList={false}
          beforeUpload={(f) => {
            void f.text().then((text) => form.setFieldValue(props.name, text));
            return false;
          }}
        >
          <Button size="small" icon={<UploadOutlined />} style={{ marginTop: 6 }}>
            上传 {props.file}
          </Button>
        </Upload>
      }
    >
      <Input.TextArea rows={8} className="oj-mono" data-testid={props.testId} />
    </Form.Item>
  );
}
