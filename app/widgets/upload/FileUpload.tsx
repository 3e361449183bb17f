/**
 * The attachment upload (spec 2 §5 'File upload', §7 'Uploads'): POST /api/v2/files with the file and
 * `uid`; files over `maxSizeMB` (default 20, spec 2 §9, docs/decisions.md 80) are refused before sending
 * with 请选择小于 {N}M 的文件. The server checks the type and size again; its refusal of the file is shown,
 * any other failure says 文件上传失败，请稍后再试 (spec 2 §8).
 */
import { Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { ATTACHMENT_MAX_MB } from '@common/constants';
import { Upload } from './Upload';
import { checkFileSize } from './rules';
import { responseUrl } from './send';

/** What the server answers for an uploaded attachment. */
export interface UploadedFile {
  id?: number;
  url: string;
  name: string;
  size: number;
  contentType: string;
}

export interface FileUploadProps {
  /** MB; default 20 */
  maxSizeMB?: number;
  accept?: string;
  maxCount?: number;
  onExceed?: (files: File[], current: number) => void;
  /** the uploader's user id, sent as `uid` (spec 2 §3) */
  uid?: string | number;
  onUploaded?: (file: UploadedFile) => void;
  onError?: (message: string) => void;
  /** a drop zone instead of a button */
  drag?: boolean;
  label?: string;
}

/** Uploads attachments; each success gives the file's address, name, size and type. */
export function FileUpload({
  maxSizeMB = ATTACHMENT_MAX_MB,
  accept,
  maxCount,
  onExceed,
  uid,
  onUploaded,
  onError,
  drag,
  label = MSG.uploadFile,
}: FileUploadProps) {
  return (
    <Upload
      action="/api/v2/files"
      data={uid !== undefined ? { uid } : undefined}
      accept={accept}
      maxCount={maxCount}
      onExceed={onExceed}
      multiple={maxCount !== 1}
      drag={drag}
      check={(file) => checkFileSize(file.size, maxSizeMB)}
      failMessage={MSG.uploadFileFailed}
      onSuccess={(res) => {
        const url = responseUrl(res);
        if (url && res && typeof res === 'object') onUploaded?.({ ...(res as UploadedFile), url });
      }}
      onError={(m) => onError?.(m)}
    >
      {drag ? (
        <div className="atr-upload__drop">
          <p className="ant-upload-drag-icon">
            <UploadOutlined />
          </p>
          <p>{MSG.uploadDragHint}</p>
        </div>
      ) : (
        <Button icon={<UploadOutlined />}>{label}</Button>
      )}
    </Upload>
  );
}
