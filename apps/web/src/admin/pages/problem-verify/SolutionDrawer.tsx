import { useEffect, useState } from 'react';
import { Button, Drawer, Form, Input, Select, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import CodeEditor from '../../../components/CodeEditor';
import { addJurySolution, modifyJurySolution } from '../../../api/jury';
import {
  EXPECTABLE_VERDICTS,
  EXPECTED_VERDICT_LABELS,
  JURY_LIMITS,
  LANGUAGES,
  juryLanguageOf,
  type ExpectableVerdict,
  type JurySolution,
  type Language,
} from '../../../lib/contract';
import { notify } from '../../../lib/notify';

interface Values {
  name: string;
  language: Language;
  expected: ExpectableVerdict[];
  source: string;
}

const EMPTY: Values = { name: '', language: 'C++', expected: ['AC'], source: '' };

/** Adds or edits one jury solution: name, language, the verdicts it should get, its code. */
export default function SolutionDrawer({
  problemId,
  editing,
  onClose,
  onSaved,
}: {
  problemId: number;
  /** The solution being edited, `new` for a new one, null when closed. */
  editing: JurySolution | 'new' | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const language = Form.useWatch('language', form) ?? 'C++';

  useEffect(() => {
    if (editing === null) return;
    form.setFieldsValue(
      editing === 'new'
        ? EMPTY
        : {
            name: editing.name,
            language: editing.language,
            expected: editing.expected,
            source: editing.source,
          },
    );
  }, [editing, form]);

  const save = async (values: Values) => {
    setSaving(true);
    try {
      if (editing === 'new') await addJurySolution(problemId, values);
      else if (editing) await modifyJurySolution(editing.solution_id, values);
      notify.success(editing === 'new' ? '解法已添加，正在评测' : '解法已保存，正在重新评测');
      onClose();
      await onSaved();
    } catch {
      // toast shown
    } finally {
      setSaving(false);
    }
  };

  const fromFile = async (file: File) => {
    const lang = juryLanguageOf(file.name);
    form.setFieldsValue({
      source: await file.text(),
      ...(form.getFieldValue('name') ? {} : { name: file.name.slice(0, JURY_LIMITS.nameMax) }),
      ...(lang ? { language: lang } : {}),
    });
  };

  return (
    <Drawer
      title={editing === 'new' ? '添加解法' : '编辑解法'}
      size="min(760px, 100vw)"
      open={editing !== null}
      onClose={onClose}
      extra={
        <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="save-solution">
          保存并评测
        </Button>
      }
    >
      <Form<Values> form={form} layout="vertical" initialValues={EMPTY} onFinish={(v) => void save(v)}>
        <Form.Item
          name="name"
          label="解法名称"
          rules={[
            { required: true, message: '请填写解法名称' },
            { max: JURY_LIMITS.nameMax, message: `解法名称不能超过 ${JURY_LIMITS.nameMax} 个字符` },
          ]}
        >
          <Input placeholder="例如：main.cpp、wa_overflow.cpp" data-testid="solution-name" />
        </Form.Item>
        <Form.Item name="language" label="语言">
          <Select options={LANGUAGES.map((l) => ({ value: l, label: l }))} data-testid="solution-language" />
        </Form.Item>
        <Form.Item
          name="expected"
          label="期望结果"
          tooltip="评测结果是其中任意一个即为符合期望，例如标程选「通过」，超时解法选「超时」"
          rules={[{ required: true, type: 'array', min: 1, message: '期望结果至少选一项' }]}
        >
          <Select
            mode="multiple"
            data-testid="solution-expected"
            options={EXPECTABLE_VERDICTS.map((v) => ({ value: v, label: EXPECTED_VERDICT_LABELS[v] }))}
          />
        </Form.Item>
        <Form.Item
          name="source"
          label="代码"
          rules={[{ required: true, message: '请填写代码' }]}
          extra={
            <Upload showUploadList={false} beforeUpload={(f) => (void fromFile(f), false)}>
              <Button size="small" icon={<UploadOutlined />} style={{ marginTop: 6 }}>
                从文件读取
              </Button>
            </Upload>
          }
        >
          <SourceEditor language={language} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

/** The code editor as a form control (Form.Item hands it `value` and `onChange`). */
export function SourceEditor({
  value = '',
  onChange,
  language,
}: {
  value?: string;
  onChange?: (v: string) => void;
  language: string;
}) {
  return <CodeEditor value={value} onChange={(v) => onChange?.(v)} language={language} height="360px" />;
}
