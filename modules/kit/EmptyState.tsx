/**
 * The empty-state widget (spec 1 §2 'Empty-state widget', spec 2 §2): the text 暂无数据 and, only when
 * editable, a configure link that carries the publish prompt of edit mode:
 *
 * - wechat_article: 暂未绑定公众号或公众号数据未分组，点击此处配置 → /console/wechats/wechatManager;
 * - notice and resource: 去发布 raises the window event `atrium:data-list` (CustomEvent with detail
 *   `{ moduleId, type }`, DATA_LIST_EVENT) instead of navigating, so the editor opens its data list;
 * - any other type: 去发布 → /console/topics/tc/topicShow/{topicId} (the application's topic; without a
 *   topic the hint asks to choose one in the application settings).
 *
 * Links open the console in a new tab (buttons: the editor makes anchors inert).
 */
import { Button, Empty } from 'antd';
import { MSG } from '../../common/messages.js';
import { topicShowHref } from './links';
import './panel.css';

/**
 * Name of the window CustomEvent raised by the notice and resource empty states; the same event (and
 * detail) as the data-list button of those panels (helper mod-lists, modules/kit/dataList.tsx).
 */
export const DATA_LIST_EVENT = 'atrium:data-list';

/** The detail of a DATA_LIST_EVENT: which module's data list to open. */
export interface DataListDetail { moduleId: string; type: string }

/** The console page of the wechat accounts (spec 1 §2 'Other console paths used'). */
export const WECHAT_MANAGER_HREF = '/console/wechats/wechatManager';

/** Types whose empty state raises DATA_LIST_EVENT instead of navigating (spec 2 §2). */
const EVENT_TYPES = new Set(['notice', 'resource']);

/** What the configure link of an empty state does, by module type (pure; see the file comment). */
export type EmptyAction =
  | { kind: 'link'; href: string; text: string }
  | { kind: 'event'; detail: DataListDetail; text: string }
  | { kind: 'none'; text: string };

/** The configure action of the empty state of a module of `type` (spec 1 §2, spec 2 §2). */
export function emptyActionOf(type: string, moduleId: string, topicId: number | null): EmptyAction {
  if (type === 'wechat_article') return { kind: 'link', href: WECHAT_MANAGER_HREF, text: MSG.emptyWechatConfigure };
  if (EVENT_TYPES.has(type)) return { kind: 'event', detail: { moduleId, type }, text: MSG.emptyPublish };
  if (topicId == null) return { kind: 'none', text: '该应用未选择专题，请先在应用设置中选择专题' };
  return { kind: 'link', href: topicShowHref(topicId), text: MSG.emptyPublish };
}

/** Raises DATA_LIST_EVENT on window with `{ moduleId, type }`. */
export function raiseDataList(detail: DataListDetail): void {
  window.dispatchEvent(new CustomEvent<DataListDetail>(DATA_LIST_EVENT, { detail }));
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
      const onClick = action.kind === 'event'
        ? () => raiseDataList(action.detail)
        : () => { window.open(action.href, '_blank', 'noopener'); };
      link = (
        <Button type="link" size="small" className="atr-p-hint__action" data-empty-action={action.kind}
          data-href={action.kind === 'link' ? action.href : undefined} onClick={onClick}>
          {action.text}
        </Button>
      );
    }
  }
  return (
    <div className="atr-p-state atr-p-state--empty">
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.noData}>
        {link ? <div className="atr-p-hint">{link}</div> : null}
      </Empty>
    </div>
  );
}
