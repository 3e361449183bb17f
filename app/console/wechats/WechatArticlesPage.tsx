/**
 * /console/wechats/articles/** (docs/decisions.md 325): the WeChat articles of an
 * application's topic (resources of type wechat_article), a section of topic resources
 * (sections/TopicResourceSection.tsx): the list (title search, account, year, published state; 20 a page;
 * publish, withdraw, delete; `?account=` shows one account's articles, linked from each account of
 * /console/wechats: decision 343; 新建 there starts an article of that account) and the editor at /console/wechats/articles/new and …/{id}/edit, where the account is
 * chosen among those bound to the application (GET /api/v1/applications/{id}/wechats; bound on
 * /console/wechats). A published article shows in the WeChat panels and on /microapp/wechat/material/{id}.
 */
import { WechatOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { RESOURCE_TYPE_SPECS } from '@common/resourceFields';
import { wechatMaterialHref } from '@modules/kit/links';
import { cellOrDash, cellTag, cellText, fieldLabel, TopicResourceSection, type SectionSpec } from '../sections/TopicResourceSection';
import { sectionLabels } from '../sections/labels';
import { api } from '../../shared/apiClient';

const label = (name: string) => fieldLabel('wechat_article', name);

/** The base of the section's addresses. */
export const WECHAT_ARTICLES_PATH = '/console/wechats/articles';

const SPEC: SectionSpec = {
  type: 'wechat_article',
  base: WECHAT_ARTICLES_PATH,
  icon: <WechatOutlined style={{ color: '#07c160' }} />,
  labels: sectionLabels(MSG.wechatArticlesTitle, MSG.wechatArticlesHint, '公众号文章'),
  columns: (choices) => [
    {
      title: label('wechatId'),
      key: 'wechatId',
      width: 160,
      ellipsis: true,
      render: (_, r) => {
        const id = cellText(r.fields.wechatId);
        return cellOrDash(choices.wechatId?.find((o) => o.value === id)?.label ?? id);
      },
    },
    { title: label('groupName'), key: 'groupName', width: 120, render: (_, r) => cellTag(r.fields.groupName) },
    { title: RESOURCE_TYPE_SPECS.wechat_article.dateLabel, key: 'date', width: 120, render: (_, r) => cellOrDash(r.date) },
  ],
  year: true,
  // the articles of one account: the accounts page links each account here (?account=; decision 343)
  choiceFilters: [
    { param: 'account', label: MSG.wechatAccountFilter, all: MSG.wechatAllAccounts, options: { choice: 'wechatId' }, width: 220, field: 'wechatId' },
  ],
  viewHref: (r) => wechatMaterialHref(r.id),
  loadChoices: async (app, signal) => {
    const accounts = await api.get('/api/v1/applications/{id}/wechats', { params: { id: app.applicationId }, signal });
    return { wechatId: accounts.map((a) => ({ value: a.wechatId, label: `${a.name}（${a.wechatId}）` })) };
  },
};

/** The WeChat articles section; see the file comment. */
export function WechatArticlesPage() {
  return <TopicResourceSection spec={SPEC} />;
}
