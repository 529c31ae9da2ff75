import { useState } from 'react';
import { Spin, Upload } from 'antd';
import Popconfirm from '../../components/plain/Popconfirm';
import Button from '../../components/plain/Button';
import Empty from '../../components/plain/Empty';
import { CheckCircleFilled, DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { UPLOAD_LIMITS } from '../../lib/contract';
import { BACKGROUND_GRID_COLUMNS } from '../../config';
import { deleteBackgroundPicture, setBackgroundPicture, uploadImage } from '../../api/users';
import { useBackgroundPictures, useRefreshBackgroundPictures } from '../../api/users-queries';
import { isLoggedIn, refreshCurrentUser, useUserStore } from '../../stores/user';
import { useLayoutStore } from '../../stores/layout';
import { notify } from '../../lib/notify';
import { loginPath } from '../../lib/account';

/** 背景图片设置: a 7-column grid to choose from, an upload button (images only), 保存. */
export default function BackgroundSettings({ onSaved }: { onSaved(): void }) {
  const user = useUserStore((s) => s.user);
  const setUser = useUserStore((s) => s.setUser);
  const loggedIn = isLoggedIn(user);
  const [selected, setSelected] = useState(user.background_picture);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const refreshPictures = useRefreshBackgroundPictures();
  const navigate = useNavigate();
  const setSettingsOpen = useLayoutStore((s) => s.setSettingsOpen);
  const pictures = useBackgroundPictures(loggedIn);

  if (!loggedIn) {
    return (
      <Empty description="登陆后即可设置背景图片">
        <Button
          type="primary"
          onClick={() => {
            setSettingsOpen(false);
            navigate(loginPath('background', window.location.pathname));
          }}
        >
          去登陆
        </Button>
      </Empty>
    );
  }

  const beforeUpload = async (file: File) => {
    if (!file.type.startsWith('image/')) {
      notify.error('只能上传图片文件');
      return Upload.LIST_IGNORE;
    }
    if (file.size > UPLOAD_LIMITS.background) {
      notify.error(`背景图片不能超过 ${UPLOAD_LIMITS.background / 1024 / 1024} MB`);
      return Upload.LIST_IGNORE;
    }
    setUploading(true);
    try {
      const url = await uploadImage(file, 1);
      notify.success('图片上传成功！！！');
      setSelected(url);
      await refreshPictures();
    } catch {
      // the client toasted the server's message
    } finally {
      setUploading(false);
    }
    return Upload.LIST_IGNORE; // we upload ourselves: the API wants ?status=1 and answers a URL
  };

  const save = async () => {
    if (!selected) {
      notify.warning('请先选择一张背景图片');
      return;
    }
    setSaving(true);
    try {
      await setBackgroundPicture(selected);
      setUser({ ...user, background_picture: selected });
      notify.success('背景图片已保存');
      onSaved();
    } catch {
      // toasted by the client
    } finally {
      setSaving(false);
    }
  };

  const remove = async (id: number, address: string) => {
    try {
      await deleteBackgroundPicture(id);
      notify.success('背景图片已删除');
      if (selected === address) setSelected('');
      // The server drops the picture in use too (the site's default shows instead): the page
      // follows now, not after a reload.
      const current = useUserStore.getState().user;
      if (current.background_picture === address) {
        setUser({ ...current, background_picture: '' });
        await refreshCurrentUser();
      }
      await refreshPictures();
    } catch {
      // toasted by the client
    }
  };

  return (
    <div>
      <Spin spinning={pictures.isLoading}>
        {pictures.data && pictures.data.length > 0 ? (
          <div
            className="oj-bg-grid"
            style={{ gridTemplateColumns: `repeat(${BACKGROUND_GRID_COLUMNS}, 1fr)` }}
            data-testid="background-grid"
          >
            {pictures.data.map((p) => (
              <div
                key={p.id}
                className={`oj-bg-item${selected === p.picture_address ? ' oj-bg-item-selected' : ''}`}
                onClick={() => setSelected(p.picture_address)}
                role="button"
                aria-pressed={selected === p.picture_address}
                title="点击选择这张背景图片"
              >
                <img src={p.picture_address} alt="背景图片" loading="lazy" />
                {selected === p.picture_address && <CheckCircleFilled className="oj-bg-check" />}
                {p.uuid === user.uuid && (
                  <Popconfirm
                    title="确定删除这张背景图片吗？"
                    okText="删除"
                    cancelText="取消"
                    onConfirm={() => remove(p.id, p.picture_address)}
                  >
                    <Button
                      className="oj-bg-delete"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label="删除背景图片"
                      onClick={(e) => e.stopPropagation()}
                    />
                  </Popconfirm>
                )}
              </div>
            ))}
          </div>
        ) : (
          !pictures.isLoading && <Empty description="还没有背景图片，上传一张吧" />
        )}
      </Spin>
      <div className="oj-bg-actions">
        <Upload accept="image/*" showUploadList={false} beforeUpload={beforeUpload}>
          <Button icon={<UploadOutlined />} loading={uploading}>
            上传图片
          </Button>
        </Upload>
        <Button type="primary" onClick={save} loading={saving}>
          保存
        </Button>
      </div>
    </div>
  );
}
