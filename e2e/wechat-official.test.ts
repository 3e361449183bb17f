/**
 * Binding WeChat through an official account in Chromium (decision 229): the portal runs with
 * ATRIUM_WECHAT_* pointing at a stand-in of WeChat's API (server/test/wechatStandIn.ts; the real one is not
 * reachable here). The account page shows the QR code of WeChat's url; WeChat's signed scan push reaches
 * /wechat/callback; 完成绑定 binds the account and the row says 已绑定. Before the scan, 完成绑定 says
 * 尚未扫码. Screenshot under test-artifacts/.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { artifacts, signInConsole, useE2e } from './support';
import { startWechatStandIn, wechatPushQuery, wechatScanXml } from '../server/test/wechatStandIn';

const PHONE = '13900139777';
const TOKEN = 'e2e-message-token';
// the stand-in is up before the portal starts: its address is part of the portal's environment
const standIn = await startWechatStandIn('wx_e2e_account', 'e2e-secret');
const e2e = useE2e({
  env: { ATRIUM_WECHAT_APPID: 'wx_e2e_account', ATRIUM_WECHAT_SECRET: 'e2e-secret', ATRIUM_WECHAT_TOKEN: TOKEN, ATRIUM_WECHAT_API: standIn.url },
  page: { width: 1300, height: 900 },
  teardown: () => standIn.close(),
});

describe('WeChat binding through an official account', () => {
  it("shows WeChat's QR code, waits for the scan, then binds on 完成绑定", async () => {
    const { page, server, base } = e2e;
    await signInConsole(page, server, PHONE, {
      url: `${base}/settings/account`,
      login: /^https?:\/\/[^/]+\/login\?redirect=%2Fsettings%2Faccount$/,
      then: /\/settings\/account$/,
    });
    const row = page.getByTestId('bind-wechat');
    await row.getByText('未绑定').waitFor();
    await row.getByRole('button', { name: '绑定' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('.ant-qrcode canvas').waitFor();
    await expect.poll(() => standIn.state.creates.length).toBe(1);
    const ticket = standIn.state.creates[0].body.action_info.scene.scene_str;

    await dialog.getByRole('button', { name: '完成绑定' }).click();
    await page.getByText('尚未扫码，请扫码后再试').waitFor();
    await page.screenshot({ path: path.join(artifacts, 'e2e-wechat-official-qr.png') });

    // WeChat tells the message server who scanned
    const pushed = await fetch(`${base}/wechat/callback?${wechatPushQuery(TOKEN)}`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml' },
      body: wechatScanXml('oWx_e2e_reader01', 'SCAN', ticket),
    });
    expect([pushed.status, await pushed.text()]).toEqual([200, 'success']);

    // right after the refusal the button is usable again (the toast is still showing)
    const finish = dialog.getByRole('button', { name: '完成绑定' });
    expect(await finish.getAttribute('class')).not.toContain('ant-btn-loading');
    await finish.click();
    await page.getByText('绑定成功').waitFor();
    await row.getByText('已绑定').waitFor();
    await row.getByRole('button', { name: '解绑' }).waitFor();
    await page.screenshot({ path: path.join(artifacts, 'e2e-wechat-official-bound.png'), fullPage: true });
  });
});
