/**
 * /console/logs/** (docs/decisions.md 312-317): the audit log of console writes. Super
 * managers see every entry, application managers those of the applications they manage (the server
 * decides: GET /api/v1/audit-logs). Addresses:
 * - /console/logs: the list, 20 a page (spec 2 §9), newest first: time (China Standard Time), person,
 *   application, action, resource, address; filters (person, application, resource, action, dates) and
 *   the page kept in the URL; 导出 CSV downloads the filtered entries (GET /api/v1/audit-logs/export.csv);
 * - /console/logs/{id}: the same list with the entry's drawer open: who, when, where, which call, and what
 *   changed as a table 字段 / 修改前 / 修改后 (times in China time, rich text as text with a toggle to
 *   its markup: decision 428).
 */
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Descriptions, Drawer, Empty, Input, Result, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { AuditOutlined, DownloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { MSG, fillMsg } from '@common/messages';
import { CONSOLE_PAGE_SIZE } from '@common/constants';

import {
  AUDIT_ACTIONS,
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_RESOURCES,
  auditActionLabel,
  auditFieldLabel,
  auditResourceLabel,
  auditTime,
  auditValueTime,
  htmlText,
  isHtmlText,
} from '@common/audit';
import type { AuditEntry } from '@common/contracts/auditLogs';
import { buildUrl, errorMessage } from '../../api';

import { PageHead } from '../PageHead';
import { listPagination } from '../sections/ListFilters';
import '../console.css';
import './logs.css';
import { api } from '../../shared/apiClient';

const LIST_KEY = 'console-audit-logs';
const FILTER_KEYS = ['person', 'applicationId', 'resource', 'action', 'from', 'to'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The colour of an action's tag. */
const actionColor = (action: string) => (action === 'delete' || action === 'revoke' || action === 'unbind' ? 'red' : action === 'create' ? 'green' : 'blue');

/** The application an entry names, as the list and the drawer show it. */
function applicationText(e: AuditEntry): React.ReactNode {
  if (e.applicationId === null) return <span className="atr-muted">{MSG.auditNoApplication}</span>;
  return e.applicationName ?? <span className="atr-muted">{`${MSG.auditDeletedApplication}（${e.applicationId}）`}</span>;
}

/** The audit log page; the address after /console/logs/ opens one entry. */
export function AuditLogsPage() {
  const rest = useParams()['*'] ?? '';
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  useEffect(() => {
    document.title = `${MSG.auditTitle} · ${MSG.consoleTitle}`;
  }, []);
  const openId = /^\d+$/.test(rest) ? Number(rest) : null;
  const filters: Record<string, string> = {};
  for (const k of FILTER_KEYS) {
    const v = params.get(k);
    if (v && (k !== 'from' && k !== 'to' ? true : DAY.test(v))) filters[k] = v;
  }
  const page = Math.max(1, Number(params.get('page')) || 1);
  const apps = useQuery({
    queryKey: ['applications', 'audit'],
    queryFn: ({ signal }) => api.get('/api/v1/applications', { query: { page: 1, size: 200 }, signal }),
  });
  const list = useQuery({
    queryKey: [LIST_KEY, filters, page],
    queryFn: ({ signal }) => api.get('/api/v1/audit-logs', { query: { ...filters, page, size: CONSOLE_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
  /** Changes URL filters (undefined removes one); any change but the page goes back to page 1. */
  const update = (next: Record<string, string | number | undefined>) => {
    const p = new URLSearchParams(params);
    if (!('page' in next)) p.delete('page');
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined || v === '') p.delete(k);
      else p.set(k, String(v));
    }
    setParams(p, { replace: true });
  };
  const search = params.toString();
  const open = (id: number | null) => void navigate(`/console/logs${id === null ? '' : `/${id}`}${search ? `?${search}` : ''}`);

  const columns: TableColumnsType<AuditEntry> = [
    { title: MSG.auditTime, key: 'at', width: 170, render: (_, e) => auditTime(e.at) },
    { title: MSG.auditPerson, key: 'person', width: 220, ellipsis: true, render: (_, e) => e.userLabel },
    { title: MSG.auditApplication, key: 'application', width: 160, ellipsis: true, render: (_, e) => applicationText(e) },
    {
      title: MSG.auditAction,
      key: 'action',
      width: 100,
      render: (_, e) => <Tag color={actionColor(e.action)}>{auditActionLabel(e.action)}</Tag>,
    },
    {
      title: MSG.auditResource,
      key: 'resource',
      ellipsis: true,
      render: (_, e) => (
        <>
          {auditResourceLabel(e.resource)}
          {e.resourceId ? <span className="atr-muted"> #{e.resourceId}</span> : null}
        </>
      ),
    },
    { title: MSG.auditAddress, key: 'ip', width: 140, ellipsis: true, render: (_, e) => e.ip },
    {
      title: MSG.actions,
      key: 'detail',
      width: 80,
      render: (_, e) => (
        <Button type="link" size="small" onClick={() => open(e.id)}>
          {MSG.auditDetail}
        </Button>
      ),
    },
  ];

  const from = filters.from ? dayjs(filters.from) : null;
  const to = filters.to ? dayjs(filters.to) : null;
  const exportHref = buildUrl('/api/v1/audit-logs/export.csv', filters);
  return (
    <div className="atr-console__page">
      <PageHead
        title={
          <>
            <AuditOutlined /> {MSG.auditTitle}
          </>
        }
        hint={MSG.auditHint}
      >
        <Button
          icon={<DownloadOutlined />}
          href={exportHref}
          download
          title={fillMsg(MSG.auditExportCapped, { n: AUDIT_EXPORT_MAX_ROWS.toLocaleString('zh-CN') })}
        >
          {MSG.auditExport}
        </Button>
      </PageHead>
      <div className="atr-panel-card">
        <Space wrap style={{ marginBottom: 12 }}>
          <Input.Search
            allowClear
            key={`p-${filters.person ?? ''}`}
            defaultValue={filters.person}
            placeholder={MSG.auditSearchPerson}
            aria-label={MSG.auditSearchPerson}
            style={{ width: 240 }}
            onSearch={(v) => update({ person: v.trim() || undefined })}
          />
          <Select
            aria-label={MSG.auditApplication}
            style={{ width: 180 }}
            value={filters.applicationId ? Number(filters.applicationId) : ''}
            onChange={(v: number | '') => update({ applicationId: v || undefined })}
            showSearch={{ optionFilterProp: 'label' }}
            options={[{ value: '', label: MSG.auditAllApplications }, ...(apps.data?.content ?? []).map((a) => ({ value: a.applicationId, label: a.name }))]}
          />
          <Select
            aria-label={MSG.auditResource}
            style={{ width: 140 }}
            value={filters.resource ?? ''}
            onChange={(v: string) => update({ resource: v || undefined })}
            options={[{ value: '', label: MSG.auditAllResources }, ...Object.entries(AUDIT_RESOURCES).map(([value, label]) => ({ value, label }))]}
          />
          <Select
            aria-label={MSG.auditAction}
            style={{ width: 120 }}
            value={filters.action ?? ''}
            onChange={(v: string) => update({ action: v || undefined })}
            options={[{ value: '', label: MSG.auditAllActions }, ...Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label }))]}
          />
          <DatePicker.RangePicker
            aria-label={MSG.auditTime}
            value={[from, to]}
            allowEmpty={[true, true]}
            onChange={(range) => update({ from: range?.[0]?.format('YYYY-MM-DD') ?? undefined, to: range?.[1]?.format('YYYY-MM-DD') ?? undefined })}
          />
        </Space>
        <Table<AuditEntry>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.content ?? []}
          loading={list.isFetching}
          scroll={{ x: 900 }}
          onRow={(e) => ({ onDoubleClick: () => open(e.id) })}
          locale={{ emptyText: <Empty description={list.isError ? errorMessage(list.error) : MSG.auditEmpty} /> }}
          pagination={listPagination(page, list.data?.totalElements ?? 0, (p) => update({ page: p === 1 ? undefined : p }))}
        />
      </div>
      <AuditDrawer id={openId} onClose={() => open(null)} />
    </div>
  );
}

/**
 * A stored value as the drawer shows it: 空 for null, — for a side that did not exist; stored instants in
 * China time like the entry's own time; rich text (HTML) as the text a reader sees, with a toggle to its
 * markup (decision 428).
 */
function ValueCell({ value }: { value: unknown }) {
  const [markup, setMarkup] = useState(false);
  if (value === undefined) return <span className="atr-muted">—</span>;
  if (value === null || value === '') return <span className="atr-muted">空</span>;
  if (typeof value === 'string' && isHtmlText(value)) {
    return (
      <div>
        <div className="atr-audit-value" data-markup={markup ? 'html' : 'text'}>
          {markup ? value : htmlText(value)}
        </div>
        <Button type="link" size="small" className="atr-audit-value__toggle" aria-pressed={markup} onClick={() => setMarkup((m) => !m)}>
          {markup ? MSG.auditShowText : MSG.auditShowMarkup}
        </Button>
      </div>
    );
  }
  const shown = auditValueTime(value);
  return (
    <div className="atr-audit-value" title={shown !== value && typeof value === 'string' ? value : undefined}>
      {typeof shown === 'string' ? shown : JSON.stringify(shown)}
    </div>
  );
}

/** The drawer of one entry (GET /api/v1/audit-logs/{id}); closed when `id` is null. */
function AuditDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const entry = useQuery({
    queryKey: [LIST_KEY, 'one', id],
    queryFn: ({ signal }) => api.get('/api/v1/audit-logs/{id}', { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
  const e = entry.data;
  type Row = AuditEntry['changes']['fields'][number];
  const columns: TableColumnsType<Row> = [
    { title: MSG.auditField, key: 'field', width: 140, render: (_, r) => auditFieldLabel(r.field) },
    { title: MSG.auditBefore, key: 'before', render: (_, r) => <ValueCell value={r.before} /> },
    { title: MSG.auditAfter, key: 'after', render: (_, r) => <ValueCell value={r.after} /> },
  ];
  return (
    <Drawer open={id !== null} onClose={onClose} size={Math.min(760, window.innerWidth)} title={MSG.auditDetail} className="atr-audit-drawer" destroyOnHidden>
      {entry.isError ? (
        <Result status="warning" title={errorMessage(entry.error)} />
      ) : !e ? null : (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={MSG.auditTime}>{auditTime(e.at)}</Descriptions.Item>
            <Descriptions.Item label={MSG.auditPerson}>{e.userLabel}</Descriptions.Item>
            <Descriptions.Item label={MSG.auditAddress}>{e.ip}</Descriptions.Item>
            <Descriptions.Item label={MSG.auditApplication}>{applicationText(e)}</Descriptions.Item>
            <Descriptions.Item label={MSG.auditAction}>
              <Tag color={actionColor(e.action)}>{auditActionLabel(e.action)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={MSG.auditResource}>
              {auditResourceLabel(e.resource)}
              {e.resourceId ? <span className="atr-muted"> #{e.resourceId}</span> : null}
            </Descriptions.Item>
            <Descriptions.Item label={MSG.auditRoute}>
              <code>
                {e.method} {e.route}
              </code>{' '}
              <span className="atr-muted">{e.status}</span>
            </Descriptions.Item>
          </Descriptions>
          <h3 className="atr-audit-drawer__title">{MSG.auditChanges}</h3>
          {e.changes.mode === 'body' ? <p className="atr-muted">{MSG.auditBodyNote}</p> : null}
          <Table<Row>
            rowKey="field"
            size="small"
            columns={columns}
            dataSource={e.changes.fields}
            pagination={false}
            locale={{ emptyText: <Empty description={MSG.auditNoChanges} /> }}
          />
        </>
      )}
    </Drawer>
  );
}
