/**
 * The theme tab (spec 1 §3 themeConfig; spec 2 §9 'Theme primary colour default #06f'): the primary
 * colour with antd's ColorPicker (presets, hex input, reset to #06f) and a live preview of the site's
 * header, menu bar, a panel title and buttons in the picked colour (antd colorPrimary and --atr-primary,
 * as the visitor page applies them). Saved with POST /api/v1/applications/{id}/theme-config.
 */
import { useEffect, type CSSProperties } from 'react';
import { Button, ColorPicker, ConfigProvider, Form, Space, Switch, Tag, Typography } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { DEFAULT_PRIMARY_COLOR } from '@common/constants';
import { MSG } from '@common/messages';
import { COLOR_PATTERN, themeConfigSchema, type ThemeConfig } from '@common/siteConfig';
import type { AppConfig } from '../../boot';
import { hexOf } from './HeaderTab';
import { useSaveConfig } from './useSaveConfig';
import { zodRule } from './zodRule';

const PRESETS = ['#0066ff', '#1677ff', '#2f54eb', '#13a8a8', '#389e0d', '#c0392b', '#d4380d', '#722ed1', '#1f2329'];

/** The site in miniature, in `color`. */
export function ThemePreview({ app, color }: { app: AppConfig; color: string }) {
  const menu = (app.headerConfig?.menu ?? []).slice(0, 4).map((m) => m.title);
  const entries = [...(app.headerConfig?.hideHome ? [] : [MSG.homeLink]), ...(menu.length ? menu : ['资源', '学者', '关于我们'])];
  return (
    <ConfigProvider theme={{ token: { colorPrimary: color, colorLink: color } }}>
      <div className="atr-theme-preview" style={{ '--atr-primary': color } as CSSProperties} data-testid="theme-preview" aria-label={MSG.themePreview}>
        <div className="atr-theme-preview__top">
          {app.logo ? (
            <img src={app.logo} alt="" className="atr-theme-preview__logo" />
          ) : (
            <span className="atr-theme-preview__mark">{app.name.slice(0, 1)}</span>
          )}
          <strong>{app.name}</strong>
        </div>
        <div className="atr-theme-preview__nav" data-testid="theme-preview-nav">
          {entries.map((t, i) => (
            <span key={i} className={i === 0 ? 'is-active' : undefined}>
              {t}
            </span>
          ))}
        </div>
        <div className="atr-theme-preview__body">
          <div className="atr-theme-preview__card">
            <div className="atr-theme-preview__title">
              <span className="atr-theme-preview__bar" />
              通知公告
              <Typography.Link className="atr-theme-preview__more">
                更多 <RightOutlined />
              </Typography.Link>
            </div>
            <div className="atr-theme-preview__line">
              <Tag color={color}>置顶</Tag>关于开展年度科技资源调查的通知
            </div>
            <div className="atr-theme-preview__line">新版资源发现平台上线试运行</div>
          </div>
          <Space wrap>
            <Button type="primary">主要按钮</Button>
            <Button>次要按钮</Button>
            <Switch defaultChecked />
          </Space>
        </div>
      </div>
    </ConfigProvider>
  );
}

/** See the file comment. */
export function ThemeTab({ app }: { app: AppConfig }) {
  const [form] = Form.useForm<ThemeConfig>();
  const [save, saving] = useSaveConfig(app.applicationId, 'themeConfig', form);
  const picked = Form.useWatch('primaryColor', form) as string | undefined;
  useEffect(() => {
    const t = themeConfigSchema.safeParse(app.themeConfig ?? {});
    form.setFieldsValue(t.success ? t.data : themeConfigSchema.parse({}));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [app.applicationId]);
  const color = picked && COLOR_PATTERN.test(picked) ? picked : (app.themeConfig?.primaryColor ?? DEFAULT_PRIMARY_COLOR);

  return (
    <div className="atr-theme-tab">
      <Form<ThemeConfig> form={form} layout="vertical" onFinish={(v) => void save(v)} className="atr-site-form" aria-label={MSG.themeTab}>
        <Form.Item
          name="primaryColor"
          label={MSG.primaryColor}
          getValueFromEvent={hexOf}
          rules={[zodRule(themeConfigSchema.shape.primaryColor)]}
          extra={`默认 ${DEFAULT_PRIMARY_COLOR}；页头菜单栏、面板标题、按钮和链接都使用主题色`}
        >
          <ColorPicker showText disabledAlpha format="hex" presets={[{ label: '推荐', colors: PRESETS }]} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {MSG.save}
          </Button>
          <Button onClick={() => form.setFieldsValue({ primaryColor: DEFAULT_PRIMARY_COLOR })}>{MSG.resetColor}</Button>
        </Space>
      </Form>
      <div className="atr-theme-tab__preview">
        <div className="atr-muted" style={{ marginBottom: 8 }}>
          {MSG.themePreview}
        </div>
        <ThemePreview app={app} color={color} />
      </div>
    </div>
  );
}
