/**
 * /microapp/navigator (spec 1 §2 'Link-panel more link'): every topic-navigation entry of the site's
 * link panels (their chosen portals, `specificDataObject`: id, title, url, cover, name) as cards opening
 * the portal in a new tab.
 */
import { Avatar, Empty } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import type { AppConfig } from '../../boot';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { fieldText } from '../visitor/fields';
import { modulesListedOn } from './TopResourcesPage';

interface NavEntry {
  key: string;
  title: string;
  url: string;
  cover: string;
  name: string;
}

/**
 * The distinct portals of the link panels of a site (by url; the modules listed on the navigator,
 * ModuleDefinition.listedOn), in page order; http(s) addresses only.
 */
export function navigatorEntries(config: Pick<AppConfig, 'homeConfig'>): NavEntry[] {
  const seen = new Set<string>();
  const out: NavEntry[] = [];
  for (const m of modulesListedOn(config, 'navigator')) {
    for (const o of (m.specificDataObject ?? []) as Array<Record<string, unknown>>) {
      const url = fieldText(o.url);
      if (!/^https?:\/\//i.test(url) || seen.has(url)) continue;
      seen.add(url);
      out.push({ key: url, title: fieldText(o.title) || url, url, cover: fieldText(o.cover), name: fieldText(o.name) });
    }
  }
  return out;
}

/** The page; see the file comment. */
export default function NavigatorPage() {
  return (
    <VisitorFrame title={MSG.navigatorTitle}>
      {(config) => {
        const entries = navigatorEntries(config);
        return (
          <section className="atr-vcard">
            <h1 className="atr-vcard__title">{MSG.navigatorTitle}</h1>
            {entries.length === 0 ? (
              <Empty description={MSG.navigatorEmpty} />
            ) : (
              <div className="atr-nav-grid">
                {entries.map((e) => (
                  <a key={e.key} className="atr-nav-card" href={e.url} target="_blank" rel="noopener noreferrer">
                    <Avatar shape="square" size={48} src={e.cover || undefined} alt="" icon={<GlobalOutlined />} />
                    <span style={{ minWidth: 0 }}>
                      <strong>{e.title}</strong>
                      {e.name && e.name !== e.title && <div className="atr-result__meta">{e.name}</div>}
                    </span>
                  </a>
                ))}
              </div>
            )}
          </section>
        );
      }}
    </VisitorFrame>
  );
}
