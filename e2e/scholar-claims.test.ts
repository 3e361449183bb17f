/**
 * 学者认证与成果认领 end to end in Chromium (issue 29 §6; docs/decisions.md 650-656): a visitor is offered
 * sign-in on a scholar's profile; a signed-in reader claims the scholar (我是该学者) with a code mailed to
 * an address at the institution's domain (read from the mail outbox); a reviewer approves it at
 * /console/ue/user_examine and the profile shows 已认证; the verified scholar claims an output (认领成果)
 * on its detail page, a reviewer approves it at /console/fa/fruit_appeal and the output page names the
 * scholar as author; the personal centre's 学者认证与成果认领 on a 390 px phone; a manager without 审核 is
 * refused. Screenshots in test-artifacts/scholar-claims-*.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, artifacts, clickSettled, importJsonl, pageHydrated, signInByApi, signInConsole, useE2e } from './support';

const ADMIN = '13800138651';
const READER = '13900139651';
const NO_RIGHT = '13900139652';
const SCHOLAR = '陈静远';
const OUTPUT = '稀土催化剂的制备与表征研究';
const EMAIL = 'chenjy@chem.north.edu.cn';

const e2e = useE2e({
  admins: [ADMIN],
  setup(server) {
    const items = [
      { type: 'scholar', key: 'claims-e2e-s', title: SCHOLAR, fields: { institution: '北方大学', homepage: 'https://www.north.edu.cn/~chenjy' } },
      { type: 'article', key: 'claims-e2e-a', title: OUTPUT, date: '2024-03-01', fields: { author: [SCHOLAR], journal: '化学学报' } },
    ];
    expect(importJsonl(server, items, '综合资源')).toMatch(/导入/);
  },
});

const shot = (p: Page, name: string) => p.screenshot({ path: path.join(artifacts, `scholar-claims-${name}.png`), fullPage: true });

/** The last 6-digit code mailed to `to` (the development mail outbox). */
function mailedCode(to: string): string {
  const file = path.join(e2e.server.dataDir, 'outbox', 'mail.jsonl');
  const m = fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { to: string; text: string })
    .filter((l) => l.to === to)
    .at(-1)
    ?.text.match(/\b(\d{6})\b/);
  if (!m) throw new Error(`no mail to ${to}`);
  return m[1];
}

async function idOf(p: Page, base: string, title: string, type: string): Promise<number> {
  const r = (await (await p.request.get(`${base}/api/v1/search?q=${encodeURIComponent(title)}&type=${type}`)).json()) as {
    content: Array<{ id: number; title: string }>;
  };
  return r.content.find((x) => x.title === title)!.id;
}

let appId = 0;

/** Signs the admin in on the console (once) and finds the demo application's id. */
async function consoleApp(): Promise<void> {
  if (appId) return;
  const { server, page } = e2e;
  await signInConsole(page, server, ADMIN);
  const apps = (await (await page.request.get(`${server.url}/api/v1/applications?page=1&size=200`)).json()) as {
    content: Array<{ applicationId: number; host: string }>;
  };
  appId = apps.content.find((a) => a.host === 'localhost')!.applicationId;
}

