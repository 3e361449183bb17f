/**
 * The application a roles page works on (/console/managers, /console/users, /console/users/rights):
 * kept in the URL as `?applicationId=`, defaulting to the first application the user manages.
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';

import { api } from '../../shared/apiClient';

/** The applications of the user (one page of 200, as the console list of spec 2 §7) and the chosen id. */
export function useApplicationChoice() {
  const [params, setParams] = useSearchParams();
  const apps = useQuery({
    queryKey: ['applications', 'all'],
    queryFn: ({ signal }) => api.get('/api/v1/applications', { query: { page: 1, size: 200 }, signal }),
  });
  const raw = Number(params.get('applicationId'));
  const list = apps.data?.content ?? [];
  const chosen = list.find((a) => a.applicationId === raw) ?? list[0];
  useEffect(() => {
    if (chosen && chosen.applicationId !== raw)
      setParams(
        (p) => {
          p.set('applicationId', String(chosen.applicationId));
          return p;
        },
        { replace: true },
      );
  }, [chosen, raw, setParams]);
  const choose = (id: number) =>
    setParams((p) => {
      p.set('applicationId', String(id));
      return p;
    });
  return { apps, list, chosen, choose };
}

/** A select of the user's applications. */
export function ApplicationPicker({ choice }: { choice: ReturnType<typeof useApplicationChoice> }) {
  return (
    <Select
      aria-label="选择应用"
      style={{ width: 240 }}
      loading={choice.apps.isPending}
      value={choice.chosen?.applicationId}
      onChange={choice.choose}
      options={choice.list.map((a) => ({ value: a.applicationId, label: a.name }))}
      placeholder="选择应用"
    />
  );
}
