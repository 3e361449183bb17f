/**
 * The empty-state widget (spec 1 §2 'Empty-state widget', spec 2 §2): the text 暂无数据 and, only when
 * editable, a configure link that carries the publish prompt of edit mode:
 *
 * - a type with its own configure link (ModuleDefinition.emptyConfigure; wechat_article: 暂未绑定公众号或
 *   公众号数据未分组，点击此处配置 → /console/wechats/wechatManager) goes there;
 * - a type whose items are a content list (ModuleDefinition.dataList; notice and resource): 去发布 raises the
 *   window event `atrium:data-list` (CustomEvent with detail `{ moduleId, type }`, DATA_LIST_EVENT)
 *   instead of navigating, so the editor opens its data list;
 * - any other type: 去发布 → /console/topics/tc/topicShow/{topicId}?type={type} (the application's topic, on the panel's type; without a
 *   topic the hint asks to choose one in the application settings).
 *
 * Links open the console in a new tab (buttons: the editor makes anchors inert).
 */
import { EmptyNote, UiButton } from './ui';
import { SITE_MSG } from '../../common/siteMessages.js';
import { topicShowHref } from './links';
import { definitionOf } from '../registry.js';
import { DATA_LIST_EVENT, raiseDataList, type DataListDetail } from './dataList';

export { DATA_LIST_EVENT, type DataListDetail };
import './panel.css';

/** What the configure link of an empty state does, by module type (pure; see the file comment). */
export type EmptyAction =
  { kind: 'link'; href: string; text: string } | { kind: 'event'; detail: DataListDetail; text: string } | { kind: 'none'; text: string };

/**
 * The configure action of the empty state of a module of `type` (spec 1 §2, spec 2 §2), from its
 * definition: its own configure link (`emptyConfigure`), else the data-list event when its items are a
 * content list (`dataList`), else 去发布 on the topic's resources of the type.
 */
export function emptyActionOf(type: string, moduleId: string, topicId: number | null): EmptyAction {
  const def = definitionOf(type);
  if (def?.emptyConfigure) return { kind: 'link', ...def.emptyConfigure };
  if (def?.dataList) return { kind: 'event', detail: { moduleId, type }, text: SITE_MSG.emptyPublish };
  if (topicId == null) return { kind: 'none', text: '该应用未选择专题，请先在应用设置中选择专题' };
  return { kind: 'link', href: topicShowHref(topicId, type), text: SITE_MSG.emptyPublish };
}

/** Raises DATA_LIST_EVENT on window with `{ moduleId, type }` (the event of modules/kit/dataList.tsx). */
export function raiseDataListOf(detail: DataListDetail): void {
  raiseDataList({ id: detail.moduleId, type: detail.type });
}

export interface EmptyStateProps {
  /** the module type (decides the configure link) */
  type: string;
  moduleId: string;
  /** the application's topic id, or null */
  topicId: number | null;
  editable: boolean;
}

/** See the file comment. */
export function EmptyState({ type, moduleId, topicId, editable }: EmptyStateProps) {
  const action = emptyActionOf(type, moduleId, topicId);
  let link = null;
  if (editable) {
    if (action.kind === 'none') link = <span>{action.text}</span>;
    else {
      const onClick =
        action.kind === 'event'
          ? () => raiseDataListOf(action.detail)
          : () => {
              window.open(action.href, '_blank', 'noopener');
            };
      link = (
        <UiButton
          variant="link"
          size="small"
          className="atr-p-hint__action"
          data-empty-action={action.kind}
          data-href={action.kind === 'link' ? action.href : undefined}
          onClick={onClick}
        >
          {action.text}
        </UiButton>
      );
    }
  }
  return (
    <div className="atr-p-state atr-p-state--empty">
      <EmptyNote>{link ? <div className="atr-p-hint">{link}</div> : null}</EmptyNote>
    </div>
  );
}
