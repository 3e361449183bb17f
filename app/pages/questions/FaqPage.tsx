/**
 * /microapp/helix/faq 常见问题 (issue 29 item 4; docs/decisions.md 596): the site's reference questions
 * that staff published, newest first, 20 a page, searched by a text (`?q=`, `?page=` in the address).
 * Server-rendered like the other visitor pages (its query is answered during the render); each entry
 * shows the title, discipline, the question as text and the answer (the server's sanitised HTML). Open
 * to everybody; a link to 我要咨询. Its own lazy chunk (App.tsx); the footer links here.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Input, Pagination, Skeleton, Tag } from 'antd';
import { MSG, fillMsg } from '@common/messages';
import { ASK_HREF, QUESTION_PAGE_SIZE } from '@common/questions';
import { formatDate } from '@modules/kit/format';
import { api } from '../../shared/apiClient';
import { ViewableHtml } from '../../widgets/image/ViewableHtml';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { Crumbs } from '../feeds/shared';
import { ListFailure } from '../../shared/ListFailure';
import './questions.css';

/** The page; see the file comment. */
export default function FaqPage() {
  return <VisitorFrame title={MSG.faqTitle}>{(config) => <Faq applicationId={config.applicationId} />}</VisitorFrame>;
}

function Faq({ applicationId }: { applicationId: number }) {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  const page = Math.max(1, Math.min(100_000, Number(params.get('page')) || 1));
  const [text, setText] = useState(q);
  const list = useQuery({
    queryKey: ['faq', applicationId, q, page],
    queryFn: ({ signal }) => api.get('/api/v1/questions/faq', { query: { applicationId, q: q || undefined, page, size: QUESTION_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
  const go = (next: { q?: string; page?: number }) => {
    const p = new URLSearchParams();
    const nq = next.q ?? q;
    if (nq) p.set('q', nq);
    if (next.page && next.page > 1) p.set('page', String(next.page));
    setParams(p);
  };
  return (
    <div className="atr-questions">
      <section className="atr-vcard">
        <Crumbs trail={[[MSG.faqTitle]]} />
        <h1 className="atr-detail__title">{MSG.faqTitle}</h1>
        <p className="atr-questions__hint">
          {MSG.faqHint} <Link to={ASK_HREF}>{MSG.askTitle}</Link>
        </p>
        <Input.Search
          aria-label={MSG.faqSearch}
          placeholder={MSG.faqSearchPlaceholder}
          allowClear
          enterButton={MSG.faqSearch}
          maxLength={100}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={(v) => go({ q: v.trim(), page: 1 })}
        />
      </section>
      <section className="atr-vcard" aria-label={MSG.faqTitle}>
        {list.isPending ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : list.isError ? (
          <ListFailure error={list.error} retry={() => void list.refetch()} />
        ) : list.data.content.length === 0 ? (
          <Empty description={q ? fillMsg(MSG.faqNoMatch, { q }) : MSG.faqEmpty} />
        ) : (
          <>
            {q && <p className="atr-questions__count">{fillMsg(MSG.faqFound, { n: list.data.totalElements })}</p>}
            <ol className="atr-faq">
              {list.data.content.map((e) => (
                <li key={e.id} className="atr-faq__item" data-testid="faq-entry">
                  <h2 className="atr-faq__title">{e.title}</h2>
                  <div className="atr-questions__item-head">
                    <Tag>{e.discipline}</Tag>
                    <span className="atr-questions__date">{formatDate(e.publishedAt)}</span>
                  </div>
                  <p className="atr-questions__text">{e.question}</p>
                  <div className="atr-faq__answer">
                    <strong>{MSG.questionKindAnswer}</strong>
                    <ViewableHtml html={e.answer} className="atr-questions__answer" />
                  </div>
                </li>
              ))}
            </ol>
            {list.data.totalElements > QUESTION_PAGE_SIZE && (
              <Pagination
                className="atr-questions__pager"
                current={page}
                pageSize={QUESTION_PAGE_SIZE}
                total={list.data.totalElements}
                showSizeChanger={false}
                onChange={(p) => go({ page: p })}
              />
            )}
          </>
        )}
      </section>
    </div>
  );
}
