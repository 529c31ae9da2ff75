import { Modal, Tabs } from 'antd';
import Empty from '../../components/plain/Empty';
import BackgroundSettings from './BackgroundSettings';

/** The 设置 dialog of the bottom bar: background pictures, and a tab announcing more settings. */
export default function SettingsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Modal title="设置" open={open} onCancel={onClose} footer={null} width={900} destroyOnHidden>
      <Tabs
        items={[
          { key: 'background', label: '背景图片设置', children: <BackgroundSettings onSaved={onClose} /> },
          { key: 'soon', label: '敬请期待', children: <Empty description="更多个性化设置敬请期待" /> },
        ]}
      />
    </Modal>
  );
}
