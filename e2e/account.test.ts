/**
 * End to end (spec 1 §1, §2, §4-§6): a user signs in
 * with the SMS code from the outbox, edits the profile, binds an e-mail with the code read from the mail
 * outbox, and sees /settings/account reflect it, unbinds it (but not the last way to sign in); on the demo site (host localhost, in
 * ATRIUM_TOPIC_LINK_HOSTS by default) opens the topic manager, adds two topics, drags to reorder, saves
 * and sees the links on the home page in that order. Screenshots go to test-artifacts/.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { artifacts, signInConsole, useE2e } from './support';

const PHONE = '13900139000';
const e2e = useE2e({
  page: { width: 1300, height: 900 },
  setup(server) {
    // two more released sites besides the demo one, as topics to pick
    const db = new Database(path.join(server.dataDir, 'atrium.db'));
    const now = new Date().toISOString();
    const ins =
      db.prepare(`insert into applications (name, host, topic_id, logo, status, home_config, header_config, footer_config, theme_config, created_by, created_at, updated_at)
      values (?, ?, null, null, 'released', '[]', '{}', '{}', '{}', null, ?, ?)`);
    ins.run('科技资讯站', 'news.example.cn', now, now);
    ins.run('学者门户站', 'scholars.example.cn', now, now);
    db.close();
  },
});

function lastMailCode(to: string): string {
  const file = path.join(e2e.server.dataDir, 'outbox', 'mail.jsonl');
  const lines = fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { to: string; text: string });
  const m = lines
    .filter((l) => l.to === to)
    .at(-1)
    ?.text.match(/\b(\d{6})\b/);
  if (!m) throw new Error(`no mail to ${to}`);
  return m[1];
}

describe('account settings and topic links', () => {
  it('sends a signed-out visitor to sign in, and back to /settings/account', async () => {
    const { page, server, base } = e2e;
    await signInConsole(page, server, PHONE, {
      url: `${base}/settings/account`,
      login: /^https?:\/\/[^/]+\/login\?redirect=%2Fsettings%2Faccount$/,
      then: /\/settings\/account$/,
    });
    await page.getByRole('heading', { name: '账号设置' }).waitFor();
    await page.getByTestId('bind-mobile').getByText('139****9000').waitFor();
    // a bound login offers 更换, an unbound one 绑定
    await page.getByTestId('bind-mobile').getByRole('button', { name: '更换' }).waitFor();
  });

  it('edits the profile and binds an e-mail with the mailed code', async () => {
    const { page } = e2e;
    await page.getByLabel('姓名').first().fill('<b>');
    await page.getByRole('button', { name: '保存' }).first().click();
    await page.getByText('不能包含 HTML 标记').first().waitFor();
    await page.getByLabel('姓名').first().fill('王小明');
    await page.getByLabel('单位').fill('中国科学院文献情报中心');
    await page.getByRole('button', { name: '保存' }).first().click();
    await page.getByText('个人资料已保存').waitFor();

    await page.getByTestId('bind-email').getByRole('button', { name: '绑定' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByPlaceholder('邮箱').fill('wang@example.cn');
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('验证码已发送到邮箱').waitFor();
    await dialog.getByPlaceholder('6 位验证码').fill(lastMailCode('wang@example.cn'));
    await dialog.getByRole('button', { name: '绑定' }).click();
    await page.getByText('绑定成功').waitFor();
    await page.getByTestId('bind-email').getByText('wang@example.cn').waitFor();

    await page.reload();
    await page.getByTestId('bind-email').getByText('wang@example.cn').waitFor();
    expect(await page.getByLabel('姓名').first().inputValue()).toBe('王小明');
    expect(await page.getByLabel('单位').inputValue()).toBe('中国科学院文献情报中心');
    await page.screenshot({ path: path.join(artifacts, 'e2e-account-settings.png'), fullPage: true });
  });

  it('unbinds the e-mail after confirmation, but not the last way to sign in', async () => {
    const { page } = e2e;
    await page.getByTestId('bind-email').getByRole('button', { name: '解绑' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '解绑' }).click();
    await page.getByText('已解绑').waitFor();
    await page.getByTestId('bind-email').getByText('未绑定').waitFor();
    await page.getByTestId('bind-mobile').getByRole('button', { name: '解绑' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '解绑' }).click();
    await page.getByText('这是唯一的登录方式，不能解绑').waitFor();
    await page.getByTestId('bind-mobile').getByText('139****9000').waitFor();
  });

  it('opens the topic manager on the demo site, adds two topics, drags to reorder, saves, sees them', async () => {
    const { page, server, base } = e2e;
    await page.goto(`${base}/`);
    const bar = page.getByLabel('我的专题');
    await bar.getByRole('button', { name: '专题管理' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: '全部专题' }).waitFor();
    const ok = dialog.getByRole('button', { name: '保存' });
    await dialog.getByTestId('all-topic').filter({ hasText: '学者门户站' }).waitFor();
    expect(await ok.isDisabled()).toBe(true);

    const entry = (title: string) => dialog.getByTestId('all-topic').filter({ hasText: title });
    await entry('科技资讯站').getByRole('button', { name: '添加' }).click();
    await entry('学者门户站').getByRole('button', { name: '添加' }).click();
    const mine = dialog.getByTestId('my-topic');
    expect(await mine.allInnerTexts()).toEqual([expect.stringContaining('科技资讯站'), expect.stringContaining('学者门户站')]);
    expect(await entry('科技资讯站').getByRole('button').isDisabled()).toBe(true);
    expect(await entry('科技资讯站').getByRole('button').innerText()).toBe('已添加');
    expect(await ok.isDisabled()).toBe(false);

    // remove and re-add: the all-list entry becomes active again, then inactive
    await mine.filter({ hasText: '科技资讯站' }).getByRole('button', { name: '移除' }).click();
    expect(await entry('科技资讯站').getByRole('button', { name: '添加' }).isDisabled()).toBe(false);
    await entry('科技资讯站').getByRole('button', { name: '添加' }).click();
    expect((await mine.allInnerTexts()).map((t) => t.trim())).toEqual([expect.stringContaining('学者门户站'), expect.stringContaining('科技资讯站')]);

    // drag 科技资讯站 (second) above 学者门户站 (first) with the mouse
    const from = await mine.nth(1).locator('.atr-topic-handle').boundingBox();
    const to = await mine.nth(0).locator('.atr-topic-handle').boundingBox();
    await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2 + ((to!.y - from!.y - 6) * i) / 10);
    await page.mouse.up();
    await expect.poll(async () => (await mine.allInnerTexts()).map((t) => (t.includes('科技资讯站') ? 'A' : 'B'))).toEqual(['A', 'B']);
    await page.screenshot({ path: path.join(artifacts, 'e2e-topic-manager.png') });

    // keyboard too: space picks the second up, arrow up moves it, space drops it; then back again
    const order = async () => (await mine.allInnerTexts()).map((t) => (t.includes('科技资讯站') ? 'A' : 'B'));
    const moveSecondUp = async () => {
      await mine.nth(1).locator('.atr-topic-handle').focus();
      // dnd-kit's keyboard sensor takes each step on its own frame: give it one between the keys
      await page.keyboard.press('Space');
      await page.waitForTimeout(250);
      await page.keyboard.press('ArrowUp');
      await page.waitForTimeout(250);
      await page.keyboard.press('Space');
    };
    await moveSecondUp();
    await expect.poll(order).toEqual(['B', 'A']);
    await moveSecondUp();
    await expect.poll(order).toEqual(['A', 'B']);

    await ok.click();
    await page.getByText('专题链接已保存').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => bar.getByTestId('topic-link').allInnerTexts()).toEqual(['科技资讯站', '学者门户站']);
    expect(await bar.getByTestId('topic-link').first().getAttribute('href')).toBe(`http://news.example.cn:${server.port}/`);

    await page.reload();
    await expect.poll(() => page.getByLabel('我的专题').getByTestId('topic-link').allInnerTexts()).toEqual(['科技资讯站', '学者门户站']);
    await page.screenshot({ path: path.join(artifacts, 'e2e-topic-links-home.png'), fullPage: false });
  });

  it('shows no topic manager to a signed-out visitor', async () => {
    const { base } = e2e;
    const visitor = await e2e.newPage({ width: 1300, height: 900 });
    await visitor.goto(`${base}/`);
    await visitor.locator('.atr-empty-home, [data-module-type]').first().waitFor();
    expect(await visitor.getByRole('button', { name: '专题管理' }).count()).toBe(0);
    await visitor.close();
  });
});
