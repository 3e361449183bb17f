/** Answers of the upload calls and of the stored files (spec 2 §7 'Uploads'; server/routes/files). */
import { z } from 'zod';

/** A stored file as the list and the attachment upload answer it (sizes in bytes, pixels for images). */
export const storedFileAnswer = z.object({
  id: z.number().int(),
  key: z.string().describe('存储键（生成的文件名）'),
  url: z.string().describe('文件地址 /files/<key>'),
  name: z.string().describe('上传时的文件名'),
  size: z.number().describe('大小（字节）'),
  contentType: z.string().describe('检测到的文件类型'),
  width: z.number().int().nullable().describe('图片宽度（像素）；非图片为 null'),
  height: z.number().int().nullable().describe('图片高度（像素）；非图片为 null'),
  uploaderId: z.number().int().nullable().describe('上传者'),
  uploaderName: z.string().nullable().describe('上传者姓名'),
  createdAt: z.string(),
});
export type StoredFile = z.infer<typeof storedFileAnswer>;

/** GET /api/v1/files/{key}/info: what the console's editors show of a stored file. */
export const fileInfoAnswer = storedFileAnswer.pick({ url: true, name: true, size: true, contentType: true });
export type FileInfo = z.infer<typeof fileInfoAnswer>;

/** DELETE /api/v1/files/{id}. */
export const fileDeletedAnswer = z.object({ id: z.number().int(), message: z.string().describe('给用户看的中文提示') });

/** POST /api/v1/files (an image): not JSON but the relative path of the stored image as text. */
export const imagePathAnswer = {
  description: '图片的相对地址 /files/<key>（纯文本）',
  content: { 'text/plain': { schema: z.string().describe('/files/<key>') } },
};

/** GET /files/{key}: the bytes of the file, with its detected type. */
export const fileBytesAnswer = {
  description: '文件内容，Content-Type 为检测到的类型；图片（及 inline=1 的 PDF）在页面中显示，其余作为附件下载',
  content: { 'application/octet-stream': { schema: z.string().describe('文件的字节') } },
};
