/**
 * The footer tab (spec 1 §3 footerConfig): copyright, ICP number, public security record number,
 * address, phone and e-mail, the friend links (added, deleted, moved up and down) and the five QR code /
 * app entries (service account, subscription account, mini program, iOS app, Android app), each an image
 * address and an optional link. Saved with POST /api/v1/applications/{id}/footer-config.
 */
import { useEffect } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { FOOTER_MEDIA_KEYS, FRIEND_LINKS_MAX, footerConfigSchema, friendLinkSchema, type FooterConfig, type FooterMediaKey } from '@common/siteConfig';
import type { AppConfig } from '../../boot';
import { useSaveConfig } from './useSaveConfig';
import { zodRule } from './zodRule';

const shape = footerConfigSchema.shape;
const linkRule = zodRule(friendLinkSchema.shape.url, { optional: true });

/** One QR code / app entry: image address with a small preview, and the link. */
function MediaFields({ kind }: { kind: FooterMediaKey }) {
  const image = Form.useWatch([kind, 'image']) as string | undefined;
  return (
    <div className="atr-media-field">
      <div className="atr-media-field__preview" aria-hidden>
        {image ? <img src={image} alt="" /> : <span>二维码</span>}
      </div>
      <div className="atr-media-field__inputs">
        <div className="atr-media-field__name">{MSG[kind]}</div>
        <Form.Item name={[kind, 'image']} rules={[linkRule]} style={{ marginBottom: 8 }}>
          <Input placeholder={MSG.qrImage} allowClear aria-label={`${MSG[kind]} ${MSG.qrImage}`} />
        </Form.Item>
        <Form.Item name={[kind, 'url']} rules={[linkRule]} style={{ marginBottom: 0 }}>
          <Input placeholder={MSG.qrUrl} allowClear aria-label={`${MSG[kind]} ${MSG.qrUrl}`} />
        </Form.Item>
      </div>
    </div>
  );
}

/** See the file comment. */
export function FooterTab({ app }: { app: AppConfig }) {
  const [form] = Form.useForm<FooterConfig>();
  const [save, saving] = useSaveConfig(app.applicationId, 'footerConfig', form);
  useEffect(() => {
    const f = footerConfigSchema.safeParse(app.footerConfig ?? {});
    const v = f.success ? f.data : footerConfigSchema.parse({});
    form.setFieldsValue({ ...v, ...Object.fromEntries(FOOTER_MEDIA_KEYS.map((k) => [k, v[k] ?? { image: '', url: '' }])) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [app.applicationId]);

  const onFinish = async (v: FooterConfig) => {
    const clean: FooterConfig = { ...v, friendLinks: (v.friendLinks ?? []).map((l) => ({ title: l.title?.trim() ?? '', url: l.url?.trim() ?? '' })) };
    for (const k of FOOTER_MEDIA_KEYS) {
      const m = v[k];
      if (!m?.image && !m?.url) delete clean[k];
    }
    await save(clean);
  };

  return (
    <Form<FooterConfig> form={form} layout="vertical" onFinish={(v) => void onFinish(v)} className="atr-site-form" aria-label={MSG.footerTab}>
      <Form.Item name="copyright" label={MSG.copyright} rules={[zodRule(shape.copyright)]}>
        <Input placeholder="例如：© 2026 某某研究所 版权所有" maxLength={200} />
      </Form.Item>
      <div className="atr-site-form__row">
        <Form.Item name="icpNumber" label={MSG.icpNumber} rules={[zodRule(shape.icpNumber)]} extra="访客点击后打开工信部备案查询网站">
          <Input placeholder="例如：京ICP备12345678号" maxLength={60} />
        </Form.Item>
        <Form.Item name="recordNumber" label={MSG.recordNumber} rules={[zodRule(shape.recordNumber)]}>
          <Input placeholder="例如：京公网安备 11010802000001号" maxLength={60} />
        </Form.Item>
      </div>
      <div className="atr-site-form__row">
        <Form.Item name="address" label={MSG.address} rules={[zodRule(shape.address)]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="phone" label={MSG.phone} rules={[zodRule(shape.phone)]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="mail" label={MSG.mail} rules={[zodRule(shape.mail)]}>
          <Input maxLength={100} />
        </Form.Item>
      </div>
      <Form.Item name="hours" label={MSG.contactHours} rules={[zodRule(shape.hours)]} extra={MSG.contactHoursHint}>
        <Input placeholder={MSG.contactHoursPlaceholder} maxLength={200} />
      </Form.Item>
      <Form.Item label={MSG.friendLinks} required={false}>
        <Form.List name="friendLinks">
          {(fields, { add, remove, move }) => (
            <div className="atr-friend-links">
              {fields.map((field, i) => (
                <div key={field.key} className="atr-friend-links__row" data-testid="friend-link-row">
                  <Form.Item name={[field.name, 'title']} rules={[zodRule(friendLinkSchema.shape.title)]} style={{ marginBottom: 0, flex: '0 0 220px' }}>
                    <Input placeholder={MSG.friendLinkTitle} maxLength={30} aria-label={`${MSG.friendLinks} ${i + 1} ${MSG.friendLinkTitle}`} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'url']} rules={[zodRule(friendLinkSchema.shape.url)]} style={{ marginBottom: 0, flex: 1 }}>
                    <Input placeholder="https://…" aria-label={`${MSG.friendLinks} ${i + 1} ${MSG.friendLinkUrl}`} />
                  </Form.Item>
                  <Space size={0}>
                    <Button type="text" icon={<ArrowUpOutlined />} disabled={i === 0} aria-label="上移" onClick={() => move(i, i - 1)} />
                    <Button type="text" icon={<ArrowDownOutlined />} disabled={i === fields.length - 1} aria-label="下移" onClick={() => move(i, i + 1)} />
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={MSG.delete} onClick={() => remove(field.name)} />
                  </Space>
                </div>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} disabled={fields.length >= FRIEND_LINKS_MAX} onClick={() => add({ title: '', url: '' })}>
                {MSG.friendLinkAdd}
              </Button>
            </div>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item label={`${MSG.followUs}（二维码与客户端）`}>
        <div className="atr-media-grid">
          {FOOTER_MEDIA_KEYS.map((k) => (
            <MediaFields key={k} kind={k} />
          ))}
        </div>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {MSG.save}
      </Button>
    </Form>
  );
}
