/**
 * The image uploader (spec 2 §4 'Image uploader: idle, progress, success or error', §5 'Image upload',
 * §7): checks jpeg/png, the size in KB (default 2048) and, when all four are set, the pixel ranges before
 * sending to POST /api/v1/files (the server checks again); shows progress 0-99, the image at 100, or the
 * error message with progress back at 0: 图片上传失败，请稍后再试 (spec 2 §8) unless the server refused the
 * file itself (rules.ts `uploadFailureMessage`). The reply's relative path is joined with the file host.
 */
import { useReducer } from 'react';
import { App, Progress, Upload as AntUpload } from 'antd';
import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { IMAGE_MAX_KB } from '@common/constants';
import { ViewableImage } from '../image/ViewableImage';
import { checkImageDimensions, checkImageFile, joinFileHost, uploadFailureMessage, uploadReducer, type ImageLimits, type UploadState } from './rules';
import { responseUrl, sendFile, UploadError } from './send';
import './upload.css';

export interface ImageUploadProps extends ImageLimits {
  /** the current image address (controlled) */
  value?: string | null;
  /** the new address after a successful upload, or null when removed */
  onChange?: (url: string | null) => void;
  onError?: (message: string) => void;
  /** prefix of the server's relative path; this server by default */
  fileHost?: string;
  /** the uploader's user id, sent as `uid` (spec 2 §3) */
  uid?: string | number;
  /** box size in px (default 104) */
  size?: number;
  label?: string;
}

/** Reads an image file's pixel size in the browser; rejects when the browser cannot decode it. */
export async function readImageSize(file: Blob): Promise<{ width: number; height: number }> {
  const url = URL.createObjectURL(file);
  try {
    return await new Promise((resolve, reject) => {
      const img = new Image();
      img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
      img.onerror = () => reject(new Error('decode'));
      img.src = url;
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** One image, uploaded with the four states of spec 2 §4. */
export function ImageUpload(props: ImageUploadProps) {
  const { value, onChange, onError, fileHost = '', uid, size = 104, label = MSG.uploadImage } = props;
  const limits: ImageLimits = {
    maxSizeKB: props.maxSizeKB ?? IMAGE_MAX_KB,
    minWidth: props.minWidth,
    maxWidth: props.maxWidth,
    minHeight: props.minHeight,
    maxHeight: props.maxHeight,
  };
  const [state, dispatch] = useReducer(uploadReducer, { status: 'idle', percent: 0 } as UploadState);
  const { message } = App.useApp();
  const fail = (msg: string) => {
    dispatch({ type: 'error', message: msg });
    message.error(msg);
    onError?.(msg);
  };

  const start = async (file: File) => {
    const refusal = checkImageFile(file, limits);
    if (refusal) return fail(refusal);
    try {
      const dims = await readImageSize(file);
      const bad = checkImageDimensions(dims.width, dims.height, limits);
      if (bad) return fail(bad);
    } catch {
      return fail(MSG.uploadImageType);
    }
    dispatch({ type: 'start' });
    const data: Record<string, unknown> = {
      uid,
      maxSize: limits.maxSizeKB,
      minWidth: limits.minWidth,
      maxWidth: limits.maxWidth,
      minHeight: limits.minHeight,
      maxHeight: limits.maxHeight,
    };
    try {
      const res = await sendFile({ url: '/api/v1/files', file, data, onProgress: (loaded, total) => dispatch({ type: 'progress', loaded, total }) }).promise;
      const path = responseUrl(res);
      if (!path) return fail(MSG.uploadImageFailed);
      const url = joinFileHost(path, fileHost);
      dispatch({ type: 'success', url });
      onChange?.(url);
    } catch (err) {
      // 图片上传失败，请稍后再试 unless the server refused the file itself
      fail(err instanceof UploadError ? uploadFailureMessage(err.status, err.responseText, MSG.uploadImageFailed) : MSG.uploadImageFailed);
    }
  };

  const shown = state.status === 'success' ? state.url : state.status === 'idle' || state.status === 'error' ? value : null;
  return (
    <div className="atr-image-upload" data-state={state.status} style={{ width: size }}>
      <AntUpload
        accept="image/jpeg,image/png"
        showUploadList={false}
        disabled={state.status === 'progress'}
        beforeUpload={(file) => {
          void start(file);
          return false;
        }}
      >
        <div className="atr-image-upload__box" style={{ width: size, height: size }} role="button" aria-label={label}>
          {state.status === 'progress' ? (
            <Progress type="circle" percent={state.percent} size={Math.round(size * 0.6)} aria-label={`${state.percent}%`} />
          ) : shown ? (
            <ViewableImage src={shown} alt={label} width={size - 2} height={size - 2} />
          ) : (
            <span className="atr-image-upload__idle">
              {state.status === 'error' ? <ReloadOutlined /> : <PlusOutlined />}
              <span>{label}</span>
            </span>
          )}
        </div>
      </AntUpload>
      {shown && state.status !== 'progress' && (
        <button
          type="button"
          className="atr-image-upload__remove"
          aria-label={MSG.delete}
          onClick={() => {
            dispatch({ type: 'reset' });
            onChange?.(null);
          }}
        >
          <DeleteOutlined />
        </button>
      )}
      {state.status === 'error' && (
        <div className="atr-image-upload__error" role="alert">
          {state.message}
        </div>
      )}
    </div>
  );
}
