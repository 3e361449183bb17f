/**
 * antd's providers around a page that uses antd (app/antdScope.tsx withAntd): ConfigProvider with the
 * Chinese locale and the site's primary colour, and antd App for `App.useApp()` message and modal.
 */
import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider, message } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import zhCN from 'antd/es/locale/zh_CN';
import { DEFAULT_PRIMARY_COLOR, MESSAGE_DURATION_MS } from '@common/constants';
import { readBoot } from './boot';

// antd's date pickers and our date texts in the console speak Chinese
dayjs.locale('zh-cn');

const themeOf = (primary: string) => ({
  token: { colorPrimary: primary, colorLink: primary, borderRadius: 6, colorTextDescription: '#5f6673', colorTextTertiary: '#5f6673' },
});

/** See the file comment; `children` is the page. */
export function AntdProviders({ children }: { children: ReactNode }) {
  const primary = readBoot().config?.themeConfig?.primaryColor || DEFAULT_PRIMARY_COLOR;
  return (
    <ConfigProvider
      locale={zhCN}
      // secondary texts darkened to 5.8:1 on white (antd's default 0.45 black is 3.4:1; issue 10 §7)
      theme={themeOf(primary)}
      button={{ autoInsertSpace: false }}
    >
      <AntApp message={{ duration: MESSAGE_DURATION_MS / 1000, maxCount: 3 }}>{children}</AntApp>
    </ConfigProvider>
  );
}

// antd's static message renders in a holder of its own, outside every page: themed like the pages
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={zhCN} theme={themeOf(readBoot().config?.themeConfig?.primaryColor || DEFAULT_PRIMARY_COLOR)}>
      {children}
    </ConfigProvider>
  ),
});
message.config({ duration: MESSAGE_DURATION_MS / 1000, maxCount: 3 });

/**
 * A message that outlives the page showing it: for a notice given just before the page goes (a
 * sign-out that leaves for the sign-in page, a sign-in that leaves for the console). `App.useApp()`'s
 * message lives in the page's providers and vanishes with them (each lazy page has its own).
 */
export const lastingMessage = message;
