/**
 * The 开放接口调用 card of /console/analysis (docs/decisions.md 635, 637): the calls of each of the
 * application's public API keys over the last 7 UTC days, today first, and their sum
 * (GET /api/v1/applications/{id}/api-key-usage). Nothing to show: a one-line empty state.
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { MSG } from '@common/messages';
import type { ApiKeyUsage } from '@common/contracts/publicApi';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';

type Row = ApiKeyUsage['keys'][number];

/** The card; `applicationId` is the application chosen on the page. */
export function ApiKeyUsageCard({ applicationId }: { applicationId: number }) {
  const usage = useQuery({
    queryKey: ['api-key-usage', applicationId],
    queryFn: ({ signal }) => api.get('/api/v1/applications/{id}/api-key-usage', { params: { id: applicationId }, signal }),
  });
  const days = usage.data?.days ?? [];
  const columns: TableColumnsType<Row> = [
    {
      title: MSG.apiKeyName,
      key: 'name',
      fixed: 'left',
      render: (_: unknown, k) => (
        <span>
          <Typography.Text strong>{k.name}</Typography.Text> <Typography.Text code>{k.prefix}…</Typography.Text>
          {k.revoked ? <Tag style={{ marginLeft: 4 }}>{MSG.apiKeyRevokedTag}</Tag> : null}
        </span>
      ),
    },
    ...days.map((d, i) => ({ title: d.slice(5), key: d, align: 'right' as const, render: (_: unknown, k: Row) => k.counts[i] ?? 0 })),
    { title: MSG.apiKeyTotal, dataIndex: 'total', key: 'total', align: 'right' as const },
  ];
  return (
    <Card title={MSG.apiKeyUsageTitle} size="small" className="atr-analysis__table" data-testid="api-key-usage">
      <Table<Row>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={usage.data?.keys ?? []}
        loading={usage.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={usage.isError ? errorMessage(usage.error) : MSG.apiKeyUsageEmpty} /> }}
      />
    </Card>
  );
}
