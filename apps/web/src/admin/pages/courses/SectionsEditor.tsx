import { Button, Card, Form, Input, InputNumber, Select, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { uploadLessonVideo } from '../../../api/courses';
import { notify } from '../../../lib/notify';

/** One lesson's video upload (only once the lesson is saved and has an id). */
function VideoUpload({
  lessonId,
  hasVideo,
  onDone,
}: {
  lessonId?: number;
  hasVideo?: boolean;
  onDone(): void;
}) {
  if (!lessonId) return <Typography.Text type="secondary">保存后可上传视频</Typography.Text>;
  return (
    <Upload
      accept="video/mp4,video/webm"
      showUploadList={false}
      customRequest={({ file, onSuccess, onError }) => {
        uploadLessonVideo(lessonId, file as File)
          .then(() => {
            notify.success('视频已上传');
            onSuccess?.(null);
            onDone();
          })
          .catch((e: Error) => onError?.(e));
      }}
    >
      <Button size="small" icon={<UploadOutlined />} data-testid={`upload-video-${lessonId}`}>
        {hasVideo ? '更换视频' : '上传视频'}
      </Button>
    </Upload>
  );
}

function LessonsEditor({ section, onUploaded }: { section: number; onUploaded(): void }) {
  const form = Form.useFormInstance();
  return (
    <Form.List name={[section, 'lessons']}>
      {(fields, { add, remove }) => (
        <Space direction="vertical" style={{ width: '100%' }}>
          {fields.map((f) => {
            const lesson = form.getFieldValue(['sections', section, 'lessons', f.name]) as
              { id?: number; has_video?: boolean } | undefined;
            return (
              <Card
                key={f.key}
                size="small"
                title={`课时 ${f.name + 1}`}
                extra={
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => remove(f.name)}
                    aria-label="删除课时"
                  />
                }
              >
                <Form.Item name={[f.name, 'id']} hidden>
                  <InputNumber />
                </Form.Item>
                <Form.Item
                  name={[f.name, 'title']}
                  label="课时标题"
                  rules={[{ required: true, message: '课时标题不能为空' }]}
                >
                  <Input maxLength={100} />
                </Form.Item>
                <Form.Item name={[f.name, 'content']} label="内容（Markdown）">
                  <Input.TextArea autoSize={{ minRows: 3, maxRows: 12 }} />
                </Form.Item>
                <VideoUpload lessonId={lesson?.id} hasVideo={lesson?.has_video} onDone={onUploaded} />
              </Card>
            );
          })}
          <Button icon={<PlusOutlined />} onClick={() => add({ title: '', content: '' })}>
            添加课时
          </Button>
        </Space>
      )}
    </Form.List>
  );
}

function ProblemsEditor({ section }: { section: number }) {
  return (
    <Form.List name={[section, 'problems']}>
      {(fields, { add, remove }) => (
        <Space direction="vertical" style={{ width: '100%' }}>
          {fields.map((f) => (
            <Space key={f.key} wrap>
              <Form.Item name={[f.name, 'kind']} noStyle>
                <Select
                  style={{ width: 130 }}
                  options={[
                    { value: 'algorithm', label: '算法题' },
                    { value: 'math408', label: '数学/408 题' },
                  ]}
                />
              </Form.Item>
              <Form.Item
                name={[f.name, 'problem_id']}
                noStyle
                rules={[{ required: true, message: '题目编号不能为空' }]}
              >
                <InputNumber min={1} placeholder="题目编号" />
              </Form.Item>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                onClick={() => remove(f.name)}
                aria-label="删除题目"
              />
            </Space>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => add({ kind: 'algorithm' })}>
            添加题目
          </Button>
        </Space>
      )}
    </Form.List>
  );
}

/** Sections of a plan or course: title, prerequisites (earlier sections), lessons and problems. */
export default function SectionsEditor({ onUploaded }: { onUploaded(): void }) {
  return (
    <Form.List name="sections">
      {(fields, { add, remove }) => (
        <Space direction="vertical" style={{ width: '100%' }}>
          {fields.map((f) => (
            <Card
              key={f.key}
              title={`第 ${f.name + 1} 章`}
              extra={
                <Button danger size="small" icon={<DeleteOutlined />} onClick={() => remove(f.name)}>
                  删除本章
                </Button>
              }
            >
              <Form.Item
                name={[f.name, 'title']}
                label="章节标题"
                rules={[{ required: true, message: '章节标题不能为空' }]}
              >
                <Input maxLength={100} />
              </Form.Item>
              <Form.Item name={[f.name, 'description']} label="章节描述">
                <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
              </Form.Item>
              <Form.Item name={[f.name, 'requires']} label="前置章节">
                <Select
                  mode="multiple"
                  placeholder="无"
                  options={Array.from({ length: f.name }, (_, i) => ({ value: i, label: `第 ${i + 1} 章` }))}
                />
              </Form.Item>
              <Typography.Title level={5}>课时</Typography.Title>
              <LessonsEditor section={f.name} onUploaded={onUploaded} />
              <Typography.Title level={5} style={{ marginTop: 16 }}>
                练习题
              </Typography.Title>
              <ProblemsEditor section={f.name} />
            </Card>
          ))}
          <Button
            type="dashed"
            block
            icon={<PlusOutlined />}
            onClick={() => add({ title: '', requires: [], lessons: [], problems: [] })}
          >
            添加章节
          </Button>
        </Space>
      )}
    </Form.List>
  );
}