describe('学者认证与成果认领', () => {
  it('a reader claims a scholar by an e-mail code, a reviewer approves, the profile shows 已认证; then an output is claimed and approved', async () => {
    const { server, base, page } = e2e;
    page.setDefaultTimeout(15_000);
    // a visitor is offered sign-in
    const visitor = await e2e.newPage();
    const scholarId = await idOf(visitor, base, SCHOLAR, 'scholar');
    const outputId = await idOf(visitor, base, OUTPUT, 'article');
    await visitor.goto(`${base}/microapp/profile/${scholarId}`);
    await pageHydrated(visitor);
    await visitor.getByRole('link', { name: '登录后认领该学者' }).waitFor();

    // the reader claims the scholar with a code sent to the institution's domain
    const ctx = await e2e.newContext();
    await signInByApi(ctx, server, READER, base);
    const reader = await ctx.newPage();
    reader.setDefaultTimeout(15_000);
    await reader.goto(`${base}/microapp/profile/${scholarId}`);
    await pageHydrated(reader);
    await clickSettled(reader.getByRole('button', { name: '我是该学者' }));
    const dialog = reader.getByRole('dialog');
    await dialog.getByRole('textbox', { name: '机构邮箱' }).fill('chenjy@gmail.com');
    await clickSettled(dialog.getByRole('button', { name: '发送验证码' }));
    await dialog.getByText('请使用机构域名 north.edu.cn 的邮箱').waitFor();
    await dialog.getByRole('textbox', { name: '机构邮箱' }).fill(EMAIL);
    await clickSettled(dialog.getByRole('button', { name: '发送验证码' }));
    await reader.getByText('验证码已发送，请查收邮件').waitFor();
    await dialog.getByLabel('邮箱验证码').fill(mailedCode(EMAIL));
    await dialog.getByLabel('补充说明（选填）').fill('化学系教授');
    await shot(reader, '1-claim-dialog');
    await clickSettled(dialog.getByRole('button', { name: '提交认证' }));
    await reader.getByText('认证申请已提交，审核通过后生效').waitFor();
    await reader.getByText('您的认证申请正在审核中').waitFor();

    // the reviewer approves it
    await consoleApp();
    await page.goto(`${server.url}/console/ue/user_examine?applicationId=${appId}`);
    await page.getByRole('heading', { name: '学者认证审核' }).waitFor();
    const row = page.locator('.ant-table-row', { hasText: SCHOLAR });
    await row.getByText(`机构邮箱验证：${EMAIL}`, { exact: false }).waitFor();
    await shot(page, '2-queue');
    await clickSettled(row.getByRole('button', { name: '通过' }));
    await page.getByText('已处理 1 条').waitFor();

    // the profile shows 已认证
    await reader.reload();
    await pageHydrated(reader);
    await reader.getByTestId('scholar-claim').getByText('已认证').waitFor();
    await visitor.reload();
    await pageHydrated(visitor);
    await visitor.getByTestId('scholar-claim').getByText('已认证').waitFor();
    await shot(reader, '3-verified');

    // the verified scholar claims the output
    await reader.goto(`${base}/microapp/explore/resources/article/${outputId}`);
    await pageHydrated(reader);
    await clickSettled(reader.getByRole('button', { name: '认领成果' }));
    await clickSettled(reader.locator('.ant-popconfirm').getByRole('button', { name: '认领成果' }));
    await reader.getByText('认领申请已提交，审核通过后该成果将归入您的名下').waitFor();

    await page.goto(`${server.url}/console/fa/fruit_appeal?applicationId=${appId}`);
    await page.getByRole('heading', { name: '成果认领审核' }).waitFor();
    const frow = page.locator('.ant-table-row', { hasText: OUTPUT });
    await frow.getByText('认领', { exact: false }).first().waitFor();
    await clickSettled(frow.getByRole('button', { name: '通过' }));
    await page.getByText('已处理 1 条').waitFor();
    // the history is shown to staff on the item
    await page.goto(`${server.url}/console/fa/fruit_appeal?applicationId=${appId}&status=approved`);
    await page.locator('.ant-table-row', { hasText: OUTPUT }).getByText('无 → 作者', { exact: false }).waitFor();
    await shot(page, '4-fruit-queue');

    // the output page names the scholar as author
    await reader.reload();
    await pageHydrated(reader);
    const authors = reader.getByTestId('output-claim');
    await authors.getByText('作者（已认证学者）').waitFor();
    await authors.getByRole('link', { name: SCHOLAR }).waitFor();
    await reader.getByRole('button', { name: '申诉' }).waitFor();
    await shot(reader, '5-output');

    // the personal centre on a phone
    await reader.setViewportSize({ width: 390, height: 844 });
    await reader.goto(`${base}/microapp/helix/personalCenter?tab=claims`);
    await pageHydrated(reader);
    const mine = reader.getByTestId('my-scholar');
    await mine.getByRole('link', { name: SCHOLAR }).waitFor();
    await mine.getByText('已认证').waitFor();
    await reader.getByTestId('my-submission').first().getByText('已通过').waitFor();
    const overflow = await reader.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(reader, '6-phone-centre');
    await reader.goto(`${base}/microapp/profile/${scholarId}`);
    await pageHydrated(reader);
    await reader.getByTestId('scholar-claim').getByText('已认证').waitFor();
    // the claimed output is among the profile's 相关成果 (decision 657)
    await reader.locator('.atr-result__title', { hasText: OUTPUT }).waitFor();
    await shot(reader, '7-phone-profile');
    expect(e2e.pageErrors).toEqual([]);
  });

  it('a manager without 审核 is refused', async () => {
    const { server, page } = e2e;
    await consoleApp();
    const added = await apiCall(page, server.url, 'POST', '/api/v1/applications/managers', {
      applicationId: appId,
      phone: NO_RIGHT,
      rights: ['home', 'content'],
    });
    expect(added.status).toBe(201);
    const other = await e2e.newPage();
    await signInConsole(other, server, NO_RIGHT);
    await other.goto(`${server.url}/console/ue/user_examine?applicationId=${appId}`);
    await other.getByRole('alert').getByText('没有「审核」权限，请联系超级管理员').waitFor();
    const list = await apiCall(other, server.url, 'GET', `/api/v1/moderation/submissions?applicationId=${appId}&kind=fruit_appeal`);
    expect(list.status).toBe(403);
    await shot(other, '8-refused');
  });
});
