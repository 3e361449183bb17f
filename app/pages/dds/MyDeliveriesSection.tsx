/**
 * 我的文献传递 (issue 29 §7; docs/decisions.md 603, 609): the signed-in reader's document delivery requests
 * to this site, newest first, with their state, the citation, the 无法提供 reason (as text), and for a
 * delivered one the file, the downloads left and the link's expiry. 下载全文 first shows the copyright
 * notice; confirming it downloads the file (GET /api/v1/dds/mine/{id}/file?agree=1); a refusal (the 6th
 * download, an expired link) shows the server's Chinese message. No props: it reads the site and the
 * reader itself, so /temp/dds and the personal centre mount it as is. Renders nothing for a signed-out visitor.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Modal, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { MSG, fillMsg } from '@common/messages';
import { DDS_STATE_LABELS, type DdsState } from '@common/dds';
import type { MyDds } from '@common/contracts/dds';
import { formatDate } from '@modules/kit/format';
import { dispositionName, saveBlob } from '../../api';
import { api } from '../../shared/apiClient';
import { useSession } from '../../shared/session';
import { useSiteConfig } from '../visitor/VisitorFrame';
import { ReaderList } from '../../shared/ReaderList';
import { citationSource } from './citation';
import './dds.css';

const STATE_COLOURS: Record<DdsState, string> = { pending: 'orange', delivered: 'green', unavailable: 'default' };

/** The query key of the reader's list on a site (the form refreshes it after a request). */
export const myDeliveriesKey = (userId: number | undefined, applicationId: number | undefined) => ['dds-mine', userId, applicationId];

/** The section; see the file comment. */
export default function MyDeliveriesSection() {
  const site = useSiteConfig();
  const session = useSession();
  const applicationId = site.data?.applicationId;
  const userId = session.data?.id;
  const list = useQuery({
    enabled: !!applicationId && !!userId,
    queryKey: myDeliveriesKey(userId, applicationId),
    queryFn: ({ signal }) => api.get('/api/v1/dds/mine', { query: { applicationId: applicationId! }, signal }),
  });
  if (!session.isPending && !session.data) return null;
  return (
    <ReaderList
      id="atr-dds-mine"
      title={MSG.ddsMineTitle}
      headingClassName="atr-dds__h2"
      listClassName="atr-dds__list"
      list={list}
      empty={MSG.ddsMineEmpty}
      lead={(data) => <p className="atr-dds__muted">{fillMsg(MSG.ddsQuota, { used: data.usedToday, n: data.dailyLimit })}</p>}
      render={(d) => <Delivery key={d.id} d={d} onDownloaded={() => void list.refetch()} />}
    />
  );
}

/** Downloads the file after the notice was confirmed; rejects with the server's Chinese message. */
async function download(id: number): Promise<void> {
  const res = await fetch(`/api/v1/dds/mine/${id}/file?agree=1`, { credentials: 'include', headers: { Accept: '*/*' } });
  if (!res.ok) {
    let message: string = MSG.ddsDownloadFailed;
    try {
      const body = (await res.json()) as { error?: { message?: string } };
      if (body.error?.message) message = body.error.message;
    } catch {
      /* not JSON: the generic message */
    }
    throw new Error(message);
  }
  saveBlob(await res.blob(), dispositionName(res.headers.get('content-disposition')) ?? `fulltext-${id}`);
}

function Delivery({ d, onDownloaded }: { d: MyDds; onDownloaded(): void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const source = citationSource(d);
  const expired = d.state === 'delivered' && !d.downloadable && d.downloadsLeft > 0;
  const confirm = () =>
    Modal.confirm({
      title: MSG.ddsCopyrightTitle,
      content: <p className="atr-dds__text">{MSG.ddsCopyrightText}</p>,
      okText: MSG.ddsCopyrightAgree,
      cancelText: MSG.cancel,
      onOk: async () => {
        setBusy(true);
        try {
          await download(d.id);
        } catch (e) {
          void message.error((e as Error).message);
        } finally {
          setBusy(false);
          onDownloaded();
          void qc.invalidateQueries({ queryKey: ['dds-mine'] });
        }
      },
    });
  return (
    <li className="atr-dds__item" data-testid="my-delivery">
      <div className="atr-dds__head">
        <Tag color={STATE_COLOURS[d.state]}>{DDS_STATE_LABELS[d.state]}</Tag>
        {expired && <Tag>{MSG.ddsExpired}</Tag>}
        {d.state === 'delivered' && d.downloadsLeft === 0 && <Tag>{MSG.ddsUsedUp}</Tag>}
        <span className="atr-dds__muted">{formatDate(d.createdAt)}</span>
      </div>
      <p className="atr-dds__title">{d.title}</p>
      {d.authors && <p className="atr-dds__text">{d.authors}</p>}
      {source && <p className="atr-dds__text atr-dds__muted">{source}</p>}
      {d.note && (
        <p className="atr-dds__text atr-dds__muted">
          {MSG.ddsFieldNote}：{d.note}
        </p>
      )}
      {d.state === 'unavailable' && d.reason && (
        <p className="atr-dds__text">
          {MSG.ddsReason}：{d.reason}
        </p>
      )}
      {d.state === 'delivered' && (
        <div className="atr-dds__actions">
          <Button type="primary" icon={<DownloadOutlined />} loading={busy} disabled={!d.downloadable} onClick={confirm}>
            {MSG.ddsDownload}
          </Button>
          {d.fileName && <span className="atr-dds__text">{d.fileName}</span>}
          <span className="atr-dds__muted">
            {d.downloadable
              ? fillMsg(MSG.ddsDownloadsLeft, { n: d.downloadsLeft, date: formatDate(d.expiresAt) })
              : d.downloadsLeft === 0
                ? MSG.ddsDownloadsUsedUp
                : MSG.ddsLinkExpired}
          </span>
        </div>
      )}
    </li>
  );
}
