import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
// The ES module of the locale: `antd/locale/zh_CN` is CommonJS, with interop code (0.4 KB gzip more).
import zhCN from 'antd/es/locale/zh_CN';
import { InAntdScope, registerAntdProvider } from './antdScope';

/** What antd's components are drawn with on both sites: Chinese locale, our theme, no space in 登陆. */
export function AntdProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider
      locale={zhCN}
      button={{ autoInsertSpace: false }}
      theme={{ token: { colorPrimary: '#1677ff', borderRadius: 8 } }}
    >
      <InAntdScope.Provider value>{children}</InAntdScope.Provider>
    </ConfigProvider>
  );
}

// Runs when a module that uses antd is loaded (see lib/antdScope.tsx).
registerAntdProvider(AntdProvider);
