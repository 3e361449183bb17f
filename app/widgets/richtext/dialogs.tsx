/**
 * The four dialogs of the rich-text editor (spec 2 §2, §3 'Editor dialog form data', §5, §9): insert
 * table (rowNum 1-100, colNum 1-8), insert link (text + address), insert image (an uploaded JPG/PNG of at
 * most 2048 KB), insert attachment (text + an uploaded file of at most 20 MB). Each is an antd Modal of
 * the default width whose body unmounts when it closes, so its fields reset (spec 2 §4). The insert
 * button is enabled by the rules of ./rules.ts.
 */
import { useState, type ReactNode } from 'react';
import { App, Button, Form, Input, InputNumber, Modal, Progress, Upload } from 'antd';
import { PaperClipOutlined, PictureOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { DIALOG_WIDTH, EDITOR_TABLE_MAX_COLS, EDITOR_TABLE_MAX_ROWS } from '@common/constants';
import { attachmentFilled, imageFilled, linkAddressValid, linkFilled, tableFilled, tableValid } from './rules';
import { checkFile, checkImage, uploadAttachment, uploadImage, imageSize } from './upload';

export type DialogKind = 'table' | 'link' | 'image' | 'attachment';

/** What a dialog hands back on insert. */
export type DialogResult =
  | { kind: 'table'; rowNum: number; colNum: number }
  | { kind: 'link'; text: string; link: string }
  | { kind: 'image'; url: string; width?: number; height?: number }
  | { kind: 'attachment'; text: string; link: string };

const TITLES: Record<DialogKind, string> = { table: MSG.rtTable, link: MSG.rtLink, image: MSG.rtImage, attachment: MSG.rtAttachment };

export interface EditorDialogProps {
  /** the open dialog, or null */
  open: DialogKind | null;
  /** text selected in the editor (prefills the link text) */
  selectedText?: string;
  /** the address of the link at the selection (prefills the link address) */
  currentLink?: string;
  /** the uploader's user id, sent as `uid` */
  uid?: string | number;
  onInsert(result: DialogResult): void;
  onClose(): void;
}

/** The dialog host: one Modal whose body is the open dialog's form. */
export function EditorDialogs({ open, selectedText, currentLink, uid, onInsert, onClose }: EditorDialogProps) {
  const [kind, setKind] = useState<DialogKind>('table');
  if (open && open !== kind) setKind(open);
  const body =
    kind === 'table' ? (
      <TableForm onInsert={onInsert} onCancel={onClose} />
    ) : kind === 'link' ? (
      <LinkForm text={selectedText} link={currentLink} onInsert={onInsert} onCancel={onClose} />
    ) : kind === 'image' ? (
      <ImageForm uid={uid} onInsert={onInsert} onCancel={onClose} />
    ) : (
      <AttachmentForm uid={uid} onInsert={onInsert} onCancel={onClose} />
    );
  return (
    <Modal
      title={TITLES[kind]}
      open={open !== null}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={DIALOG_WIDTH}
      className={`atr-rte-dialog atr-rte-dialog--${kind}`}
    >
      {body}
    </Modal>
  );
}

function Footer({ disabled, onCancel, busy }: { disabled: boolean; onCancel(): void; busy?: boolean }) {
  return (
    <div className="atr-rte-dialog__footer">
      <Button onClick={onCancel}>{MSG.cancel}</Button>
      <Button type="primary" htmlType="submit" disabled={disabled} loading={busy}>
        {MSG.rtInsert}
      </Button>
    </div>
  );
}

interface FormPartProps {
  onInsert(r: DialogResult): void;
  onCancel(): void;
}

function TableForm({ onInsert, onCancel }: FormPartProps) {
  const [form] = Form.useForm<{ rowNum?: number | null; colNum?: number | null }>();
  const rowNum = Form.useWatch('rowNum', form);
  const colNum = Form.useWatch('colNum', form);
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(v) => {
        if (tableValid(v.rowNum, v.colNum)) onInsert({ kind: 'table', rowNum: v.rowNum!, colNum: v.colNum! });
      }}
    >
      <Form.Item name="rowNum" label={MSG.rtTableRows}>
        <InputNumber min={1} max={EDITOR_TABLE_MAX_ROWS} precision={0} placeholder={MSG.rtTableRows} style={{ width: '100%' }} autoFocus />
      </Form.Item>
      <Form.Item name="colNum" label={MSG.rtTableCols}>
        <InputNumber min={1} max={EDITOR_TABLE_MAX_COLS} precision={0} placeholder={MSG.rtTableCols} style={{ width: '100%' }} />
      </Form.Item>
      <Footer disabled={!tableFilled(rowNum, colNum)} onCancel={onCancel} />
    </Form>
  );
}

