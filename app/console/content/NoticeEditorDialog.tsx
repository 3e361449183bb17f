/**
 * The notice editor dialog (spec 1 §2 'notice editor (735px)', §4 'Dialog editors', §5 'Notice save is
 * disabled unless title, content and publish time are present'): title, type, pinned, published, publish
 * time, 附件仅限有下载权限的用户下载 (docs/decisions.md 213; off by default) and the rich-text content. Create mode starts from type 消息公告, top 0, active 1, publish time
 * now; edit mode loads the notice (GET /api/v1/notices/{id}). Saving posts or puts it, shows the
 * server's message (新增通知公告成功！ / 通知公告保存成功！), closes and resets; closing resets too.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select, Spin, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { MSG } from '@common/messages';
import { CONTENT_EDITOR_WIDTH, NOTICE_TYPES, type NoticeType } from '@common/constants';
import { errorMessage } from '../../api';
import { useApplicationConfig } from '../useApplicationConfig';
import { getNotice, saveNotice, type ContentModule, type NoticeFields } from './api';
import { ActiveItem, EditorFrame, ModuleItem, PublishTimeItem, TopItem, useEditorSave } from './EditorFrame';

const RichTextEditor = lazy(() => import('../../widgets/richtext').then((m) => ({ default: m.RichTextEditor })));

/** The editor loaded on demand (TipTap is large), as a form control: value/onChange pass through. */
export function LazyRichText(props: import('../../widgets/richtext').RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div className="atr-content-loading">
          <Spin />
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}

interface NoticeValues {
  title: string;
  type: NoticeType;
  content: string;
  top: boolean;
  active: boolean;
  publishDateTime: Dayjs | null;
  moduleId?: string | null;
  /** 附件仅限有下载权限的用户下载 (docs/decisions.md 213) */
  restrictDownload: boolean;
}

/**
 * The values of a new notice (spec 1 §4: type 消息公告, top 0, active 1, publish time now); the download
 * restriction as the site's default (decision 227).
 */
export const newNoticeValues = (moduleId?: string | null, restrictDownload = false): NoticeValues => ({
  title: '',
  type: '消息公告',
  content: '',
  top: false,
  active: true,
  publishDateTime: dayjs(),
  moduleId: moduleId ?? null,
  restrictDownload,
});

const FIELD_MAP: Record<string, string> = {
  title: 'title',
  type: 'type',
  content: 'content',
  top: 'top',
  active: 'active',
  publishDateTime: 'publishDateTime',
  moduleId: 'moduleId',
  restrictDownload: 'restrictDownload',
};

export interface NoticeEditorDialogProps {
  open: boolean;
  /** the notice to edit, or null to create */
  noticeId: number | null;
  applicationId: number;
  /** the module new notices belong to; undefined lets the manager choose among `modules` */
  moduleId?: string | null;
  modules?: ContentModule[];
  /** the signed-in user's id, sent with uploads */
  uid?: number;
  onClose(): void;
  /** after a successful save (the list refreshes) */
  onSaved(): void;
}

/** See the file comment. The frame (modal, save, common fields) is EditorFrame's. */
export function NoticeEditorDialog({ open, noticeId, applicationId, moduleId, modules, uid, onClose, onSaved }: NoticeEditorDialogProps) {
  const [form] = Form.useForm<NoticeValues>();
  const editing = noticeId != null;
  const restrictDefault = useApplicationConfig(open && !editing ? applicationId : undefined).data?.restrictDownloadDefault === 1;
  const loaded = useQuery({
    queryKey: ['content-notice', noticeId],
    queryFn: ({ signal }) => getNotice(noticeId!, signal),
    enabled: open && editing,
    gcTime: 0,
  });

  useEffect(() => {
    if (!open) return;
    if (!editing) form.setFieldsValue(newNoticeValues(moduleId ?? modules?.[0]?.id, restrictDefault));
    else if (loaded.data) {
      const n = loaded.data;
      form.setFieldsValue({
        title: n.title,
        // a stored type outside today's list (an older import) shows empty and must be chosen again
        type: NOTICE_TYPES.find((t) => t === n.type),
        content: n.content ?? '',
        top: n.top === 1,
        active: n.active === 1,
        publishDateTime: dayjs(n.publishDateTime),
        moduleId: n.moduleId,
        restrictDownload: n.restrictDownload === 1,
      });
    }
    // (the site default arriving later is the next effect's; the module list arriving later must not
    // reset what was typed)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see the lines above
  }, [open, editing, loaded.data, form, moduleId]);
  // the site's default may arrive after the dialog opened: it sets the switch unless the manager touched it
  useEffect(() => {
    if (open && !editing && !form.isFieldTouched('restrictDownload')) form.setFieldValue('restrictDownload', restrictDefault);
  }, [open, editing, restrictDefault, form]);

  const title = Form.useWatch('title', form);
  const content = Form.useWatch('content', form);
  const publish = Form.useWatch('publishDateTime', form);
  const ready = !!title?.trim() && !!content && !!publish;

  const { frame } = useEditorSave(form, {
    fieldMap: FIELD_MAP,
    save: (v) => {
      const fields: NoticeFields = {
        title: v.title.trim(),
        type: v.type,
        content: v.content,
        top: v.top ? 1 : 0,
        active: v.active ? 1 : 0,
        publishDateTime: v.publishDateTime!.toISOString(),
        moduleId: v.moduleId ?? null,
        restrictDownload: v.restrictDownload ? 1 : 0,
      };
      return saveNotice(noticeId, fields, applicationId);
    },
    reset: () => newNoticeValues(moduleId ?? modules?.[0]?.id, restrictDefault),
    onSaved,
    onClose,
    open,
    ready,
  });

  return (
    <EditorFrame<NoticeValues>
      {...frame}
      title={editing ? MSG.editNotice : MSG.newNotice}
      width={CONTENT_EDITOR_WIDTH}
      loading={editing && !loaded.data}
      failed={editing && loaded.isError ? errorMessage(loaded.error) : undefined}
      preserve={false}
    >
      <Form.Item name="title" label={MSG.fieldTitle} required rules={[{ required: true, whitespace: true, message: MSG.noticeTitleRequired }, { max: 200 }]}>
        <Input placeholder={MSG.noticeTitleRequired} maxLength={200} showCount />
      </Form.Item>
      <div className="atr-content-row">
        <Form.Item name="type" label={MSG.fieldType}>
          <Select options={NOTICE_TYPES.map((t) => ({ value: t, label: t }))} style={{ width: 160 }} />
        </Form.Item>
        <PublishTimeItem required={MSG.publishTimeRequired} />
        <TopItem />
        <ActiveItem />
      </div>
      <ModuleItem moduleId={moduleId} modules={modules} hint={MSG.noticeModuleHint} />
      <Form.Item name="restrictDownload" label={MSG.restrictDownloadLabel} valuePropName="checked" extra={MSG.restrictDownloadHint}>
        <Switch />
      </Form.Item>
      <Form.Item name="content" label={MSG.fieldContent} required rules={[{ required: true, message: MSG.noticeContentRequired }]}>
        <LazyRichText sticky uid={uid} ariaLabel={MSG.fieldContent} />
      </Form.Item>
    </EditorFrame>
  );
}
