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

/**
 * Texts at 4.5:1 or more on their backgrounds (WCAG AA, on the visitor pages and the console; decision 492): secondary texts and placeholders darkened (antd's 0.45 and 0.25 black
 * are 3.4:1 and 1.8:1 on white); the status colours (a tag's text on its pale background, a danger
 * link such as 删除) and the preset tag colours the console uses, one shade darker than antd's.
 */
const CONTRAST_TOKENS = {
  colorTextDescription: '#5f6673',
  colorTextTertiary: '#5f6673',
  colorTextPlaceholder: '#6b7280',
  colorSuccess: '#237804',
  colorSuccessBg: '#f6ffed',
  colorSuccessBorder: '#b7eb8f',
  colorError: '#cf1322',
  colorErrorBg: '#fff2f0',
  colorErrorBorder: '#ffccc7',
  colorWarning: '#ad6800',
  colorWarningBg: '#fffbe6',
  colorWarningBorder: '#ffe58f',
  colorInfo: '#0958d9',
  colorInfoBg: '#e6f4ff',
  colorInfoBorder: '#91caff',
  // preset tags (<Tag color="green">): their text is the colour's 7th shade on its 1st; both spellings,
  // as both name the CSS variable --ant-green-7
  green7: '#237804',
  'green-7': '#237804',
  gold7: '#ad6800',
  'gold-7': '#ad6800',
  orange7: '#ad4e00',
  'orange-7': '#ad4e00',
  cyan7: '#006d75',
  'cyan-7': '#006d75',
};

const themeOf = (primary: string) => ({
  token: { colorPrimary: primary, colorLink: primary, borderRadius: 6, ...CONTRAST_TOKENS },
});

/** See the file comment; `children` is the page. */
export function AntdProviders({ children }: { children: ReactNode }) {
  const primary = readBoot().config?.themeConfig?.primaryColor || DEFAULT_PRIMARY_COLOR;
  return (
    <ConfigProvider locale={zhCN} theme={themeOf(primary)} button={{ autoInsertSpace: false }}>
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
