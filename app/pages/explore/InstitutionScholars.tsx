/**
 * The scholars of an institution on its detail page (decision 391): read from GET /api/v1/resources/institution/{id}/scholars, 20 a page by name, each name
 * a link to the scholar's profile with the scholar's title or field under it. Nothing is shown for an
 * institution without scholars; a failed read says so in the section.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Pagination } from 'antd';
import { MSG } from '@common/messages';

import { errorMessage } from '../../api';
import { fieldText } from '../visitor/fields';
import { api } from '../../shared/apiClient';

/** Scholars per page of the section (the route's default, spec 2 §9). */
const PAGE_SIZE = 20;

/** The section for institution `id` (a resource id). */
export function InstitutionScholars({ id }: { id: number }) {
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['institution-scholars', id, page],
    queryFn: ({ signal }) => api.get('/api/v1/resources/institution/{id}/scholars', { params: { id }, query: { page, size: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
  if (q.isError) {
    return (
      <div className="atr-detail__section">
        <h3>{MSG.institutionScholarsTitle}</h3>
        <p role="alert">{errorMessage(q.error)}</p>
      </div>
    );
  }
  if (!q.data || q.data.totalElements === 0) return null;
  const { content, totalElements } = q.data;
  return (
    <section className="atr-detail__section" aria-label={MSG.institutionScholarsTitle}>
      <h3>
        {MSG.institutionScholarsTitle}
        <span className="atr-inst-scholars__total">{MSG.institutionScholarsTotal(totalElements)}</span>
      </h3>
      <ul className="atr-inst-scholars">
        {content.map((s) => {
          const note = fieldText(s.academic_title) || fieldText(s.professional_title) || fieldText(s.research_field);
          return (
            <li key={s.id}>
              <Link to={`/microapp/profile/${s.id}`}>{s.title}</Link>
              {note && <span className="atr-inst-scholars__note">{note}</span>}
            </li>
          );
        })}
      </ul>
      {totalElements > PAGE_SIZE && (
        <div className="atr-pager">
          <Pagination current={page} pageSize={PAGE_SIZE} total={totalElements} showSizeChanger={false} onChange={setPage} size="small" />
        </div>
      )}
    </section>
  );
}
