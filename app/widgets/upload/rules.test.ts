import { describe, expect, it } from 'vitest';
import {
  checkFileSize,
  checkImageDimensions,
  checkImageFile,
  joinFileHost,
  matchesAccept,
  sendingPercent,
  uploadErrorMessage,
  uploadFailureMessage,
  uploadReducer,
  type UploadState,
} from './rules';
import { responseUrl } from './send';

describe('accept matcher (spec 2 §5: extension, mime type or wildcard, also for dragged files)', () => {
  const png = { name: 'Photo.PNG', type: 'image/png' };
  const pdf = { name: 'paper.pdf', type: 'application/pdf' };
  const dragged = { name: 'scan.jpg', type: '' }; // some drops carry no mime type
  it.each([
    [png, '.png', true],
    [png, '.jpg,.png', true],
    [png, '.jpg', false],
    [png, 'image/png', true],
    [png, 'image/jpeg', false],
    [png, 'image/*', true],
    [pdf, 'image/*', false],
    [pdf, 'application/pdf, .docx', true],
    [pdf, '*', true],
    [pdf, '*/*', true],
    [pdf, '', true],
    [pdf, undefined, true],
    [dragged, 'image/*', false],
    [dragged, '.jpg', true],
    [dragged, 'image/*,.jpg', true],
    [{ name: 'archive.tar.gz', type: 'application/gzip' }, '.gz', true],
    [{ name: 'x.png.exe', type: '' }, '.png', false],
  ])('%o with %s → %s', (file, accept, expected) => {
    expect(matchesAccept(file, accept)).toBe(expected);
  });
});

describe('progress and states (spec 2 §4)', () => {
  it('runs 0-99 while sending and reaches 100 only on success', () => {
    expect(sendingPercent(0, 100)).toBe(0);
    expect(sendingPercent(50, 100)).toBe(50);
    expect(sendingPercent(100, 100)).toBe(99);
    expect(sendingPercent(5, 0)).toBe(0);
    let s: UploadState = { status: 'idle', percent: 0 };
    s = uploadReducer(s, { type: 'start' });
    expect(s).toEqual({ status: 'progress', percent: 0 });
    s = uploadReducer(s, { type: 'progress', loaded: 999, total: 1000 });
    expect(s.percent).toBe(99);
    s = uploadReducer(s, { type: 'progress', loaded: 10, total: 1000 }); // never goes back
    expect(s.percent).toBe(99);
    expect(uploadReducer(s, { type: 'success', url: '/files/a.png' })).toEqual({ status: 'success', percent: 100, url: '/files/a.png' });
    expect(uploadReducer(s, { type: 'error', message: '图片格式不正确' })).toEqual({ status: 'error', percent: 0, message: '图片格式不正确' });
    expect(uploadReducer({ status: 'idle', percent: 0 }, { type: 'progress', loaded: 1, total: 2 }).status).toBe('idle');
  });
});

describe('browser-side checks (spec 2 §5, messages of §8)', () => {
  it('images: jpeg/png only, size in KB', () => {
    expect(checkImageFile({ name: 'a.gif', type: 'image/gif', size: 10 }, {})).toBe('图片格式不正确');
    expect(checkImageFile({ name: 'a.png', type: '', size: 10 }, {})).toBe('图片格式不正确');
    expect(checkImageFile({ name: 'a.png', type: 'image/png', size: 2048 * 1024 + 1 }, { maxSizeKB: 2048 })).toBe('请选择小于 2048 K 的图片');
    expect(checkImageFile({ name: 'a.jpg', type: 'image/jpeg', size: 2048 * 1024 }, { maxSizeKB: 2048 })).toBeNull();
  });
  it('pixel ranges only when all four are set', () => {
    const l = { minWidth: 100, maxWidth: 200, minHeight: 50, maxHeight: 60 };
    expect(checkImageDimensions(99, 55, l)).toBe('请选择宽度在 100 到 200 像素之间的图片');
    expect(checkImageDimensions(150, 61, l)).toBe('请选择高度在 50 到 60 像素之间的图片');
    expect(checkImageDimensions(200, 50, l)).toBeNull();
    expect(checkImageDimensions(1, 1, { minWidth: 100, maxWidth: 200, minHeight: 50 })).toBeNull();
  });
  it('files: size in MB', () => {
    expect(checkFileSize(20 * 1024 * 1024 + 1, 20)).toBe('请选择小于 20M 的文件');
    expect(checkFileSize(20 * 1024 * 1024, 20)).toBeNull();
    expect(checkFileSize(1e12, undefined)).toBeNull();
  });
});

