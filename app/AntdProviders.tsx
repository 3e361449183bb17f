/**
 * antd's providers around a page that uses antd (app/antdScope.tsx withAntd): ConfigProvider with the
 * Chinese locale and the site's primary colour, and antd App for `App.useApp()` message and modal.
 * antd's animations (dialogs zooming, drawers sliding, trees folding) are off for a visitor whose
 * system asks for reduced motion (`prefers-reduced-motion: reduce`; decision 361), as our own carousel
 * already is (modules/kit/ui.css).
 */
import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider, message } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import zhCN from 'antd/es/locale/zh_CN';
import { DEFAULT_PRIMARY_COLOR, MESSAGE_DURATION_MS } from '@common/constants';
import { readBoot } from './boot';

// antd's date pickers and our date texts in the console speak Chinese
dayjs.locale('zh-cn');

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the system asks for reduced motion now (false where matchMedia is missing: the server, old browsers). */
const reducedMotionNow = (): boolean => (typeof window !== 'undefined' && window.matchMedia?.(REDUCED_MOTION).matches) || false;

const subscribeReducedMotion = (changed: () => void) => {
  const query = typeof window !== 'undefined' ? window.matchMedia?.(REDUCED_MOTION) : undefined;
  query?.addEventListener('change', changed);
  return () => query?.removeEventListener('change', changed);
};

/**
 * Whether the visitor's system asks for reduced motion, followed as it changes; false in the server's
 * render and during hydration (so the first browser render matches the server's HTML).
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, reducedMotionNow, () => false);
}

const themeOf = (primary: string, reducedMotion: boolean) => ({
  token: {
    colorPrimary: primary,
    colorLink: primary,
    borderRadius: 6,
    colorTextDescription: '#5f6673',
    colorTextTertiary: '#5f6673',
    motion: !reducedMotion,
  },
});

/** See the file comment; `children` is the page. */
export function AntdProviders({ children }: { children: ReactNode }) {
  const primary = readBoot().config?.themeConfig?.primaryColor || DEFAULT_PRIMARY_COLOR;
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => themeOf(primary, reducedMotion), [primary, reducedMotion]);
  return (
    <ConfigProvider
      locale={zhCN}
      // secondary texts darkened to 5.8:1 on white (antd's default 0.45 black is 3.4:1; issue 10 §7)
      theme={theme}
      button={{ autoInsertSpace: false }}
    >
      <AntApp message={{ duration: MESSAGE_DURATION_MS / 1000, maxCount: 3 }}>{children}</AntApp>
    </ConfigProvider>
  );
}

// antd's static message renders in a holder of its own, outside every page: themed like the pages
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={zhCN} theme={themeOf(readBoot().config?.themeConfig?.primaryColor || DEFAULT_PRIMARY_COLOR, reducedMotionNow())}>
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
