import { useState } from 'react';
import { Avatar, Space, Upload } from 'antd';
import Button from '../../components/plain/Button';
import { UploadOutlined } from '@ant-design/icons';
import { UPLOAD_LIMITS } from '../../lib/contract';
import { DEFAULT_AVATAR } from '../../config';
import { uploadImage } from '../../api/users';
import { notify } from '../../lib/notify';

/** Avatar picker: uploads at once (status 0) and reports the stored URL. */
export default function AvatarUpload({
  value,
  onUploaded,
}: {
  value: string;
  onUploaded(url: string): void;
}) {
  const [busy, setBusy] = useState(false);

  const beforeUpload = async (file: File) => {
    if (!file.type.startsWith('image/')) {
      notify.error('头像只能是图片文件');
      return Upload.LIST_IGNORE;
    }
    if (file.size > UPLOAD_LIMITS.avatar) {
      notify.error(`头像不能超过 ${UPLOAD_LIMITS.avatar / 1024 / 1024} MB`);
      return Upload.LIST_IGNORE;
    }
    setBusy(true);
    try {
      const url = await uploadImage(file, 0);
      notify.success('上传完毕');
      onUploaded(url);
    } catch {
      // toasted by the client
    } finally {
      setBusy(false);
    }
    return Upload.LIST_IGNORE;
  };

  return (
    <Space size="large" align="center">
      <Avatar src={value || DEFAULT_AVATAR} size={80} data-testid="profile-avatar" />
      <Upload accept="image/*" showUploadList={false} beforeUpload={beforeUpload}>
        <Button icon={<UploadOutlined />} loading={busy}>
          上传头像
        </Button>
      </Upload>
    </Space>
  );
}
