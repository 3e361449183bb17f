/**
 * The frame both content editors share (spec 1 §2 'notice editor (735px)', 'link editor'; §4 'Dialog
 * editors'): {@link EditorFrame}, the modal with 取消 / 保存 (保存 disabled until the form is
 * ready) around a vertical form, or a spinner / warning while the edited item loads;
 * {@link useEditorSave}, the save with its success message, reset, refresh and field errors; and the
 * fields both have (发布时间, 置顶, 发布状态, 所属模块). NoticeEditorDialog and LinkEditorDialog put their
 * own fields, values and save body into it.
 */
import { useState, type ReactNode } from 'react';
import { App, Button, DatePicker, Form, Modal, Result, Select, Spin, Switch, type FormInstance } from 'antd';
import type { Store } from 'antd/es/form/interface';
import { MSG } from '@common/messages';
import { errorMessage } from '../../api';
import { applyFieldErrors } from '../../shared/formErrors';
import type { ContentModule } from './api';

/** Props of {@link EditorFrame}; `V` is the form's values. */
export interface EditorFrameProps<V extends Store> {
  /** 新增… or 编辑… */
  title: string;
  open: boolean;
  /** the modal's width, px */
  width: number;
  form: FormInstance<V>;
  initialValues: V;
  /** 保存 is enabled only when the required fields are filled */
  ready: boolean;
  saving: boolean;
  /** the edited item is still loading: a spinner instead of the form, 保存 disabled */
  loading?: boolean;
  /** the edited item could not be loaded: this message as a warning instead of the form */
  failed?: string;
  /** antd Form `preserve` (false: a field that leaves the form leaves the values) */
  preserve?: boolean;
  onClose(): void;
  /** the form's values after its own validation passed */
  onFinish(values: V): void;
  /** the form items */
  children: ReactNode;
}

/** See the file comment. Closing (取消, ×) calls `onClose`; the mask does not close it; contents unmount when hidden. */
export function EditorFrame<V extends Store>({
  title,
  open,
  width,
  form,
  initialValues,
  ready,
  saving,
  loading = false,
  failed,
  preserve,
  onClose,
  onFinish,
  children,
}: EditorFrameProps<V>) {
  return (
    <Modal
      title={title}
      open={open}
      width={width}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      className="atr-content-editor"
      footer={[
        <Button key="cancel" onClick={onClose}>
          {MSG.cancel}
        </Button>,
        <Button key="save" type="primary" disabled={!ready || loading} loading={saving} onClick={() => form.submit()}>
          {MSG.save}
        </Button>,
      ]}
    >
      {failed !== undefined ? (
        <Result status="warning" title={failed} />
      ) : loading ? (
        <div className="atr-content-loading">
          <Spin />
        </div>
      ) : (
        <Form<V> form={form} layout="vertical" initialValues={initialValues} onFinish={onFinish} preserve={preserve}>
          {children}
        </Form>
      )}
    </Modal>
  );
}

/**
 * The save of an editor: `save(values)` posts or puts the item and answers the server's message
 * (新增…成功！ / …保存成功！), shown as a success; then the form takes `reset()`'s values, `onSaved` refreshes
 * the list and `onClose` closes the dialog. A refusal puts its `fields` on the form's items (`fieldMap`:
 * the server's field name → the form's) and shows its message. Returns `saving` (true while it runs),
 * `submit`, the form's onFinish, and `frame`, those with the form, `reset()` as the initial values,
 * `onClose`, `open` and `ready`: the props of {@link EditorFrame} to spread into it.
 */
export function useEditorSave<V extends Store>(
  form: FormInstance<V>,
  opts: {
    fieldMap: Record<string, string>;
    save(values: V): Promise<{ message: string }>;
    reset(): V;
    onSaved(): void;
    onClose(): void;
    /** the dialog is shown */
    open: boolean;
    /** the required fields are filled (保存 enabled) */
    ready: boolean;
  },
) {
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const submit = async (v: V) => {
    setSaving(true);
    try {
      const r = await opts.save(v);
      message.success(r.message);
      form.setFieldsValue(opts.reset());
      opts.onSaved();
      opts.onClose();
    } catch (err) {
      applyFieldErrors(form, err, opts.fieldMap);
      message.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  const onFinish = (v: V) => void submit(v);
  /** the props of {@link EditorFrame} the save decides: spread them into it */
  const frame = { form, saving, initialValues: opts.reset(), onClose: opts.onClose, onFinish, open: opts.open, ready: opts.ready };
  return { saving, submit: onFinish, frame };
}

/** 发布时间 with seconds; `required` is the message when it must be set (the notice's), none for the link's. */
export function PublishTimeItem({ required }: { required?: string }) {
  return (
    <Form.Item name="publishDateTime" label={MSG.fieldPublishTime} required={!!required} rules={required ? [{ required: true, message: required }] : undefined}>
      <DatePicker showTime format="YYYY-MM-DD HH:mm:ss" placeholder={required} style={{ width: 200 }} />
    </Form.Item>
  );
}

/** 置顶 as a 是 / 否 switch. */
export function TopItem() {
  return (
    <Form.Item name="top" label={MSG.fieldTop} valuePropName="checked">
      <Switch checkedChildren={MSG.yes} unCheckedChildren={MSG.no} />
    </Form.Item>
  );
}

/** 发布状态 as a 已发布 / 未发布 switch. */
export function ActiveItem() {
  return (
    <Form.Item name="active" label={MSG.fieldActive} valuePropName="checked">
      <Switch checkedChildren={MSG.activePublished} unCheckedChildren={MSG.activeUnpublished} />
    </Form.Item>
  );
}

/**
 * 所属模块 (`moduleId`), offered only where the editor is not tied to one module (`moduleId` undefined)
 * and the application has modules of the kind; `hint` says where the item will show.
 */
export function ModuleItem({ moduleId, modules, hint }: { moduleId?: string | null; modules?: ContentModule[]; hint: string }) {
  if (moduleId !== undefined || !modules?.length) return null;
  return (
    <Form.Item name="moduleId" label={MSG.contentModuleLabel} extra={hint}>
      <Select allowClear placeholder={MSG.contentModuleNone} options={modules.map((m) => ({ value: m.id, label: m.alias }))} />
    </Form.Item>
  );
}
