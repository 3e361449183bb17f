/**
 * The generic upload component (spec 2 §4, §5 'Generic upload', §7, §8) on antd's Upload: the file under
 * the field `file` plus extra data fields, a count limit with an exceed callback, an accept filter (by
 * extension, mime type or wildcard, also for dragged files), progress 0-99 while sending and 100 on
 * success; on failure the file leaves the list and `onError` runs with the answer's error, the answer's
 * text, or 上传失败：{url} {status} (with `failMessage`: that message unless the server refused the file
 * itself). Cookies and the XSRF header go with every upload (send.ts).
 */
import { useRef, useState, type ReactNode } from 'react';
import { App, Upload as AntUpload, type UploadFile, type UploadProps as AntUploadProps } from 'antd';
import { MSG, fillMsg } from '@common/messages';
import { matchesAccept, sendingPercent, uploadFailureMessage } from './rules';
import { sendFile, UploadError, type UploadResponse } from './send';

export interface UploadProps {
  /** where to POST the multipart body */
  action: string;
  /** field name of the file (default `file`) */
  name?: string;
  /** extra text fields sent with the file */
  data?: Record<string, unknown>;
  /** accepted files: `.png,image/*,application/pdf`; applies to chosen and dragged files */
  accept?: string;
  /** most files in the list; going over calls `onExceed` and adds none of the new files */
  maxCount?: number;
  onExceed?: (files: File[], current: number) => void;
  multiple?: boolean;
  /** a check before sending: a message refuses the file (shown and given to `onError`) */
  check?: (file: File) => string | null | Promise<string | null>;
  /** told of each answered upload (the parsed answer) */
  onSuccess?: (response: UploadResponse, file: UploadFile) => void;
  /** told of each failure with the message to show */
  onError?: (message: string, file: UploadFile | File) => void;
  /** the list changed (added, progress, done, removed) */
  onListChange?: (files: UploadFile[]) => void;
  /** a drop zone (antd Upload.Dragger) instead of a click target */
  drag?: boolean;
  listType?: AntUploadProps['listType'];
  showUploadList?: AntUploadProps['showUploadList'];
  disabled?: boolean;
  /** show antd messages for failures (default true) */
  showMessages?: boolean;
  /**
   * what a failed send says (文件上传失败，请稍后再试, spec 2 §8), unless the server refused the file itself
   * (rules.ts `uploadFailureMessage`); without it, the generic rule (`uploadErrorMessage`)
   */
  failMessage?: string;
  children?: ReactNode;
  className?: string;
}

/** The generic upload widget. */
export function Upload(props: UploadProps) {
  const { action, name = 'file', data, accept, maxCount, onExceed, check, onSuccess, onError, onListChange, showMessages = true, failMessage } = props;
  const [fileList, setFileList] = useState<UploadFile[]>([]);
  const listRef = useRef(fileList);
  const { message } = App.useApp();
  const setList = (next: UploadFile[]) => {
    listRef.current = next;
    setFileList(next);
    onListChange?.(next);
  };
  const fail = (msg: string, file: UploadFile | File) => {
    if (showMessages) message.error(msg);
    onError?.(msg, file);
  };

  const antProps: AntUploadProps = {
    name,
    fileList,
    multiple: props.multiple,
    disabled: props.disabled,
    listType: props.listType,
    showUploadList: props.showUploadList,
    className: props.className,
    accept: accept
      ? {
          format: accept,
          // dropped files go through the same matcher as chosen ones (spec 2 §5)
          filter: (file) => {
            const ok = matchesAccept(file, accept);
            if (!ok) fail(MSG.uploadFileType, file);
            return ok;
          },
        }
      : undefined,
    beforeUpload: async (file, batch) => {
      if (maxCount !== undefined && batch.indexOf(file) === 0 && listRef.current.length + batch.length > maxCount) {
        onExceed?.(batch, listRef.current.length);
        if (showMessages) message.warning(fillMsg(MSG.uploadCountExceeded, { n: maxCount }));
      }
      if (maxCount !== undefined && listRef.current.length + batch.length > maxCount) return AntUpload.LIST_IGNORE;
      const refusal = check ? await check(file) : null;
      if (refusal) {
        fail(refusal, file);
        return AntUpload.LIST_IGNORE;
      }
      return true;
    },
    customRequest: ({ file, onProgress, onSuccess: ok, onError: ko }) => {
      const f = file as File;
      const req = sendFile({
        url: action,
        file: f,
        fieldName: name,
        data,
        onProgress: (loaded, total) => onProgress?.({ percent: sendingPercent(loaded, total) }),
      });
      req.promise.then(
        (res) => ok?.(res as never),
        (err: UploadError) => ko?.(err),
      );
      return { abort: req.abort };
    },
    onChange: ({ file, fileList: next }) => {
      if (file.status === 'error') {
        // spec 2 §8: the failed file is removed and the error callback runs
        setList(next.filter((f) => f.uid !== file.uid));
        const err = file.error as UploadError | undefined;
        const status = err?.status ?? 0;
        fail(
          failMessage !== undefined
            ? uploadFailureMessage(status, err?.responseText ?? '', failMessage)
            : err?.message || fillMsg(MSG.uploadPostFailed, { url: action, status }),
          file,
        );
        return;
      }
      if (file.status === 'done') {
        setList(next.map((f) => (f.uid === file.uid ? { ...f, percent: 100 } : f)));
        onSuccess?.(file.response, file);
        return;
      }
      setList(next);
    },
  };
  return props.drag ? <AntUpload.Dragger {...antProps}>{props.children}</AntUpload.Dragger> : <AntUpload {...antProps}>{props.children}</AntUpload>;
}
