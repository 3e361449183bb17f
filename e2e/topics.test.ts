/**
 * Topics and their data in Chromium (decision 265): a super manager manages topics at
 * /console/topics (create, edit, refused delete of a topic in use, delete); from an empty policy panel
 * in the editor, 去配置数据 opens the topic's data page on 政策; a policy added there shows on the
 * visitor page; the data page filters by category and withdraws in bulk, and the withdrawn article
 * leaves the visitor's explore list; the category tree takes a drag (move) and a rename; an article (an
 * imported type) is added on the data page under a category and edited, and the visitor's search finds
 * it by its new title; the list pages past 20 (page 2 shows the 21st record); a category dropped on
 * another of its level merges into it after the confirmation, and its records are listed under the
 * target. Screenshots under test-artifacts/.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  apiCall,
  artifacts,
  createApplication,
  answerConfirm,
  clickSettled,
  standsStill,
  dialogsSettled,
  importJsonl,
  openModuleForm,
  releaseAll,
  saveModule,
  signInByApi,
  topicId,
  useE2e,
} from './support';
import { MSG } from '../common/messages';

const SUPER = '13800138011';
const e2e = useE2e({
  env: { ATRIUM_SEED_DEMO: '0' },
  admins: [SUPER],
  page: false,
  setup(server) {
    importJsonl(
      server,
      [
        {
          type: 'article',
          title: '高校图书馆知识服务评价研究',
          date: '2023-05-01',
          category: ['管理学', '图书情报与档案管理'],
          // as an import may store them: keywords in one text, fields the dialog does not show
          fields: { keywords: '知识服务_评价指标', journal: '图书情报工作', volume: '67', pages: '12-20' },
        },
        { type: 'article', title: '数字图书馆用户行为分析', date: '2024-03-01', category: ['管理学', '图书情报与档案管理'] },
        { type: 'article', title: '深度学习在文献分类中的应用', date: '2024-07-01', category: ['工学', '计算机科学与技术'] },
      ],
      '图书情报',
    );
  },
});
let page: Page;
let appId: number;
const shot = (p: Page, name: string) => p.screenshot({ path: path.join(artifacts, name), fullPage: true });
const toast = (p: Page, text: string) => p.locator('.ant-message-notice-title').filter({ hasText: text }).last().waitFor();
/**
 * Waits until the data table shows `n` rows. After a filter or a page change the table keeps the former
 * rows until the new ones came (keepPreviousData): this waits for what the user sees, with the page's
 * timeout, not expect.poll's one second, which a refetch on a loaded machine outlasted (decision 490).
 */
const rowsShown = (p: Page, n: number) => expect.poll(() => p.locator('tbody tr.ant-table-row').count(), { timeout: 30_000 }).toBe(n);
/** Picks `items` one after the other in the open cascader menu, each once the menu stands still. */
async function pickCascader(p: Page, ...items: string[]) {
  for (const item of items)
    await clickSettled(p.locator('.ant-cascader-dropdown:not(.ant-cascader-dropdown-hidden) .ant-cascader-menu-item', { hasText: item }));
}

