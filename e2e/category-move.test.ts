/**
 * A far move of a category shared by two types, in Chromium (issue 28 item 12; decision 540): in a
 * long tree (30 filler first-level categories between 军事学 at the top and 理学 at the bottom), the
 * manager moves 理学 / 生态学 with 移动到… (a searchable picker), is told that projects and institutions
 * both have records there and moves the projects only; the visitor's explore page then files projects'
 * 生态学 under 军事学 while institutions' 生态学 stays under 理学. Screenshots under test-artifacts/.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifacts, clickSettled, createApplication, dialogsSettled, importJsonl, releaseAll, signInByApi, standsStill, topicId, useE2e } from './support';
import { MSG } from '../common/messages';

const SUPER = '13800138541';
const filler = Array.from({ length: 30 }, (_, i) => `学科${String(i + 1).padStart(2, '0')}`);
const e2e = useE2e({
  env: { ATRIUM_SEED_DEMO: '0' },
  admins: [SUPER],
  page: false,
  setup(server) {
    importJsonl(
      server,
      [
        { type: 'project', title: '湿地生态修复研究', date: '2024-01-01', category: ['理学', '生态学'] },
        { type: 'project', title: '草原生态系统监测', date: '2024-02-01', category: ['理学', '生态学'] },
        { type: 'institution', title: '生态环境研究中心', date: null, category: ['理学', '生态学'] },
        { type: 'institution', title: '国防科技研究院', date: null, category: ['军事学', '军事指挥学'] },
        ...filler.map((f, i) => ({ type: 'institution', title: `研究所${i + 1}`, date: null, category: [f, `${f}方向`] })),
      ],
      '生态环境',
    );
  },
});
const shot = (p: Page, name: string) => p.screenshot({ path: path.join(artifacts, name), fullPage: true });
const toast = (p: Page, text: string) => p.locator('.ant-message-notice-title').filter({ hasText: text }).last().waitFor();

/** The second-level categories the visitor's explore page lists under `first` for `type` (the branch opens with its filter). */
async function kidsOnExplore(p: Page, base: string, type: string, first: string): Promise<string[]> {
  await p.goto(`${base}/microapp/explore?${new URLSearchParams({ type, category: first })}`);
  const branch = p.locator('.atr-tree > li').filter({ has: p.locator('.atr-tree__row', { hasText: first }) });
  await branch.locator('.atr-tree__row').waitFor();
  const kids = branch.locator('.atr-tree__kids li span:first-child');
  return kids.allTextContents();
}

describe('moving a category far, for one type', () => {
  it('moves 生态学 for projects with 移动到…; institutions keep it under 理学 on explore', async () => {
    const { server } = e2e;
    const page = await e2e.newPage();
    await signInByApi(page, server, SUPER);
    const tid = await topicId(page, server.url, '生态环境');
    await createApplication(page, server.url, { name: '生态门户', host: `127.0.0.1:${server.port}`, topicId: tid });
    await releaseAll(page, server.url);

    const visitor = await e2e.newPage();
    expect(await kidsOnExplore(visitor, server.url, 'institution', '理学')).toEqual(['生态学']);
    expect(await kidsOnExplore(visitor, server.url, 'project', '理学')).toEqual(['生态学']);

    await page.goto(`${server.url}/console/topics/tc/topicShow/${tid}?type=project`);
    await page.getByRole('tab', { name: /项目 2/, selected: true }).waitFor();
    await page.getByRole('button', { name: '分类' }).click();
    const drawer = page.locator('.ant-drawer-open');
    await clickSettled(drawer.getByRole('button', { name: `${MSG.categoryMoveTo}「生态学」` }));

    // the picker: 理学 (its own parent) is not offered; search 军事, pick 军事学
    const picker = page.locator('.ant-modal', { hasText: MSG.categoryMoveTarget });
    await dialogsSettled(page);
    const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    await picker.locator('.ant-select').click();
    await page.keyboard.type('理学');
    await dropdown.locator('.ant-empty').waitFor();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('军事');
    await clickSettled(dropdown.locator('.ant-select-tree-title', { hasText: '军事学' }));
    await expect.poll(() => picker.locator('.ant-select').textContent()).toContain('军事学');
    await page.locator('.ant-select-dropdown').last().waitFor({ state: 'hidden' });
    await standsStill(picker);
    await shot(page, 'e2e-category-move-picker.png');
    await clickSettled(picker.getByRole('button', { name: MSG.confirm }));

    // the counts per type, and the choice of projects only
    const which = page.locator('.ant-modal', { hasText: MSG.categoryMoveWhich });
    await which.getByText(MSG.categoryMoveAffects('生态学', '项目 2 条、机构 1 条')).waitFor();
    // the data page's type (项目) is offered first; every type is one click away
    const projectsOnly = which.getByRole('radio', { name: MSG.categoryMoveOneType('项目', 2) });
    await expect.poll(() => projectsOnly.isChecked()).toBe(true);
    await clickSettled(which.getByText(MSG.categoryMoveAllTypes('项目 2 条、机构 1 条')));
    await expect.poll(() => projectsOnly.isChecked()).toBe(false);
    await clickSettled(which.getByText(MSG.categoryMoveOneType('项目', 2)));
    await expect.poll(() => projectsOnly.isChecked()).toBe(true);
    await standsStill(which.locator('.ant-radio-wrapper-checked'));
    await shot(page, 'e2e-category-move-types.png');
    await clickSettled(which.getByRole('button', { name: MSG.confirm }));
    await toast(page, MSG.categoryMovedFor('生态学', '项目 2 条', '军事学', '理学'));

    // the tree lists 生态学 under both: 军事学 (projects) and 理学 (institutions)
    await expect
      .poll(() =>
        drawer.locator('.ant-tree-treenode').evaluateAll((nodes) => {
          const parents: string[] = [];
          let parent = '';
          for (const n of nodes) {
            if (n.querySelectorAll('.ant-tree-indent-unit').length === 0) parent = n.textContent ?? '';
            else if (n.textContent === '生态学') parents.push(parent);
          }
          return parents;
        }),
      )
      .toEqual(['军事学', '理学']);
    await drawer.getByText('军事指挥学').scrollIntoViewIfNeeded();
    await shot(page, 'e2e-category-move-tree.png');

    // explore: projects' 生态学 under 军事学, institutions' unchanged under 理学
    expect(await kidsOnExplore(visitor, server.url, 'project', '军事学')).toEqual(['生态学']);
    expect(await kidsOnExplore(visitor, server.url, 'institution', '军事学')).toEqual(['军事指挥学']);
    expect(await kidsOnExplore(visitor, server.url, 'institution', '理学')).toEqual(['生态学']);
    await shot(visitor, 'e2e-category-move-explore.png');
    expect(e2e.pageErrors).toEqual([]);
  });
});
