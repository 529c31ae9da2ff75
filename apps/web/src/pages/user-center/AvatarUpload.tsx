import { useRef, useState } from 'react';
import Avatar from '../../components/plain/Avatar';
import Button from '../../components/plain/Button';
import { UploadOutlined } from '@ant-design/icons';
import { UPLOAD_LIMITS } from '../../lib/contract';
import { DEFAULT_AVATAR } from '../../config';
import { uploadImage } from '../../api/users';
import { notify } from '../../lib/notify';

/** Avatar picker: a file input behind 上传头像; uploads at once (status 0) and reports the stored URL. */
export default function AvatarUpload({
  value,
  onUploaded,
}: {
  value: string;
  onUploaded(url: string): void;
}) {
  const [busy, setBusy] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  const upload = async (file: File) => {
    if (!file.type.startsWith('image/')) return notify.error('头像只能是图片文件');
    if (file.size > UPLOAD_LIMITS.avatar)
      return notify.error(`头像不能超过 ${UPLOAD_LIMITS.avatar / 1024 / 1024} MB`);
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
  };

  return (
    <div className="oj-avatar-upload">
      <Avatar src={value || DEFAULT_AVATAR} size={80} data-testid="profile-avatar" />
      <input
        ref={picker}
        type="file"
        accept="image/*"
        hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = ''; // the same file may be picked again
          if (file) void upload(file);
        }}
      />
      <Button icon={<UploadOutlined />} loading={busy} onClick={() => picker.current?.click()}>
        上传头像
      </Button>
    </div>
  );
}