describe('topics in the console', () => {
  it('lists, creates, edits and deletes topics; refuses to delete one in use, naming the site', async () => {
    const { server } = e2e;
    page = await e2e.newPage();
    await signInByApi(page, server, SUPER);
    appId = await createApplication(page, server.url, {
      name: '图情门户',
      host: `127.0.0.1:${server.port}`,
      topicId: await topicId(page, server.url, '图书情报'),
    });
    await releaseAll(page, server.url);
    await page.goto(`${server.url}/console/topics`);
    await page.getByRole('heading', { name: '专题管理' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: '图书情报' });
    await row.getByText('图情门户').waitFor();
    await expect(row.getByRole('cell', { name: '3', exact: true }).count()).resolves.toBe(1);

    await page.getByRole('button', { name: '新建专题' }).click();
    const dialog = page.getByRole('dialog');
    await dialogsSettled(page);
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.getByText('请输入专题名称').waitFor();
    await dialog.getByLabel('专题名称').fill('科技查新');
    await dialog.getByLabel('专题简介').fill('查新报告与检索证明');
    await dialog.getByRole('button', { name: '保存' }).click();
    await toast(page, '专题已创建');
    const made = page.getByRole('row').filter({ hasText: '科技查新' });
    await made.getByText('查新报告与检索证明').waitFor();
    await made.getByRole('button', { name: '编辑' }).click();
    await dialogsSettled(page);
    await page.getByRole('dialog').getByLabel('专题名称').fill('科技查新服务');
    await page.getByRole('dialog').getByRole('button', { name: '保存' }).click();
    await toast(page, '专题已保存');
    await page.getByRole('row').filter({ hasText: '科技查新服务' }).waitFor();
    await shot(page, 'e2e-topics.png');

    await row.getByRole('button', { name: '删除' }).click();
    await answerConfirm(page, MSG.topicDeleteConfirm('图书情报'));
    await page.getByText('该专题正在被应用使用（图情门户）').waitFor();
    await page.getByRole('row').filter({ hasText: '科技查新服务' }).getByRole('button', { name: '删除' }).click();
    await answerConfirm(page, MSG.topicDeleteConfirm('科技查新服务'));
    await toast(page, '专题已删除');
    await page.getByRole('row').filter({ hasText: '科技查新服务' }).waitFor({ state: 'detached' });
  });

  it("opens the data page on the panel's type from an empty panel; a policy added there shows to visitors", async () => {
    const { server } = e2e;
    await page.goto(`${server.url}/console/application/${appId}/editor`);
    const drawer = await openModuleForm(page, '政策');
    await saveModule(drawer, '政策文件');
    const panel = page.locator('[data-module-type="policy"]');
    const [data] = await Promise.all([page.context().waitForEvent('page'), panel.getByRole('button', { name: '去配置数据' }).click()]);
    await data.waitForURL(/\/console\/topics\/tc\/topicShow\/\d+\?type=policy/);
    await data.getByRole('heading', { name: '专题数据 · 图书情报' }).waitFor();
    await data.getByRole('tab', { name: /政策/, selected: true }).waitFor();
    await data.getByText('该专题还没有这一类资源').waitFor();
    await data.getByRole('button', { name: '新增资源' }).click();
    const dialog = data.getByRole('dialog');
    await dialog.getByLabel('政策名称').fill('公共图书馆服务规范');
    await clickSettled(dialog.getByRole('button', { name: '保存' }));
    await toast(data, '新增资源成功');
    await data.getByRole('row').filter({ hasText: '公共图书馆服务规范' }).waitFor();

    const visitor = await e2e.newPage();
    await visitor.goto(`${server.url}/`);
    await visitor.locator('[data-module-type="policy"]').getByText('公共图书馆服务规范').waitFor();
    await visitor.close();
    await data.close();
  });

  it('filters by category and withdraws in bulk; moves and renames a category; the withdrawn article leaves the explore list', async () => {
    const { server } = e2e;
    const tid = await topicId(page, server.url, '图书情报');
    await page.goto(`${server.url}/console/topics/tc/topicShow/${tid}?type=article`);
    await page.getByRole('tab', { name: /论文 3/, selected: true }).waitFor();
    await page.getByLabel('分类').click();
    await pickCascader(page, '管理学');
    await page.keyboard.press('Escape');
    await page.waitForURL(/category=/);
    await rowsShown(page, 2);
    await page.getByRole('row').filter({ hasText: '数字图书馆用户行为分析' }).getByRole('checkbox').check();
    await page.getByRole('toolbar').getByRole('button', { name: '下架' }).click();
    await toast(page, '已下架 1 条资源');
    await page.getByRole('row').filter({ hasText: '数字图书馆用户行为分析' }).getByText('已下架').waitFor();
    await shot(page, 'e2e-topic-data.png');

    // the category tree: drag 计算机科学与技术 (工学) onto 管理学, then rename it
    await page.getByRole('button', { name: '分类' }).click();
    const drawer = page.locator('.ant-drawer-open');
    // a drag started while the drawer slides in misses its target
    await standsStill(drawer.getByText('计算机科学与技术'));
    await drawer
      .getByText('计算机科学与技术')
      .dragTo(drawer.locator('.ant-tree-treenode', { hasText: '管理学' }).first().locator('.ant-tree-node-content-wrapper'));
    await toast(page, '已将「计算机科学与技术」移到「管理学」下');
    // the tree is read again after the message: rename the node where it now is, under 管理学
    await expect
      .poll(() =>
        drawer.locator('.ant-tree-treenode').evaluateAll((nodes) => {
          let parent = '';
          for (const n of nodes) {
            if (n.querySelectorAll('.ant-tree-indent-unit').length === 0) parent = n.textContent ?? '';
            else if (n.textContent === '计算机科学与技术') return parent;
          }
          return null;
        }),
      )
      .toBe('管理学');
    await drawer.getByRole('button', { name: '重命名「计算机科学与技术」' }).click();
    await page.getByRole('textbox', { name: '重命名', exact: true }).fill('信息资源管理');
    await dialogsSettled(page);
    await page.locator('.ant-modal').getByRole('button', { name: '保存' }).click();
    await toast(page, '分类已重命名');
    await drawer.getByText('信息资源管理').waitFor();
    await shot(page, 'e2e-topic-categories.png');
    await clickSettled(drawer.getByRole('button', { name: 'Close' }).or(drawer.getByLabel('Close')).first());
    await page.getByRole('row').filter({ hasText: '深度学习在文献分类中的应用' }).getByText('管理学 / 信息资源管理').waitFor();

    const visitor = await e2e.newPage();
    await visitor.goto(`${server.url}/microapp/explore?type=article`);
    await visitor.getByText('共 2 条').first().waitFor();
    expect(await visitor.locator('.atr-result__title').allTextContents()).not.toContain('数字图书馆用户行为分析');
    await visitor.close();
  });

  it('adds an article (an imported type) under a category and edits its title; the table and the visitor search show it', async () => {
    const { server } = e2e;
    const tid = await topicId(page, server.url, '图书情报');
    await page.goto(`${server.url}/console/topics/tc/topicShow/${tid}?type=article`);
    await page.getByRole('tab', { name: /论文 2 \/ 3/, selected: true }).waitFor();
    await page.getByRole('button', { name: '新增资源' }).click();
    const dialog = page.getByRole('dialog', { name: '新增资源 · 论文' });
    await dialogsSettled(page);
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.getByText('请输入论文标题').waitFor();
    await dialog.getByLabel('论文标题').fill('开放获取期刊引文影响研究');
    await dialog.getByLabel('作者').fill('王晓');
    await dialog.getByLabel('作者').press('Enter');
    await dialog.getByLabel('关键词').fill('开放获取');
    await dialog.getByLabel('关键词').press('Enter');
    await dialog.getByLabel('期刊/来源').fill('中国图书馆学报');
    await dialog.getByLabel('DOI').fill('10.13530/j.cnki.jlis.2024001');
    await dialog.getByLabel('分类').click();
    await pickCascader(page, '管理学', '信息资源管理');
    await dialog.getByTitle('管理学 / 信息资源管理').waitFor();
    await page.locator('.ant-cascader-dropdown').waitFor({ state: 'hidden' });
    await dialog.locator('.ant-modal-body').evaluate((el) => el.scrollTo(0, 0));
    await page.screenshot({ path: path.join(artifacts, 'e2e-topic-article-dialog.png') });
    await dialog.locator('.ant-modal-body').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.screenshot({ path: path.join(artifacts, 'e2e-topic-article-dialog-end.png') });
    await dialog.getByRole('button', { name: '保存' }).click();
    await toast(page, '新增资源成功');
    const row = page.getByRole('row').filter({ hasText: '开放获取期刊引文影响研究' });
    await row.getByText('管理学 / 信息资源管理').waitFor();
    await page.getByRole('tab', { name: /论文 3 \/ 4/ }).waitFor();

    // a typo fixed: the dialog shows the stored fields, the new title replaces the old one everywhere
    await row.getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog', { name: '编辑资源 · 论文' });
    await dialogsSettled(page);
    await expect(edit.getByLabel('期刊/来源').inputValue()).resolves.toBe('中国图书馆学报');
    await edit.getByText('王晓').waitFor();
    await edit.getByLabel('论文标题').fill('预印本平台引文影响研究');
    await edit.getByRole('button', { name: '保存' }).click();
    await toast(page, '资源保存成功');
    await page.getByRole('row').filter({ hasText: '预印本平台引文影响研究' }).waitFor();
    await expect(page.getByRole('row').filter({ hasText: '开放获取期刊引文影响研究' }).count()).resolves.toBe(0);

    // an imported article's typo: the fields the dialog does not show are kept, its keywords become a list
    const imported = page.getByRole('row').filter({ hasText: '高校图书馆知识服务评价研究' });
    await imported.getByRole('button', { name: '编辑' }).click();
    await dialogsSettled(page);
    await edit.getByText('评价指标').waitFor();
    await expect(edit.getByLabel('期刊/来源').inputValue()).resolves.toBe('图书情报工作');
    await edit.getByLabel('论文标题').fill('高校图书馆知识服务评估研究');
    await edit.getByRole('button', { name: '保存' }).click();
    await toast(page, '资源保存成功');
    await page.getByRole('row').filter({ hasText: '高校图书馆知识服务评估研究' }).waitFor();
    const listed = await apiCall<{ content: Array<{ title: string; fields: Record<string, unknown> }> }>(
      page,
      server.url,
      'GET',
      `/api/v1/topics/${tid}/resources?type=article&query=${encodeURIComponent('评估')}`,
    );
    expect(listed.body.content.map((r) => r.fields)).toEqual([
      { keywords: ['知识服务', '评价指标'], journal: '图书情报工作', volume: '67', pages: '12-20', publish_year: 2023 },
    ]);

    const visitor = await e2e.newPage();
    await visitor.goto(`${server.url}/microapp/explore?q=${encodeURIComponent('预印')}&type=article`);
    await visitor.locator('.atr-result__title', { hasText: '预印本平台引文影响研究' }).waitFor();
    await visitor.goto(`${server.url}/microapp/explore?q=${encodeURIComponent('开放获取期刊')}&type=article`);
    await visitor.getByText(MSG.searchNoResult).waitFor();
    expect(await visitor.locator('.atr-result__title').allTextContents()).not.toContain('开放获取期刊引文影响研究');
    await visitor.close();
  });

  it('pages past 20: page 2 shows the 21st record', async () => {
    const { server } = e2e;
    const tid = await topicId(page, server.url, '图书情报');
    for (let i = 1; i <= 21; i++) {
      const n = String(i).padStart(2, '0');
      const r = await apiCall(page, server.url, 'POST', `/api/v1/topics/${tid}/resources`, {
        type: 'book',
        title: `馆藏图书第${n}册`,
        date: `20${n}-01-01`,
        fields: {},
      });
      expect(r.status, r.text).toBe(201);
    }
    await page.goto(`${server.url}/console/topics/tc/topicShow/${tid}?type=book`);
    await page.getByRole('tab', { name: /图书 21/, selected: true }).waitFor();
    // newest first: 第21册 … 第02册 on page 1, the oldest on page 2
    await page.getByRole('row').filter({ hasText: '馆藏图书第21册' }).waitFor();
    await rowsShown(page, 20);
    await expect(page.getByRole('row').filter({ hasText: '馆藏图书第01册' }).count()).resolves.toBe(0);
    await page.locator('.ant-pagination-item-2').click();
    await page.waitForURL(/page=2/);
    await page.getByRole('row').filter({ hasText: '馆藏图书第01册' }).waitFor();
    await rowsShown(page, 1);
  });

  it('merges a category into another by drag and drop after the confirmation; its records are listed under the target', async () => {
    const { server } = e2e;
    const tid = await topicId(page, server.url, '图书情报');
    await page.goto(`${server.url}/console/topics/tc/topicShow/${tid}?type=article`);
    await page.getByRole('tab', { name: /论文/, selected: true }).waitFor();
    await page.getByRole('button', { name: '分类' }).click();
    const drawer = page.locator('.ant-drawer-open');
    await standsStill(drawer.getByText('信息资源管理'));
    await drawer
      .getByText('信息资源管理')
      .dragTo(drawer.locator('.ant-tree-treenode', { hasText: '图书情报与档案管理' }).first().locator('.ant-tree-node-content-wrapper'));
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('把「信息资源管理」合并到「图书情报与档案管理」吗？').waitFor();
    // every type merges: the confirmation counts the records of each (decision 541)
    await confirm.getByText(/涉及的资源：论文 \d+ 条。/).waitFor();
    await clickSettled(confirm.getByRole('button', { name: '确定' }));
    await toast(page, '已将「信息资源管理」合并到「图书情报与档案管理」');
    await drawer.getByText('信息资源管理').waitFor({ state: 'detached' });
    await clickSettled(drawer.getByRole('button', { name: 'Close' }).or(drawer.getByLabel('Close')).first());
    await page.goto(
      `${server.url}/console/topics/tc/topicShow/${tid}?type=article&category=${encodeURIComponent('管理学')}&subcategory=${encodeURIComponent('图书情报与档案管理')}`,
    );
    for (const title of ['深度学习在文献分类中的应用', '预印本平台引文影响研究', '高校图书馆知识服务评估研究', '数字图书馆用户行为分析'])
      await page.getByRole('row').filter({ hasText: title }).getByText('管理学 / 图书情报与档案管理').waitFor();
    await rowsShown(page, 4);
  });
});
