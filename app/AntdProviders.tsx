/**
 * antd's providers around a page that uses antd (app/antdScope.tsx withAntd): ConfigProvider with the
 * Chinese locale and the site's primary colour, and antd App for `App.useApp()` message and modal.
 */
import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import zhCN from 'antd/es/locale/zh_CN';
import { DEFAULT_PRIMARY_COLOR, MESSAGE_DURATION_MS } from '@common/constants';
import { readBoot } from './boot';

// antd's date pickers and our date texts in the console speak Chinese
dayjs.locale('zh-cn');

/** See the file comment; `children` is the page. */
export function AntdProviders({ children }: { children: ReactNode }) {
  const primary = readBoot().config?.themeConfig?.primaryColor || DEFAULT_PRIMARY_COLOR;
  return (
    <ConfigProvider
      locale={zhCN}
      // secondary texts darkened to 5.8:1 on white (antd's default 0.45 black is 3.4:1; issue 10 §7)
      theme={{ token: { colorPrimary: primary, colorLink: primary, borderRadius: 6, colorTextDescription: '#5f6673', colorTextTertiary: '#5f6673' } }}
      button={{ autoInsertSpace: false }}
    >
      <AntApp message={{ duration: MESSAGE_DURATION_MS / 1000, maxCount: 3 }}>{children}</AntApp>
    </ConfigProvider>
  );
}
