import { Form, Input, Select } from 'antd';
import { CLASS_JOIN_MODE_LABELS, CLASS_JOIN_MODES, CLASS_LIMITS } from '../../lib/contract';

/** The form of a class's settings (create here, modify on the class page). */
export default function ClassFields() {
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
