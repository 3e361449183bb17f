/** Dialog rules and upload checks of the rich-text editor (spec 2 §5, §9). */
import { describe, expect, it } from 'vitest';
import { attachmentFilled, imageFilled, linkAddressValid, linkFilled, tableFilled, tableValid } from './rules';
import { addressOf, checkFile, checkImage } from './upload';

describe('editor dialog rules', () => {
  it('table: both numbers filled, rows 1-100, columns 1-8', () => {
    expect(tableFilled(3, null)).toBe(false);
    expect(tableFilled(undefined, 2)).toBe(false);
    expect(tableFilled(3, 2)).toBe(true);
    expect(tableValid(100, 8)).toBe(true);
    expect(tableValid(1, 1)).toBe(true);
    expect(tableValid(101, 8)).toBe(false);
    expect(tableValid(5, 9)).toBe(false);
    expect(tableValid(0, 3)).toBe(false);
    expect(tableValid(2.5, 3)).toBe(false);
  });
  it('link and attachment need text and address; image needs an upload', () => {
    expect(linkFilled('知网', '')).toBe(false);
    expect(linkFilled('  ', 'https://x.cn')).toBe(false);
    expect(linkFilled('知网', 'https://www.cnki.net')).toBe(true);
    expect(linkAddressValid('https://www.cnki.net/a?b=1')).toBe(true);
    expect(linkAddressValid('/resources/notices/1')).toBe(true);
    expect(linkAddressValid('javascript:alert(1)')).toBe(false);
    expect(linkAddressValid('//evil.cn')).toBe(false);
    // the check the server keeps (decision 251): no backslash, no encoded control character
    expect(linkAddressValid('/\\evil.cn')).toBe(false);
    expect(linkAddressValid('/%09/evil.cn')).toBe(false);
    expect(imageFilled('')).toBe(false);
    expect(imageFilled('/files/a.png')).toBe(true);
    expect(attachmentFilled('报告', '')).toBe(false);
    expect(attachmentFilled('报告', '/files/b.pdf')).toBe(true);
  });
});

describe('upload checks', () => {
  it('images: JPG/PNG only, at most 2048 KB by default', () => {
    expect(checkImage({ type: 'image/gif', size: 10 })).toBe('图片类型不正确');
    expect(checkImage({ type: 'image/png', size: 2048 * 1024 })).toBeNull();
    expect(checkImage({ type: 'image/jpeg', size: 2048 * 1024 + 1 })).toBe('请选择小于 2048K 的图片');
    expect(checkImage({ type: 'image/png', size: 501 * 1024 }, 500)).toBe('请选择小于 500K 的图片');
  });
  it('attachments: at most 20 MB', () => {
    expect(checkFile({ size: 20 * 1024 * 1024 })).toBeNull();
    expect(checkFile({ size: 20 * 1024 * 1024 + 1 })).toBe('请选择小于 20M 的文件');
  });
  it('reads the address from either answer form', () => {
    expect(addressOf('/files/abc.png')).toBe('/files/abc.png');
    expect(addressOf('"/files/abc.png"')).toBe('/files/abc.png');
    expect(addressOf('{"id":3,"url":"/files/x.pdf"}')).toBe('/files/x.pdf');
    expect(addressOf('{"id":3}')).toBe('');
  });
});
