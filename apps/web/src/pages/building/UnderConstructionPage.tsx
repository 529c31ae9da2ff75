import { Button, Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { useMatches, useNavigate } from 'react-router';
import type { RouteMeta } from '../../router/guard';

/** Page of a route whose feature is still being built: says so plainly, shows nothing invented. */
export default function UnderConstructionPage() {
  const matches = useMatches();
  const navigate = useNavigate();
  const meta = matches[matches.length - 1]?.handle as RouteMeta | undefined;
  const feature = meta?.feature ?? meta?.title ?? '该功能';
  return (
    <div className="oj-container-narrow oj-panel" data-testid="under-construction">
      <Result
        icon={<ToolOutlined style={{ color: '#1677ff' }} />}
        title={`「${feature}」正在建设中`}
        subTitle="这个功能正在开发，完成后会出现在这里。你可以先去首页看看其他内容。"
        extra={[
          <Button type="primary" key="home" onClick={() => navigate('/home')}>
            返回首页
          </Button>,
          <Button key="back" onClick={() => navigate(-1)}>
            返回上一页
          </Button>,
        ]}
      />
    </div>
  );
}
