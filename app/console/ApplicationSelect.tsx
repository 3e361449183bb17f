/**
 * The application a console queue or settings page works on: the user's applications read once under the
 * key the roles pages use (`useApplicationChoice`, one page of 200, spec 2 §7), and the select that
 * chooses among them (searchable by name). Each page keeps its choice in its own URL parameters.
 */
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { MSG } from '@common/messages';
import { api } from '../shared/apiClient';

/** The user's applications (GET /api/v1/applications, page 1 of 200), shared by every console page that picks one. */
export function useConsoleApplications() {
  return useQuery({
    queryKey: ['applications', 'all'],
    queryFn: ({ signal }) => api.get('/api/v1/applications', { query: { page: 1, size: 200 }, signal }),
  });
}

/** A select of `apps` with `value` (0: none chosen yet); `onChange` gets the chosen application's id. */
export function ApplicationSelect({
  apps,
  value,
  onChange,
  width = 200,
}: {
  apps: ReturnType<typeof useConsoleApplications>;
  value: number;
  onChange(id: number): void;
  /** px */
  width?: number;
}) {
  return (
    <Select
      aria-label={MSG.applications}
      style={{ width }}
      value={value || undefined}
      loading={apps.isPending}
      onChange={onChange}
      showSearch={{ optionFilterProp: 'label' }}
      options={(apps.data?.content ?? []).map((a) => ({ value: a.applicationId, label: a.name }))}
    />
  );
}
