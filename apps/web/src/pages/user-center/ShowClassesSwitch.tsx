import { useState } from 'react';
import Card from '../../components/plain/Card';
import Switch from '../../components/plain/Switch';
import { Typography } from '../../components/plain/Typography';
import { saveUserSettings } from '../../api/users';
import { useUserStore } from '../../stores/user';

/**
 * 在个人主页展示我的班级 (issue 29): whether the card's 练习情况 names the classes this user is in.
 * Off by default, stored with the account.
 */
export default function ShowClassesSwitch() {
  const user = useUserStore((s) => s.user);
  const [saving, setSaving] = useState(false);
  const change = async (on: boolean) => {
    setSaving(true);
    try {
      useUserStore.getState().setUser(await saveUserSettings({ show_classes: on }));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card title="网站设置" style={{ marginTop: 16 }} data-testid="user-settings">
      <div className="oj-switch-row">
        <Switch
          checked={user.show_classes}
          disabled={saving}
          onChange={change}
          aria-label="在个人主页展示我的班级"
          data-testid="show-classes-switch"
        />
        <div>
          <div>在个人主页展示我的班级</div>
          <Typography.Text type="secondary">
            打开后，别人在你的名片“练习情况”中能看到你所在班级的名称
          </Typography.Text>
        </div>
      </div>
    </Card>
  );
}
