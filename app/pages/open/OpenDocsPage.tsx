/**
 * /microapp/open/docs (docs/decisions.md 636): the public part of the OpenAPI document
 * (GET /open/v1/openapi.json: the public read API's operations only), rendered with the page's own antd
 * components (no third-party renderer: decision 636 says why): each operation's method, path, summary,
 * parameters and answers. Its own lazy chunk (App.tsx).
 */
import { Link } from 'react-router';
import { Collapse, Skeleton, Table, Tag } from 'antd';
import { MSG } from '@common/messages';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { Crumbs } from '../feeds/shared';
import { ListFailure } from '../../shared/ListFailure';
import { useOpenDocument, type OpenOperation } from './api';
import './open.css';

/** The page; see the file comment. */
export default function OpenDocsPage() {
  return <VisitorFrame title={MSG.openDocsTitle}>{() => <Docs />}</VisitorFrame>;
}

function Operation({ op }: { op: OpenOperation }) {
  return (
    <div>
      {op.params.length > 0 && (
        <>
          <h3 className="atr-open__h2">{MSG.openDocsParams}</h3>
          <Table
            rowKey={(p) => `${p.in}:${p.name}`}
            size="small"
            pagination={false}
            dataSource={op.params}
            scroll={{ x: 'max-content' }}
            columns={[
              {
                title: MSG.apiKeyName,
                key: 'name',
                render: (_: unknown, p) => (
                  <span className="atr-open__path">
                    {p.name}
                    {p.required ? <Tag style={{ marginLeft: 6 }}>{MSG.openDocsRequired}</Tag> : null}
                  </span>
                ),
              },
              { title: 'in', dataIndex: 'in', key: 'in', width: 70 },
              { title: 'type', dataIndex: 'type', key: 'type', width: 80 },
              { title: '', dataIndex: 'description', key: 'description' },
            ]}
          />
        </>
      )}
      <h3 className="atr-open__h2">{MSG.openDocsResponses}</h3>
      <ul className="atr-open__list">
        {op.responses.map((r) => (
          <li key={r.status}>
            <span className="atr-open__path">{r.status}</span> {r.description}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Docs() {
  const doc = useOpenDocument();
  if (doc.isError) return <ListFailure error={doc.error} retry={() => void doc.refetch()} />;
  if (!doc.data) return <Skeleton active />;
  const { operations, servers } = doc.data;
  return (
    <section className="atr-vcard atr-open">
      <Crumbs trail={[[MSG.openPageTitle, '/microapp/open'], [MSG.openDocsTitle]]} />
      <h1 className="atr-detail__title">{MSG.openDocsTitle}</h1>
      {servers[0] ? <pre className="atr-open__code">{servers[0].url}</pre> : null}
      <p className="atr-open__intro">{MSG.openDocsKeyHint}</p>
      <Collapse
        items={operations.map((op) => ({
          key: `${op.method} ${op.path}`,
          label: (
            <span className="atr-open__op">
              <span className="atr-open__method">{op.method}</span>
              <span className="atr-open__path">{op.path}</span>
              <span>{op.summary}</span>
            </span>
          ),
          children: <Operation op={op} />,
        }))}
      />
      <p>
        <Link to="/microapp/open">{MSG.openDocsBack}</Link>
      </p>
    </section>
  );
}
