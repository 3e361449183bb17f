/**
 * The visitor's activity panel (spec 1 §3 'Activity defaults', 'Conference', 'Project'): one tab per
 * chosen data type (会议, 项目). Rich display (the default): a conference shows its logo, dates
 * (start ~ end) and place (city, state, country, address); a project its leaders, undertaking and
 * funding institutions and start date. Plain display: titles and dates. One column at spans 0-2, two
 * wider; links go to /microapp/explore/resources/{type}/{id}.
 */
import type { ReactNode } from 'react';
import { CalendarOutlined, EnvironmentOutlined, ProjectOutlined, TeamOutlined } from '../kit/icons';
import type { ModuleConfig } from '../../common/homeConfig.js';
import { resourceTypeOf } from '../../common/resourceTypes.js';
import type { SiteContext } from '../types.app.js';
import { ACTIVITY_DATA_TYPES, activityDefinition, type ActivityModule } from './definition.js';
import { formatDate, idOf, text, titleOf, type PanelItem } from '../kit/format';
import { resourceHref } from '../kit/links';
import { Thumb } from '../kit/media';
import { PanelLink } from '../kit/PanelLink';
import { PlainList, resourceEntries } from '../kit/ItemList';
import { moreLinkOf } from '../kit/PanelShell';
import { tabbedPanel } from '../kit/listPanel';

/** "start ~ end" of a conference (one date when they are equal or one is missing). */
function dateRange(it: PanelItem): string {
  const a = formatDate(it.start_date) || formatDate(it.date);
  const b = formatDate(it.end_date);
  return a && b && a !== b ? `${a} ~ ${b}` : a || b;
}

/** Where a conference takes place: place (ccf imports), else city, state and country, then the address. */
function placeOf(it: PanelItem): string {
  const place = text(it.place);
  if (place) return place;
  const parts = [text(it.country), text(it.state), text(it.city)].filter((p, i, all) => p && all.indexOf(p) === i);
  const addr = text(it.address);
  return [parts.join(' '), addr].filter(Boolean).join(' · ');
}

/** One rich row: thumbnail, title, two lines of facts. */
function RichRow({ it, type, module, site }: { it: PanelItem; type: string; module: ModuleConfig; site: SiteContext }) {
  const id = idOf(it);
  const title = titleOf(it);
  const isConference = !!resourceTypeOf(type)?.event;
  const start = formatDate(it.start_date) || formatDate(it.date);
  const facts: { key: string; icon: ReactNode; value: string }[] = isConference
    ? [
        { key: 'date', icon: <CalendarOutlined />, value: dateRange(it) },
        { key: 'place', icon: <EnvironmentOutlined />, value: placeOf(it) },
      ]
    : [
        { key: 'who', icon: <TeamOutlined />, value: [text(it.author), text(it.undertaking_institution)].filter(Boolean).join(' · ') },
        { key: 'when', icon: <CalendarOutlined />, value: [start, text(it.funding_institution)].filter(Boolean).join(' · ') },
      ];
  const rank = isConference ? text(it.rank) : '';
  const body = (
    <>
      {isConference ? (
        <Thumb src={it.logo} label={title} fit="contain" className="atr-p-rich__thumb" />
      ) : (
        <span className="atr-p-rich__thumb atr-p-rich__icon" aria-hidden>
          <ProjectOutlined />
        </span>
      )}
      <span className="atr-p-rich__main">
        <span className="atr-p-rich__title">
          {rank && <span className="atr-p-tag">{rank}</span>}
          <span className="atr-p-ellipsis">{title}</span>
        </span>
        {facts
          .filter((f) => f.value)
          .map((f) => (
            <span className="atr-p-rich__meta" key={f.key}>
              {f.icon}
              <span className="atr-p-ellipsis">{f.value}</span>
            </span>
          ))}
      </span>
    </>
  );
  return id ? (
    <PanelLink to={resourceHref(text(it.type) || type, id)} module={module} site={site} className="atr-p-rich" title={title}>
      {body}
    </PanelLink>
  ) : (
    <div className="atr-p-rich" title={title}>
      {body}
    </div>
  );
}

/** The activity panel (a tabbed panel of modules/kit/listPanel.tsx); props are PanelProps (modules/types.app.ts). */
const ActivityPanel = tabbedPanel<ActivityModule>({
  type: 'activity',
  defaultTypes: ACTIVITY_DATA_TYPES,
  more: (module, site) => moreLinkOf(activityDefinition, module, site),
  body: ({ type, items, module, site, twoColumns }) =>
    module.dataDisplayType === 'plain' ? (
      <PlainList
        module={module}
        site={site}
        twoColumns={twoColumns}
        entries={resourceEntries(items, type, (it) => formatDate(it.start_date) || formatDate(it.date))}
      />
    ) : (
      <div className={`atr-p-richlist${twoColumns ? ' atr-p-richlist--two' : ''}`}>
        {items.map((it, i) => (
          <RichRow key={idOf(it) || i} it={it} type={type} module={module} site={site} />
        ))}
      </div>
    ),
});
export default ActivityPanel;
