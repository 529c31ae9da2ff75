import { Form, Modal } from 'antd';
import { useNavigate } from 'react-router';
import type { ClassInputRaw } from '../../lib/contract';
import { createClass, useRefreshClasses } from '../../api/classes';
import { notify } from '../../lib/notify';
import ClassFields from './ClassFields';

/**
 * 创建班级, a teacher's dialog on /class. Its own chunk (antd's Modal, Form and Select): the page is
 * for every student, the dialog only for the few who teach.
 */
export default function CreateClassDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const [form] = Form.useForm<ClassInputRaw>();
  const refresh = useRefreshClasses();
  const navigate = useNavigate();

  const create = async (v: ClassInputRaw) => {
    try {
      const made = await createClass(v);
      notify.success('班级已创建');
      onClose();
      form.resetFields();
      await refresh();
      navigate(`/class/${made.class_id}`);
    } catch {
      // The server's message was shown.
    }
  };

  return (
    <Modal
      open={open}
      title="创建班级"
      okText="创建"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<ClassInputRaw>
        form={form}
        layout="vertical"
        initialValues={{ join_mode: 'code' }}
        onFinish={(v) => void create(v)}
      >
        <ClassFields />
      </Form>
    </Modal>
  );
}
