/**
 * The header tab (spec 1 §3 headerConfig): the menu with sub menus, 'show sub menus', 'hide home', the
 * transparent menu and its font colour (antd ColorPicker), the header theme and the site's own stylesheet
 * address. Saved with POST /api/v1/applications/{id}/header-config.
 */
import { useEffect } from 'react';
import { Button, ColorPicker, Form, Input, Radio, Switch } from 'antd';
import type { AggregationColor } from 'antd/es/color-picker/color';
import { MSG } from '@common/messages';
import { headerConfigSchema, type HeaderConfig } from '@common/siteConfig';
import type { AppConfig } from '../../boot';
import { MenuEditor, withIds } from './MenuEditor';
import { useSaveConfig } from './useSaveConfig';
import { zodRule } from './zodRule';

/** The hex string of a picked colour, '' when cleared. */
export const hexOf = (c: AggregationColor | null | undefined): string => (c && !c.cleared ? c.toHexString() : '');

/** See the file comment. */
export function HeaderTab({ app }: { app: AppConfig }) {
  const [form] = Form.useForm<HeaderConfig>();
  const [save, saving] = useSaveConfig(app.applicationId, 'headerConfig', form);
  const transparent = Form.useWatch(['style', 'transparentMenu'], form);
  const initial = headerConfigSchema.safeParse(app.headerConfig ?? {});
  useEffect(() => {
    const h = initial.success ? initial.data : headerConfigSchema.parse({});
    form.setFieldsValue({ ...h, menu: withIds(h.menu) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [app.applicationId]);

  const onFinish = async (v: HeaderConfig) => {
    const saved = await save({ ...v, menu: v.menu ?? [] });
    if (saved) form.setFieldsValue({ ...saved, menu: withIds(saved.menu) });
  };

  return (
    <Form<HeaderConfig> form={form} layout="vertical" onFinish={(v) => void onFinish(v)} className="atr-site-form" aria-label={MSG.headerTab}>
      <Form.Item name="menu" label="顶部菜单（拖动排序，每项可带一级子菜单）">
        <MenuEditor applicationId={app.applicationId} />
      </Form.Item>
      <div className="atr-site-form__row">
        <Form.Item name="hideHome" label={MSG.hideHome} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="headerSubMenu" label={MSG.headerSubMenu} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name={['style', 'transparentMenu']} label={MSG.transparentMenu} valuePropName="checked" tooltip={MSG.transparentMenuHint}>
          <Switch />
        </Form.Item>
        <Form.Item
          name={['style', 'transparentMenuFontColor']}
          label={MSG.transparentMenuFontColor}
          getValueFromEvent={hexOf}
          rules={[zodRule(headerConfigSchema.shape.style.unwrap().shape.transparentMenuFontColor, { optional: true })]}
        >
          <ColorPicker
            showText
            allowClear
            disabledAlpha
            format="hex"
            disabled={!transparent}
            presets={[{ label: '常用', colors: ['#ffffff', '#1f2329', '#0066ff'] }]}
          />
        </Form.Item>
      </div>
      <Form.Item name="theme" label={MSG.headerTheme}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'light', label: MSG.headerThemeLight },
            { value: 'dark', label: MSG.headerThemeDark },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="specificThemeUrl"
        label={MSG.specificThemeUrl}
        extra={MSG.specificThemeUrlHint}
        rules={[zodRule(headerConfigSchema.shape.specificThemeUrl, { optional: true })]}
      >
        <Input placeholder="https://… 或 /站内路径（.css）" allowClear style={{ maxWidth: 560 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {MSG.save}
      </Button>
    </Form>
  );
}