function LinkForm({ text, link, onInsert, onCancel }: FormPartProps & { text?: string; link?: string }) {
  const [form] = Form.useForm<{ text: string; link: string }>();
  const t = Form.useWatch('text', form);
  const l = Form.useWatch('link', form);
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ text: text ?? '', link: link ?? '' }}
      onFinish={(v) => onInsert({ kind: 'link', text: v.text.trim(), link: v.link.trim() })}
    >
      <Form.Item name="text" label={MSG.rtLinkText} rules={[{ required: true, whitespace: true, message: MSG.rtLinkText }]}>
        <Input placeholder={MSG.rtLinkText} maxLength={200} autoFocus />
      </Form.Item>
      <Form.Item
        name="link"
        label={MSG.rtLinkUrl}
        validateTrigger="onSubmit"
        rules={[
          { required: true, whitespace: true, message: MSG.rtLinkUrl },
          { validator: (_r, v: string) => (!v || linkAddressValid(v) ? Promise.resolve() : Promise.reject(new Error(MSG.linkInvalid))) },
        ]}
      >
        <Input placeholder="https://" maxLength={2000} />
      </Form.Item>
      <Footer disabled={!linkFilled(t, l)} onCancel={onCancel} />
    </Form>
  );
}

/** An upload box: the chosen file's name and progress (0-99 while sending, 100 on success). */
function UploadBox({
  accept,
  icon,
  label,
  hint,
  check,
  upload,
  onDone,
}: {
  accept: string;
  icon: ReactNode;
  label: string;
  hint: string;
  check(file: File): string | null;
  upload(file: File, onProgress: (p: number) => void): Promise<string>;
  onDone(url: string, file: File): void;
}) {
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [failed, setFailed] = useState(false);
  return (
    <div className="atr-rte-upload">
      <Upload
        accept={accept}
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          const refused = check(file);
          if (refused) {
            message.error(refused);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file }) => {
          const f = file as File;
          setName(f.name);
          setFailed(false);
          setPercent(0);
          upload(f, setPercent).then(
            (url) => {
              setPercent(100);
              onDone(url, f);
            },
            (err: Error) => {
              setPercent(0);
              setFailed(true);
              message.error(err.message);
            },
          );
        }}
      >
        <Button icon={icon}>{label}</Button>
      </Upload>
      <div className="atr-muted atr-rte-upload__hint">{hint}</div>
      {percent !== null && (
        <div className="atr-rte-upload__file">
          <span className="atr-rte-upload__name">{name}</span>
          <Progress percent={percent} size="small" status={failed ? 'exception' : percent === 100 ? 'success' : 'active'} />
        </div>
      )}
    </div>
  );
}

function ImageForm({ uid, onInsert, onCancel }: FormPartProps & { uid?: string | number }) {
  const [url, setUrl] = useState('');
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  return (
    <Form layout="vertical" onFinish={() => onInsert({ kind: 'image', url, ...(size ?? {}) })}>
      <Form.Item label={MSG.rtImage}>
        <UploadBox
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          icon={<PictureOutlined />}
          label={MSG.rtChooseImage}
          hint={MSG.rtImageHint}
          check={(f) => checkImage(f)}
          upload={(f, p) => uploadImage(f, uid, p)}
          onDone={(u) => {
            setUrl(u);
            void imageSize(u).then(setSize);
          }}
        />
        {url && <img className="atr-rte-upload__preview" src={url} alt="" />}
      </Form.Item>
      <Footer disabled={!imageFilled(url)} onCancel={onCancel} />
    </Form>
  );
}

function AttachmentForm({ uid, onInsert, onCancel }: FormPartProps & { uid?: string | number }) {
  const [form] = Form.useForm<{ text: string; link: string }>();
  const t = Form.useWatch('text', form);
  const l = Form.useWatch('link', form);
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ text: '', link: '' }}
      onFinish={(v) => onInsert({ kind: 'attachment', text: v.text.trim(), link: v.link })}
    >
      <Form.Item name="text" label={MSG.rtAttachmentText} rules={[{ required: true, whitespace: true, message: MSG.rtAttachmentText }]}>
        <Input placeholder={MSG.rtAttachmentText} maxLength={200} autoFocus />
      </Form.Item>
      <Form.Item name="link" hidden>
        <Input />
      </Form.Item>
      <Form.Item label={MSG.rtChooseFile}>
        <UploadBox
          accept="*"
          icon={<PaperClipOutlined />}
          label={MSG.rtChooseFile}
          hint={MSG.rtAttachmentHint}
          check={(f) => checkFile(f)}
          upload={(f, p) => uploadAttachment(f, uid, p)}
          onDone={(u, f) => {
            form.setFieldValue('link', u);
            if (!String(form.getFieldValue('text') ?? '').trim()) form.setFieldValue('text', f.name);
          }}
        />
      </Form.Item>
      <Footer disabled={!attachmentFilled(t, l)} onCancel={onCancel} />
    </Form>
  );
}
