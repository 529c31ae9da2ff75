import { useState } from 'react';
import { DatePicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ClassSummary } from '../../lib/contract';
import { createHomework, homeworkDetail, modifyHomework, useRefreshHomework } from '../../api/homework';
import { useMyClasses } from '../../api/classes';
import { notify } from '../../lib/notify';
import HomeworkPicker, { type PickedItem, pickedLabel, pickedRefs, pickedValue } from './HomeworkPicker';
import '../../lib/dayjsLocale';

interface FormValues {
  title: string;
  description: string;
  range: [Dayjs, Dayjs];
  late_end: Dayjs | null;
  late_factor: number;
  class_ids: number[];
  items: PickedItem[];
  problem_ids: string[];
  list_id: number | null;
}

/**
 * Create or edit a homework: classes the caller manages; problems and math / 408 questions found
 * by name (the picker), problems by number, and/or copied from a list.
 */
export default function HomeworkEditor({
  open,
  onClose,
  classId,
  homeworkId,
}: {
  open: boolean;
  onClose: () => void;
  classId: number;
  homeworkId?: number;
}) {
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const classes = useMyClasses();
  const refresh = useRefreshHomework();
  const managed = (classes.data ?? []).filter((c: ClassSummary) => c.can_manage);

  // A new homework starts from these (the form is made again at every opening); an edit loads its own.
  const initialValues: Partial<FormValues> = {
    title: '',
    description: '',
    range: [dayjs(), dayjs().add(7, 'day')],
    late_end: null,
    late_factor: 0.8,
    class_ids: [classId],
    items: [],
    problem_ids: [],
    list_id: null,
  };
  const afterOpen = async (visible: boolean) => {
    if (!visible) return;
    if (homeworkId === undefined) return;
    const d = await homeworkDetail(homeworkId);
    form.setFieldsValue({
      title: d.title,
      description: d.description,
      range: [dayjs(d.start_time), dayjs(d.deadline)],
      late_end: d.late_end ? dayjs(d.late_end) : null,
      late_factor: d.late_factor,
      class_ids: d.class_ids,
      items: d.problems.map((p) => ({
        value: pickedValue(p.kind, p.problem_id),
        label: pickedLabel(p.kind, p.problem_id, p.chinese_name),
      })),
      problem_ids: [],
      list_id: null,
    });
  };

  const save = async () => {
    const v = await form.validateFields();
    const body = {
      title: v.title,
      description: v.description ?? '',
      start_time: v.range[0].toISOString(),
      deadline: v.range[1].toISOString(),
      late_end: v.late_end ? v.late_end.toISOString() : null,
      late_factor: v.late_factor,
      class_ids: v.class_ids,
      items: pickedRefs(v.items),
      problem_ids: (v.problem_ids ?? []).map(Number).filter((n) => Number.isInteger(n) && n > 0),
      ...(v.list_id ? { list_id: v.list_id } : {}),
    };
    setSaving(true);
    try {
      if (homeworkId === undefined) await createHomework(body);
      else await modifyHomework({ ...body, homework_id: homeworkId });
      notify.success(homeworkId === undefined ? '作业已发布' : '作业已保存');
      void refresh();
      onClose();
    } catch {
      // The server's message was shown.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={homeworkId === undefined ? '布置作业' : '修改作业'}
      onCancel={onClose}
      onOk={() => void save()}
      okText={homeworkId === undefined ? '发布' : '保存'}
      cancelText="取消"
      confirmLoading={saving}
      afterOpenChange={(v) => void afterOpen(v)}
      width={560}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initialValues}>
        <Form.Item name="title" label="作业标题" rules={[{ required: true, message: '请填写作业标题' }]}>
          <Input maxLength={100} data-testid="homework-title" />
        </Form.Item>
        <Form.Item name="description" label="作业说明">
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item
          name="range"
          label="开始时间与截止时间"
          rules={[{ required: true, message: '请选择时间' }]}
        >
          <DatePicker.RangePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="late_end" label="补交截止时间（可不填）">
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="late_factor" label="迟交得分比例（0 – 1，如 0.8）">
          <InputNumber min={0} max={1} step={0.05} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="class_ids" label="班级" rules={[{ required: true, message: '请选择班级' }]}>
          <Select mode="multiple" options={managed.map((c) => ({ value: c.class_id, label: c.name }))} />
        </Form.Item>
        <Form.Item name="items" label="题目（按标题或题号搜索，可选数学/408 题）">
          <HomeworkPicker />
        </Form.Item>
        <Form.Item name="problem_ids" label="题号（输入算法题题号后回车）">
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} data-testid="homework-problems" />
        </Form.Item>
        <Form.Item name="list_id" label="从题单复制（题单编号，可不填）">
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
