/**
 * The fields of an application shared by the create dialog and the settings page: name, host (the
 * rule of the server), topic (GET /api/v1/topics).
 */
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { MSG } from '@common/messages';
import { HOST_NAME } from '@common/validation';

import { api } from '../shared/apiClient';

export interface ApplicationValues {
  name: string;
  host: string;
  topicId?: number | null;
}

/** Maps the server's field keys to the form's. */
export const APPLICATION_FIELD_MAP: Record<string, string> = { name: 'name', host: 'host', topicId: 'topicId', 'topic.id': 'topicId' };

/** The topics a site can show (cached for the console session). */
export function useTopics() {
  return useQuery({ queryKey: ['topics'], queryFn: () => api.get('/api/v1/topics'), staleTime: 5 * 60_000 });
}

/** Name, host and topic form items (inside an antd Form of ApplicationValues). */
export function ApplicationFields() {
  const topics = useTopics();
  return (
    <>
      <Form.Item
        name="name"
        label={MSG.applicationName}
        rules={[
          { required: true, whitespace: true, message: MSG.applicationNameRequired },
          { max: 60, message: MSG.applicationNameTooLong },
        ]}
      >
        <Input placeholder={MSG.applicationNamePlaceholder} maxLength={60} />
      </Form.Item>
      <Form.Item
        name="host"
        label={MSG.host}
        extra={MSG.hostExtra}
        normalize={(v: string) => v?.trim().toLowerCase()}
        rules={[
          { required: true, message: MSG.hostRequired },
          { pattern: HOST_NAME, message: MSG.hostInvalid },
        ]}
      >
        <Input placeholder={MSG.hostPlaceholder} maxLength={253} />
      </Form.Item>
      <Form.Item name="topicId" label={MSG.topic}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={MSG.topicPlaceholder}
          loading={topics.isPending}
          options={(topics.data ?? []).map((t) => ({ value: t.id, label: t.title }))}
        />
      </Form.Item>
    </>
  );
}
