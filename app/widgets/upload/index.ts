/** The upload widgets (spec 2 §4, §5, §7 'Uploads', §8). */
export { Upload, type UploadProps } from './Upload';
export { ImageUpload, readImageSize, type ImageUploadProps } from './ImageUpload';
export { FileUpload, type FileUploadProps, type UploadedFile } from './FileUpload';
export {
  formatBytes,
  matchesAccept,
  sendingPercent,
  uploadReducer,
  uploadErrorMessage,
  uploadFailureMessage,
  joinFileHost,
  checkImageFile,
  checkImageDimensions,
  checkFileSize,
} from './rules';
export { sendFile, responseUrl, UploadError } from './send';
