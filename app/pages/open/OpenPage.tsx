/**
 * /microapp/open (spec 1 §2; docs/decisions.md 630, 637): the site's developer page, server-rendered:
 * what the public read API reads (its groups and their paths, the site's resource types with their
 * counts), the anonymous limit and how to send a key, the feeds (RSS and Atom of server/feeds), the
 * OAI-PMH base address, curl examples on the site's own address, and a link to the docs page. Its own
 * lazy chunk (App.tsx); reads GET /open/v1.
 */
import { Link } from 'react-router';
import { Skeleton, Table, Tag } from 'antd';
import { MSG, fillMsg } from '@common/messages';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { Crumbs } from '../feeds/shared';
import { ListFailure } from '../../shared/ListFailure';
import { useOpenInfo } from './api';
import './open.css';

/** The page; see the file comment. */
export default function OpenPage() {
  return <VisitorFrame title={MSG.openPageTitle}>{() => <Open />}</VisitorFrame>;
}

function Open() {
  const info = useOpenInfo();
  if (info.isError) return <ListFailure error={info.error} retry={() => void info.refetch()} />;
  const d = info.data;
  if (!d) return <Skeleton active />;
  const firstType = d.types[0]?.type ?? 'article';
  const examples = [
    `curl "${d.base}/search?q=%E7%A0%94%E7%A9%B6&size=10"`,
    `curl "${d.base}/resources/${firstType}?page=1&size=20"`,
    `curl -H "Authorization: Bearer ${MSG.openKeyPlaceholder}" "${d.base}/notices"`,
    `curl -H "X-API-Key: ${MSG.openKeyPlaceholder}" "${d.base}/scholars"`,
    `curl "${d.oai}?verb=ListRecords&metadataPrefix=oai_dc"`,
  ];
  return (
    <section className="atr-vcard atr-open">
      <Crumbs trail={[[MSG.openPageTitle]]} />
      <h1 className="atr-detail__title">{MSG.openPageTitle}</h1>
      <p className="atr-open__intro">{MSG.openPageIntro}</p>

      <h2 className="atr-open__h2">{MSG.openPageApi}</h2>
      <pre className="atr-open__code">{d.base}</pre>
      <p>{d.anonymousPerMinute > 0 ? fillMsg(MSG.openPageKeys, { n: d.anonymousPerMinute }) : MSG.openPageKeysUnlimited}</p>
      <p>
        <Link to="/microapp/open/docs">{MSG.openPageDocs}</Link>
      </p>

      <h2 className="atr-open__h2">{MSG.openPageGroups}</h2>
      <Table
        rowKey="scope"
        size="small"
        pagination={false}
        dataSource={d.groups}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: MSG.apiKeyScopes, dataIndex: 'label', key: 'label', width: 110, render: (l: string) => <Tag>{l}</Tag> },
          {
            title: 'GET',
            dataIndex: 'paths',
            key: 'paths',
            render: (paths: string[]) => (
              <div>
                {paths.map((p) => (
                  <div key={p} className="atr-open__path">
                    {p}
                  </div>
                ))}
              </div>
            ),
          },
        ]}
      />

      {d.types.length > 0 && (
        <>
          <h2 className="atr-open__h2">{MSG.openPageTypes}</h2>
          <ul className="atr-open__list">
            {d.types.map((t) => (
              <li key={t.type}>
                {t.label} <span className="atr-open__path">{t.type}</span>（{t.count}）
              </li>
            ))}
          </ul>
        </>
      )}

      <h2 className="atr-open__h2">{MSG.openPageFeeds}</h2>
      <ul className="atr-open__list">
        {d.feeds.map((f) => (
          <li key={f.rss}>
            {f.title}：<a href={f.rss}>RSS</a> · <a href={f.atom}>Atom</a>
          </li>
        ))}
      </ul>

      <h2 className="atr-open__h2">{MSG.openPageOai}</h2>
      <p>{MSG.openPageOaiHint}</p>
      <pre className="atr-open__code">{d.oai}</pre>

      <h2 className="atr-open__h2">{MSG.openPageExamples}</h2>
      <pre className="atr-open__code">{examples.join('\n')}</pre>
    </section>
  );
}