describe('image and attachment upload failure message (spec 2 §8)', () => {
  const IMG = '图片上传失败，请稍后再试';
  const refusal = (code: string, message: string) => JSON.stringify({ error: { code, message } });
  it('says 图片上传失败，请稍后再试 when the upload itself failed, whatever the server wrote', () => {
    expect(uploadFailureMessage(500, 'Internal Server Error: disk full', IMG)).toBe(IMG);
    expect(uploadFailureMessage(500, refusal('internal', '服务器内部错误'), IMG)).toBe(IMG);
    expect(uploadFailureMessage(502, '<html><body>502 Bad Gateway</body></html>', IMG)).toBe(IMG);
    expect(uploadFailureMessage(503, refusal('bad_type', '图片格式不正确'), IMG)).toBe(IMG); // a 5xx is never a refusal of the file
    expect(uploadFailureMessage(0, '', IMG)).toBe(IMG); // no answer: network error, aborted
    expect(uploadFailureMessage(413, '<html><body>413 Request Entity Too Large</body></html>', IMG)).toBe(IMG); // a proxy's page
    expect(uploadFailureMessage(400, 'Bad Request', IMG)).toBe(IMG);
    expect(uploadFailureMessage(400, JSON.stringify({ error: 'quota exceeded' }), IMG)).toBe(IMG);
  });
  it('says it too for refusals that are not about the file (sign-in, rights, rate, malformed fields)', () => {
    expect(uploadFailureMessage(401, refusal('not_signed_in', '请先登录'), IMG)).toBe(IMG);
    expect(uploadFailureMessage(403, refusal('forbidden', '没有权限执行此操作'), IMG)).toBe(IMG);
    expect(uploadFailureMessage(429, refusal('too_many_requests', '请求过于频繁'), IMG)).toBe(IMG);
    expect(uploadFailureMessage(400, refusal('bad_request', '请求参数不正确'), IMG)).toBe(IMG);
  });
  it("keeps the server's refusal of the file itself, which tells what to choose instead", () => {
    expect(uploadFailureMessage(400, refusal('bad_type', '图片格式不正确'), IMG)).toBe('图片格式不正确');
    expect(uploadFailureMessage(413, refusal('too_large', '请选择小于 2048 K 的图片'), IMG)).toBe('请选择小于 2048 K 的图片');
    expect(uploadFailureMessage(400, refusal('bad_size', '请选择宽度在 100 到 200 像素之间的图片'), IMG)).toBe('请选择宽度在 100 到 200 像素之间的图片');
    expect(uploadFailureMessage(400, refusal('empty', '文件内容为空'), '文件上传失败，请稍后再试')).toBe('文件内容为空');
    expect(uploadFailureMessage(400, refusal('bad_type', '   '), IMG)).toBe(IMG); // no words to show
  });
});

describe("generic upload failure message (spec 2 §8 'Generic upload')", () => {
  it('takes the answer error, then the answer text, then 上传失败：{url} {status}', () => {
    expect(uploadErrorMessage(400, JSON.stringify({ error: { code: 'bad_type', message: '图片格式不正确' } }), '/api/v1/files')).toBe('图片格式不正确');
    expect(uploadErrorMessage(400, JSON.stringify({ error: 'quota exceeded' }), '/x')).toBe('quota exceeded');
    expect(uploadErrorMessage(502, 'Bad Gateway', '/x')).toBe('Bad Gateway');
    expect(uploadErrorMessage(413, '<html><body>413 Request Entity Too Large</body></html>', '/api/v2/files')).toBe('上传失败：/api/v2/files 413');
    expect(uploadErrorMessage(0, '', '/api/v2/files')).toBe('上传失败：/api/v2/files 0');
  });
  it('reads the address of either reply and joins the file host', () => {
    expect(responseUrl('/files/ab.png')).toBe('/files/ab.png');
    expect(responseUrl({ url: '/files/cd.pdf', name: 'x' })).toBe('/files/cd.pdf');
    expect(responseUrl({})).toBeNull();
    expect(joinFileHost('/files/ab.png')).toBe('/files/ab.png');
    expect(joinFileHost('/files/ab.png', 'https://cdn.example.cn/')).toBe('https://cdn.example.cn/files/ab.png');
    expect(joinFileHost('https://x.cn/a.png', 'https://cdn.example.cn')).toBe('https://x.cn/a.png');
  });
});

describe('formatBytes', () => {
  it('shows bytes, KB and MB', async () => {
    const { formatBytes } = await import('./rules');
    expect(formatBytes(532)).toBe('532 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(300 * 1024)).toBe('300 KB');
    expect(formatBytes(3.25 * 1024 * 1024)).toBe('3.3 MB');
  });
});
