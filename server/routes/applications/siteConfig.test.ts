/**
 * Header, footer, theme and logo calls (spec 1 §3 'Application config', spec 2 §7): saved configs read
 * back by host, the role matrix, refusals of bad input with Chinese messages (nothing written), and the
 * logo checked by its content.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Client, type TestContext, releaseApplication } from '../../test/harness.js';
import { MSG } from '../../../common/messages.js';

let ctx: TestContext;
let admin: Client;
let manager: Client;
let otherManager: Client;
let plain: Client;
let appId: number;
let otherId: number;
const HOST = 'chrome.example.cn';

async function makeManager(phone: string, applicationId: number): Promise<Client> {
  const c = await ctx.signIn(phone);
  const u = await ctx.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
  await ctx.db.insertInto('application_managers').values({ application_id: applicationId, user_id: u.id }).execute();
  return c;
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signIn('13700000001', 'super');
  appId = (await admin.post('/api/v1/applications', { name: '页头页脚测试站', host: HOST })).body.applicationId;
  otherId = (await admin.post('/api/v1/applications', { name: '另一个站点', host: 'other-chrome.example.cn' })).body.applicationId;
  await releaseApplication(admin, appId);
  await releaseApplication(admin, otherId);
  manager = await makeManager('13700000002', appId);
  otherManager = await makeManager('13700000003', otherId);
  plain = await ctx.signIn('13700000004');
});
afterAll(async () => {
  await ctx.close();
});

const row = () => ctx.db.selectFrom('applications').selectAll().where('id', '=', appId).executeTakeFirstOrThrow();
const byHost = async () => (await ctx.client().get(`/api/v1/applications/config?host=${HOST}`)).body;

/** A real PNG of w x h pixels (RGB, one colour), built by hand: signature, IHDR, IDAT, IEND. */
function png(w: number, h: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) raw.set([0, 102, 255], y * (w * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Sends one file as multipart/form-data under field `file`, as a browser's upload would. */
function upload(c: Client, id: number, bytes: Buffer, filename: string, mime: string) {
  const boundary = '----atriumtest' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return c.request('POST', `/api/v1/applications/${id}/logo`, undefined, {
    raw: body as unknown as string,
    contentType: `multipart/form-data; boundary=${boundary}`,
  });
}

const header = {
  menu: [
    { title: '首页资源', url: '/console/explore?scope=1' },
    {
      title: '关于我们',
      url: '',
      children: [
        { title: '机构简介', url: '/about' },
        { title: '联系方式', url: 'https://example.cn/contact' },
      ],
    },
  ],
  style: { transparentMenu: true, transparentMenuFontColor: '#FFF' },
  theme: 'dark',
  specificThemeUrl: '/theme/site.css',
  hideHome: true,
};
const footer = {
  copyright: '© 2026 某某研究所 版权所有',
  icpNumber: '京ICP备12345678号',
  recordNumber: '京公网安备 11010802000001号',
  friendLinks: [{ title: '国家科技图书文献中心', url: 'https://www.nstl.gov.cn/' }],
  serviceAccount: { image: '/files/qr-service.png' },
  subscriptionAccount: '/files/qr-sub.png',
  iosApp: { image: '/files/qr-ios.png', url: 'https://apps.apple.com/cn/app/id1' },
};

describe('header, footer and theme', () => {
  it('saves each config (wrapped or bare) and the site reads it back by host', async () => {
    const h = await manager.post(`/api/v1/applications/${appId}/header-config`, { headerConfig: header });
    expect(h.status).toBe(200);
    expect(h.body.message).toBe(MSG.headerConfigSaved);
    expect(h.body.headerConfig.menu[1].children.map((c: { title: string }) => c.title)).toEqual(['机构简介', '联系方式']);
    expect(h.body.headerConfig.style.transparentMenuFontColor).toBe('#fff');
    const f = await manager.post(`/api/v1/applications/${appId}/footer-config`, footer); // bare object
    expect(f.status).toBe(200);
    expect(f.body.footerConfig.subscriptionAccount).toEqual({ image: '/files/qr-sub.png', url: '' });
    const t = await admin.post(`/api/v1/applications/${appId}/theme-config`, { themeConfig: { primaryColor: '#C0392B' } });
    expect(t.status).toBe(200);
    expect(t.body.themeConfig).toEqual({ primaryColor: '#c0392b' });

    const site = await byHost();
    expect(site.headerConfig).toEqual(h.body.headerConfig);
    expect(site.footerConfig).toEqual(f.body.footerConfig);
    expect(site.themeConfig).toEqual({ primaryColor: '#c0392b' });
    expect(site.headerConfig.hideHome).toBe(true);
    expect(site.headerConfig.theme).toBe('dark');
    expect(site.footerConfig.icpNumber).toBe('京ICP备12345678号');
    expect(site.footerConfig.friendLinks[0]).toEqual({ title: '国家科技图书文献中心', url: 'https://www.nstl.gov.cn/' });
    const stored = await row();
    expect(JSON.parse(stored.footer_config).copyright).toBe('© 2026 某某研究所 版权所有');
    expect(JSON.parse(stored.theme_config).primaryColor).toBe('#c0392b');
  });

  it('a new application reads the defaults: empty menu, primary colour #06f', async () => {
    const site = (await ctx.client().get('/api/v1/applications/config?host=other-chrome.example.cn')).body;
    expect(site.headerConfig.menu).toEqual([]);
    expect(site.headerConfig.hideHome).toBe(false);
    expect(site.themeConfig.primaryColor).toBe('#06f');
    expect(site.footerConfig.copyright).toMatch(/另一个站点/);
  });

  it('an unsafe address stored by hand is not brought back to the site', async () => {
    await ctx.db
      .updateTable('applications')
      .set({ header_config: JSON.stringify({ menu: [{ title: '坏', url: 'javascript:alert(1)' }], hideHome: true }) })
      .where('id', '=', otherId)
      .execute();
    const site = (await ctx.client().get('/api/v1/applications/config?host=other-chrome.example.cn')).body;
    expect(site.headerConfig.menu).toEqual([]);
    expect(site.headerConfig.hideHome).toBe(true);
  });

  it('checks roles: anonymous 401, ordinary user 403, manager of another application 403, manager and super 200', async () => {
    const calls: Array<[string, unknown]> = [
      ['header-config', { headerConfig: { menu: [{ title: '新闻', url: '/news' }] } }],
      ['footer-config', { footerConfig: { copyright: '版权所有' } }],
      ['theme-config', { themeConfig: { primaryColor: '#1677ff' } }],
    ];
    for (const [call, body] of calls) {
      const url = `/api/v1/applications/${appId}/${call}`;
      const anon = await ctx.client().post(url, body);
      expect(anon.status, call).toBe(401);
      expect(anon.body.error.message).toBe(MSG.notSignedIn);
      const p = await plain.post(url, body);
      expect(p.status, call).toBe(403);
      expect(p.body.error.message).toBe(MSG.forbidden);
      expect((await otherManager.post(url, body)).status, call).toBe(403);
      expect((await manager.post(url, body)).status, call).toBe(200);
      expect((await admin.post(url, body)).status, call).toBe(200);
    }
    expect((await manager.post(`/api/v1/applications/999999/theme-config`, { themeConfig: { primaryColor: '#fff' } })).status).toBe(404);
    expect((await byHost()).themeConfig.primaryColor).toBe('#1677ff');
  });

  it('refuses bad input with a Chinese message and writes nothing', async () => {
    await manager.post(`/api/v1/applications/${appId}/header-config`, { headerConfig: header });
    await manager.post(`/api/v1/applications/${appId}/footer-config`, { footerConfig: footer });
    await manager.post(`/api/v1/applications/${appId}/theme-config`, { themeConfig: { primaryColor: '#06f' } });
    const before = await row();
    const refusals: Array<[string, unknown, string, string?]> = [
      ['header-config', { headerConfig: { menu: [{ title: '坏链接', url: 'javascript:alert(1)' }] } }, MSG.siteLinkInvalid, 'headerConfig.menu.0.url'],
      [
        'header-config',
        { headerConfig: { menu: [{ title: '父', children: [{ title: '子', url: 'JavaScript:void(0)' }] }] } },
        MSG.siteLinkInvalid,
        'headerConfig.menu.0.children.0.url',
      ],
      ['header-config', { headerConfig: { menu: [{ title: '<b>粗体</b>', url: '/x' }] } }, MSG.noMarkup, 'headerConfig.menu.0.title'],
      ['header-config', { headerConfig: { menu: [{ title: '无地址' }] } }, MSG.menuUrlRequired, 'headerConfig.menu.0.url'],
      [
        'header-config',
        { headerConfig: { menu: [{ title: '父', url: '/a', children: [{ title: '子', url: '/b', children: [{ title: '孙', url: '/c' }] }] }] } },
        MSG.badRequest,
      ],
      ['header-config', { headerConfig: { menu: Array.from({ length: 13 }, (_, i) => ({ title: `菜单${i}`, url: `/m${i}` })) } }, MSG.menuTooMany],
      [
        'header-config',
        { headerConfig: { style: { transparentMenu: true, transparentMenuFontColor: 'red' } } },
        MSG.colorInvalid,
        'headerConfig.style.transparentMenuFontColor',
      ],
      ['header-config', { headerConfig: { specificThemeUrl: '//evil.example.com/x.css' } }, MSG.siteLinkInvalid],
      ['header-config', { headerConfig: { menu: 'x', hideHome: 'yes' } }, MSG.invalidInput],
      ['header-config', { headerConfig: { theme: 'neon' } }, MSG.headerThemeInvalid],
      ['footer-config', { footerConfig: { copyright: '<script>alert(1)</script>' } }, MSG.noMarkup, 'footerConfig.copyright'],
      ['footer-config', { footerConfig: { friendLinks: [{ title: '坏', url: 'data:text/html,<b>x</b>' }] } }, MSG.siteLinkInvalid],
      ['footer-config', { footerConfig: { miniProgram: { image: 'javascript:alert(1)' } } }, MSG.siteLinkInvalid],
      ['footer-config', { footerConfig: { icpNumber: 12345 } }, MSG.invalidInput],
      ['footer-config', { footerConfig: { evil: 1 } }, MSG.badRequest],
      ['theme-config', { themeConfig: { primaryColor: 'blue' } }, MSG.colorInvalid, 'themeConfig.primaryColor'],
      ['theme-config', { themeConfig: { primaryColor: '#12345' } }, MSG.colorInvalid],
      ['theme-config', { themeConfig: { primaryColor: 6 } }, MSG.colorInvalid],
      ['theme-config', [1, 2], MSG.badRequest],
    ];
    for (const [call, body, message, field] of refusals) {
      const r = await manager.post(`/api/v1/applications/${appId}/${call}`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.message, JSON.stringify(body)).toBe(message);
      expect(r.body.error.message).toMatch(/[\u4e00-\u9fff]/);
      if (field) expect(Object.keys(r.body.error.fields)).toContain(field);
    }
    const big = await manager.post(`/api/v1/applications/${appId}/footer-config`, { footerConfig: { copyright: 'x'.repeat(1024 * 1024) } });
    expect(big.status).toBe(413);
    expect(big.body.error.message).toBe(MSG.payloadTooLarge);
    const junk = await manager.request('POST', `/api/v1/applications/${appId}/header-config`, undefined, { raw: '{"headerConfig":' });
    expect(junk.status).toBe(400);
    expect(junk.body.error.message).toBe(MSG.badJson);
    const after = await row();
    expect([after.header_config, after.footer_config, after.theme_config]).toEqual([before.header_config, before.footer_config, before.theme_config]);
  });
});

describe('logo', () => {
  it('accepts a real PNG, serves it, replaces and deletes it', async () => {
    const bytes = png(40, 20);
    const r = await upload(manager, appId, bytes, 'logo.png', 'image/png');
    expect(r.status, r.text).toBe(200);
    expect(r.body.message).toBe(MSG.logoSaved);
    const url: string = r.body.logo;
    expect(url).toMatch(/^\/files\/logos\/[0-9a-f]{32}\.png$/);
    expect((await row()).logo).toBe(url);
    expect((await byHost()).logo).toBe(url);
    const file = path.join(ctx.config.dataDir, 'files', 'logos', url.split('/').pop()!);
    expect(fs.readFileSync(file)).toEqual(bytes);
    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload).toEqual(bytes);

    const second = await upload(admin, appId, png(10, 10), 'x.jpg', 'image/jpeg');
    expect(second.status).toBe(200);
    expect(second.body.logo).not.toBe(url);
    expect(fs.existsSync(file)).toBe(false); // the replaced file is gone

    const del = await manager.del(`/api/v1/applications/${appId}/logo`);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe(MSG.logoDeleted);
    expect(del.body.logo).toBeNull();
    expect((await row()).logo).toBeNull();
    expect(fs.existsSync(path.join(ctx.config.dataDir, 'files', 'logos', second.body.logo.split('/').pop()))).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: second.body.logo })).statusCode).toBe(404);
  });

  it('refuses a renamed text file, an SVG, a file over 500 KB and a body that is not multipart', async () => {
    const cases: Array<[Buffer, string, string, number, string]> = [
      [Buffer.from('这不是图片，只是一段文字。\n'.repeat(20)), 'logo.png', 'image/png', 400, MSG.logoTypeInvalid],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg', 'image/svg+xml', 400, MSG.logoTypeInvalid],
      [Buffer.concat([png(8, 8), Buffer.alloc(0)]).subarray(0, 16), 'cut.png', 'image/png', 400, MSG.logoTypeInvalid],
      [Buffer.concat([png(8, 8), Buffer.alloc(600 * 1024)]), 'big.png', 'image/png', 413, MSG.logoTooLarge],
    ];
    for (const [bytes, name, mime, status, message] of cases) {
      const r = await upload(manager, appId, bytes, name, mime);
      expect(r.status, name).toBe(status);
      expect(r.body.error.message, name).toBe(message);
    }
    const json = await manager.post(`/api/v1/applications/${appId}/logo`, { file: 'x' });
    expect(json.status).toBe(400);
    expect(json.body.error.message).toBe(MSG.logoNotMultipart);
    expect((await row()).logo).toBeNull();
    const dir = path.join(ctx.config.dataDir, 'files', 'logos');
    expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);
  });

  it('checks roles on upload and delete', async () => {
    const bytes = png(4, 4);
    expect((await upload(ctx.client(), appId, bytes, 'a.png', 'image/png')).status).toBe(401);
    expect((await upload(plain, appId, bytes, 'a.png', 'image/png')).status).toBe(403);
    expect((await upload(otherManager, appId, bytes, 'a.png', 'image/png')).status).toBe(403);
    expect((await ctx.client().del(`/api/v1/applications/${appId}/logo`)).status).toBe(401);
    expect((await plain.del(`/api/v1/applications/${appId}/logo`)).status).toBe(403);
    expect((await otherManager.del(`/api/v1/applications/${appId}/logo`)).status).toBe(403);
    expect((await row()).logo).toBeNull();
    expect((await upload(admin, appId, bytes, 'a.png', 'image/png')).status).toBe(200);
    expect((await admin.del(`/api/v1/applications/${appId}/logo`)).status).toBe(200);
  });
});
