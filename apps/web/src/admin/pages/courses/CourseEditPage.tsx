import { useEffect, useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Radio, Skeleton, Space, Switch, Tabs } from 'antd';
import { useNavigate, useParams } from 'react-router';
import type { CourseAddRequest, CourseAdminView } from '../../../lib/contract';
import { saveCourse, useAdminCourse, useRefreshAdminCourse, useRefreshCourses } from '../../../api/courses';
import { notify } from '../../../lib/notify';
import MembersPanel from './MembersPanel';
import SectionsEditor from './SectionsEditor';

interface FormValues {
  kind: 'plan' | 'course';
  title: string;
  description: string;
  cover: string;
  price_yuan: number;
  searchable: boolean;
  sections: CourseAdminView['sections'];
}

const toForm = (c: CourseAdminView): FormValues => ({
  kind: c.kind,
  title: c.title,
  description: c.description,
  cover: c.cover ?? '',
  price_yuan: c.price_fen / 100,
  searchable: c.searchable,
  sections: c.sections,
});

function toRequest(id: number | undefined, v: FormValues): CourseAddRequest {
  return {
    course_id: id,
    kind: v.kind,
    title: v.title,
    description: v.description ?? '',
    cover: v.cover || undefined,
    price_fen: v.kind === 'plan' ? 0 : Math.round((v.price_yuan ?? 0) * 100),
    searchable: v.searchable,
    sections: (v.sections ?? []).map((s) => ({
      title: s.title,
      description: s.description ?? '',
      requires: s.requires ?? [],
      lessons: (s.lessons ?? []).map((l) => ({ id: l.id, title: l.title, content: l.content ?? '' })),
      problems: (s.problems ?? []).map((p) => ({ kind: p.kind, problem_id: p.problem_id })),
    })),
  };
}

/** Create or edit a plan or course: details, sections with lessons (videos) and problems, members. */
export default function CourseEditPage() {
  const params = useParams();
  const id = params.courseId ? Number(params.courseId) : undefined;
  const navigate = useNavigate();
  const refreshCourse = useRefreshAdminCourse();
  const refreshCourses = useRefreshCourses();
  const [form] = Form.useForm<FormValues>();
  const course = useAdminCourse(id ?? 0);
  const [saving, setSaving] = useState(false);
  const kind = Form.useWatch('kind', form);

  useEffect(() => {
    if (course.data) form.setFieldsValue(toForm(course.data));
  }, [course.data, form]);

  const reload = () => void refreshCourse(id ?? 0);
  const submit = async (v: FormValues) => {
    setSaving(true);
    try {
      const saved = await saveCourse(toRequest(id, v));
      notify.success(id ? '已保存' : '已创建');
      await refreshCourses();
      if (!id) navigate(`/courses/${saved.course_id}/edit`, { replace: true });
    } catch {
      // toasted by the client
    } finally {
      setSaving(false);
    }
  };

  if (id && course.isLoading) return <Skeleton active />;
  const editor = (
    <Form<FormValues>
      form={form}
      layout="vertical"
      initialValues={{
        kind: 'course',
        price_yuan: 0,
        searchable: true,
        sections: [],
        description: '',
        cover: '',
      }}
      onFinish={(v) => void submit(v)}
      data-testid="course-form"
    >
      <Card title="基本信息">
        <Form.Item name="kind" label="类型">
          <Radio.Group
            options={[
              { value: 'plan', label: '学习计划（免费）' },
              { value: 'course', label: '课程' },
            ]}
          />
        </Form.Item>
        <Form.Item name="title" label="标题" rules={[{ required: true, message: '标题不能为空' }]}>
          <Input maxLength={100} data-testid="course-title" />
        </Form.Item>
        <Form.Item name="description" label="简介（Markdown）">
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
        </Form.Item>
        <Form.Item name="cover" label="封面图片地址">
          <Input maxLength={500} />
        </Form.Item>
        {kind !== 'plan' && (
          <Form.Item name="price_yuan" label="价格（元，0 为免费）">
            <InputNumber min={0} max={100000} precision={2} data-testid="course-price" />
          </Form.Item>
        )}
        <Form.Item name="searchable" label="可被搜索" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Card>
      <div style={{ marginTop: 16 }}>
        <SectionsEditor onUploaded={reload} />
      </div>
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="save-course">
          保存
        </Button>
        <Button onClick={() => navigate('/courses')}>返回列表</Button>
      </Space>
    </Form>
  );
  if (!id || !course.data) return editor;
  return (
    <Tabs
      items={[
        { key: 'content', label: '内容', children: editor },
        {
          key: 'members',
          label: `成员（${course.data.members.length}）`,
          children: <MembersPanel course={course.data} onChange={reload} />,
        },
      ]}
    />
  );
}
