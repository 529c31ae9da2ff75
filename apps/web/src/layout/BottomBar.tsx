import { Suspense, useEffect, useState } from 'react';
import Button from '../components/plain/Button';
import { EyeInvisibleOutlined, EyeOutlined, SettingOutlined } from '@ant-design/icons';
import { BOTTOM_BAR_TRIGGER_PX, PRODUCT_NAME } from '../config';
import { useLayoutStore } from '../stores/layout';
import { lazyScoped } from '../lib/antdScope';

// The dialog (upload, picture grid) is only needed once someone opens it.
const SettingsDialog = lazyScoped(() => import('./settings/SettingsDialog'));

/** SPEC §2: a bar that slides in when the mouse is within 50 px of the window bottom. */
export default function BottomBar() {
  const [near, setNear] = useState(false);
  const { navVisible, setNavVisible, settingsOpen, setSettingsOpen } = useLayoutStore();
  const [dialogLoaded, setDialogLoaded] = useState(false);
  // The phone's nav drawer opens the dialog through the store, too.
  useEffect(() => {
    if (settingsOpen) setDialogLoaded(true);
  }, [settingsOpen]);

  useEffect(() => {
    const onMove = (e: MouseEvent) => setNear(window.innerHeight - e.clientY <= BOTTOM_BAR_TRIGGER_PX);
    const onLeave = () => setNear(false);
    window.addEventListener('mousemove', onMove, { passive: true });
    document.documentElement.addEventListener('mouseleave', onLeave);
    return () => {
      window.removeEventListener('mousemove', onMove);
      document.documentElement.removeEventListener('mouseleave', onLeave);
    };
  }, []);

  const openSettings = () => {
    setDialogLoaded(true);
    setSettingsOpen(true);
  };

  return (
    <>
      <footer
        className={`oj-bottombar${near ? ' oj-bottombar-shown' : ''}`}
        data-testid="bottom-bar"
        aria-hidden={!near}
      >
        <span className="oj-bottombar-brand">
          © {new Date().getFullYear()} {PRODUCT_NAME} · 在线评测与编程学习平台
        </span>
        <div className="oj-bottombar-actions">
          <Button
            size="small"
            icon={navVisible ? <EyeInvisibleOutlined /> : <EyeOutlined />}
            onClick={() => setNavVisible(!navVisible)}
          >
            {navVisible ? '隐藏导航栏' : '显示导航栏'}
          </Button>
          <Button size="small" type="primary" icon={<SettingOutlined />} onClick={openSettings}>
            设置
          </Button>
        </div>
      </footer>
      {dialogLoaded && (
        <Suspense fallback={null}>
          <SettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
