/**
 * The resource-link editor dialog (spec 1 §2 'link editor (735px, 914px when pinned)', §3 'Link', §5:
 * save disabled unless title and url are present, pin order at least 1, cover JPG/PNG at most 500 KB):
 * title, address, cover (uploaded through POST /api/v1/files after a check in the browser; the server
 * checks again), category, pinned with its order, published, publish time. After a save the dialog
 * closes and resets (top 0, active 1, publish time now) and the list refreshes.
 */
import { useEffect, useState } from 'react';
import { App, Button, Form, Input, InputNumber, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { MSG } from '@common/messages';
import { CONTENT_EDITOR_WIDTH, LINK_COVER_MAX_KB, LINK_EDITOR_PINNED_WIDTH } from '@common/constants';
import { postFile } from '../../widgets/richtext/upload';
import { saveLink, type ContentModule, type Link, type LinkFields } from './api';
import { ActiveItem, EditorFrame, ModuleItem, PublishTimeItem, TopItem, useEditorSave } from './EditorFrame';

interface LinkValues {
  title: string;
  url: string;
  cover: string | null;
  linkCategory: string;
  top: boolean;
  topOrder: number;
  active: boolean;
  publishDateTime: Dayjs | null;
  moduleId?: string | null;
}

/** The values of a new link (top 0, pin order 1, active 1, publish time now). */
export const newLinkValues = (moduleId?: string | null): LinkValues => ({
  title: '',
  url: '',
  cover: null,
  linkCategory: '',
  top: false,
  topOrder: 1,
  active: true,
  publishDateTime: dayjs(),
  moduleId: moduleId ?? null,
});

/** Checks a cover before upload (spec 1 §5): JPG/PNG, at most 500 KB; the Chinese refusal or null. */
export function checkCover(file: { type: string; size: number }): string | null {
  if (file.type !== 'image/jpeg' && file.type !== 'image/png') return MSG.coverTypeInvalid;
  if (file.size > LINK_COVER_MAX_KB * 1024) return MSG.coverTooLarge;
  return null;
}

const FIELD_MAP: Record<string, string> = {
  title: 'title',
  url: 'url',
  cover: 'cover',
  topOrder: 'topOrder',
  linkCategory: 'linkCategory',
  publishDateTime: 'publishDateTime',
};

/** A cover field: the image, a remove button, and an upload button (antd Form control). */
function CoverField({ value, onChange, uid }: { value?: string | null; onChange?: (v: string | null) => void; uid?: number }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <div className="atr-content-cover">
      {value && <img src={value} alt={MSG.fieldCover} className="atr-content-cover__img" />}
      <Upload
        accept=".jpg,.jpeg,.png,image/jpeg,image/png"
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          const refused = checkCover(file);
          if (refused) {
            message.error(refused);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file }) => {
          setBusy(true);
          postFile('/api/v1/files', file as File, uid, MSG.rtImageUploadFailed, undefined, { maxSize: String(LINK_COVER_MAX_KB) })
            .then(
              (url) => onChange?.(url),
              (err: Error) => message.error(err.message),
            )
            .finally(() => setBusy(false));
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          {MSG.uploadCover}
        </Button>
      </Upload>
      {value && <Button type="text" danger icon={<DeleteOutlined />} aria-label={MSG.delete} onClick={() => onChange?.(null)} />}
      <div className="atr-muted atr-content-cover__hint">{MSG.coverHint}</div>
    </div>
  );
}

export interface LinkEditorDialogProps {
  open: boolean;
  /** the link to edit, or null to create */
  link: Link | null;
  applicationId: number;
  moduleId?: string | null;
  modules?: ContentModule[];
  uid?: number;
  onClose(): void;
  onSaved(): void;
}

/** See the file comment. The frame (modal, save, common fields) is EditorFrame's. */
export function LinkEditorDialog({ open, link, applicationId, moduleId, modules, uid, onClose, onSaved }: LinkEditorDialogProps) {
  const [form] = Form.useForm<LinkValues>();
  const editing = link !== null;

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      link
        ? {
            title: link.title,
            url: link.url,
            cover: link.cover,
            linkCategory: link.linkCategory ?? '',
            top: link.top === 1,
            topOrder: link.topOrder,
            active: link.active === 1,
            publishDateTime: dayjs(link.publishDateTime),
            moduleId: link.moduleId,
          }
        : newLinkValues(moduleId ?? modules?.[0]?.id),
    );
    // the form is filled when the dialog opens: the module list arriving later must not reset what was typed
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see the line above
  }, [open, link, form, moduleId]);

  const title = Form.useWatch('title', form);
  const url = Form.useWatch('url', form);
  const top = Form.useWatch('top', form);
  const ready = !!title?.trim() && !!url?.trim();

  const { frame } = useEditorSave(form, {
    fieldMap: FIELD_MAP,
    save: (v) => {
      const fields: LinkFields = {
        title: v.title.trim(),
        url: v.url.trim(),
        cover: v.cover || null,
        linkCategory: v.linkCategory?.trim() || null,
        top: v.top ? 1 : 0,
        topOrder: v.topOrder ?? 1,
        active: v.active ? 1 : 0,
        publishDateTime: (v.publishDateTime ?? dayjs()).toISOString(),
        moduleId: v.moduleId ?? null,
      };
      return saveLink(link?.linkId ?? null, fields, applicationId);
    },
    reset: () => newLinkValues(moduleId ?? modules?.[0]?.id),
    onSaved,
    onClose,
    open,
    ready,
  });

  return (
    <EditorFrame<LinkValues> {...frame} title={editing ? MSG.editLink : MSG.newLink} width={top ? LINK_EDITOR_PINNED_WIDTH : CONTENT_EDITOR_WIDTH}>
      <Form.Item name="title" label={MSG.fieldTitle} required rules={[{ required: true, whitespace: true, message: MSG.linkTitleRequired }]}>
        <Input placeholder={MSG.linkTitleRequired} maxLength={200} />
      </Form.Item>
      <Form.Item
        name="url"
        label={MSG.fieldUrl}
        required
        validateTrigger="onBlur"
        rules={[
          { required: true, whitespace: true, message: MSG.linkUrlRequired },
          { pattern: /^https?:\/\/[^\s"'<>\\]+$/i, message: MSG.linkUrlInvalid },
        ]}
      >
        <Input placeholder="https://" maxLength={2000} />
      </Form.Item>
      <Form.Item name="cover" label={MSG.fieldCover}>
        <CoverField uid={uid} />
      </Form.Item>
      <div className="atr-content-row">
        <Form.Item name="linkCategory" label={MSG.fieldCategory}>
          <Input maxLength={60} style={{ width: 160 }} />
        </Form.Item>
        <PublishTimeItem />
        <ActiveItem />
        <TopItem />
        {top && (
          <Form.Item name="topOrder" label={MSG.fieldTopOrder} rules={[{ required: true, type: 'integer', min: 1, message: MSG.topOrderMin }]}>
            <InputNumber min={1} precision={0} style={{ width: 110 }} />
          </Form.Item>
        )}
      </div>
      <ModuleItem moduleId={moduleId} modules={modules} hint={MSG.linkModuleHint} />
    </EditorFrame>
  );
}
