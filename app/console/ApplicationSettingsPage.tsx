/**
 * /console/application/:id (spec 1 §2): the application's name, host and topic
 * (GET /api/v1/applications/{id}/config, PUT /api/v1/applications/{id}), with links to the home page
 * editor and the site, then the 访问设置 card (详情页需登录, SettingSwitchCard.tsx), the
 * 登录设置 card (app/signin/) and a link to the application's OAuth clients at /console/ac/appclient
 * (the 客户端登录 card lives there), and the 开放接口 card (the public API's keys, apiKeys/ApiKeysCard.tsx). Saving any of them needs the 站点设置 right (decisions
 * 135, 415): without it the page warns once and the sign-in settings are shown disabled.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Breadcrumb, Button, ConfigProvider, Form, Result, Space } from 'antd';
import { ApiOutlined, BgColorsOutlined, DatabaseOutlined, EditOutlined, ExportOutlined, NotificationOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { ApiError, errorMessage } from '../api';

import { APPLICATION_FIELD_MAP, ApplicationFields, type ApplicationValues } from './ApplicationFields';
import { statusTag } from './ApplicationsPage';
import { appConfigKey, siteUrl } from '../shared/util';
import { applyFieldErrors } from '../shared/formErrors';

import { MissingRightAlert, useMyRights } from './roles/rights';
import { SigninSettingsCard } from '../signin/SigninSettings';
import { SettingSwitchCard } from './SettingSwitchCard';
import { ApiKeysCard } from './apiKeys/ApiKeysCard';
import './console.css';
import { queryFallback } from './QueryFallback';
import { PageHead } from './PageHead';
import { api } from '../shared/apiClient';

/** The settings page of one application. */
export function ApplicationSettingsPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<ApplicationValues>();
  const [saving, setSaving] = useState(false);
  // the sign-in settings are the 站点设置 right's (decision 415): shown, but not editable, without it
  const { rights, loaded: rightsLoaded } = useMyRights(id);
  const settingsDenied = rightsLoaded && !rights.includes('settings');
  const config = useQuery({
    queryKey: appConfigKey(id),
    queryFn: ({ signal }) => api.get('/api/v1/applications/{id}/config', { params: { id }, signal }),
    enabled: valid,
  });

  useEffect(() => {
    if (config.data) form.setFieldsValue({ name: config.data.name, host: config.data.host, topicId: config.data.topicId ?? undefined });
  }, [config.data, form]);

  if (!valid)
    return (
      <Result
        status="404"
        title={MSG.applicationNotFound}
        extra={<Button onClick={() => navigate('/console/applications')}>{MSG.backToApplications}</Button>}
      />
    );
  if (!config.data) return queryFallback(config, <Button onClick={() => navigate('/console/applications')}>{MSG.backToApplications}</Button>);
  const app = config.data;

  const save = async (values: ApplicationValues) => {
    setSaving(true);
    try {
      const r = await api.put('/api/v1/applications/{id}', {
        params: { id },
        body: {
          name: values.name.trim(),
          host: values.host,
          topicId: values.topicId ?? null,
        },
      });
      queryClient.setQueryData(appConfigKey(id), r);
      void queryClient.invalidateQueries({ queryKey: ['applications'] });
      message.success(r.message ?? MSG.applicationSaved);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) form.setFields([{ name: 'host', errors: [err.message] }]);
      else applyFieldErrors(form, err, APPLICATION_FIELD_MAP);
      message.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="atr-console__page">
      <Breadcrumb items={[{ title: <Link to="/console/applications">{MSG.applications}</Link> }, { title: app.name }]} />
      <PageHead
        title={
          <>
            {MSG.applicationSettings} {statusTag(app.status)}
          </>
        }
        hint={MSG.applicationSettingsHint}
      >
        <Space>
          <Button icon={<EditOutlined />} aria-label={MSG.editHome} onClick={() => navigate(`/console/application/${id}/editor`)}>
            {MSG.editHome}
          </Button>
          <Button icon={<BgColorsOutlined />} onClick={() => navigate(`/console/application/${id}/site`)}>
            {MSG.siteChrome}
          </Button>
          <Button icon={<NotificationOutlined />} onClick={() => navigate(`/console/application/${id}/content`)}>
            {MSG.contentManage}
          </Button>
          <Button icon={<DatabaseOutlined />} aria-label={MSG.resources} onClick={() => navigate(`/console/application/${id}/resources`)}>
            {MSG.resources}
          </Button>
          <Button icon={<ExportOutlined />} aria-label={MSG.visit} href={siteUrl(app.host)} target="_blank" rel="noopener noreferrer">
            {MSG.visit}
          </Button>
        </Space>
      </PageHead>
      <div className="atr-panel-card atr-settings-card">
        <MissingRightAlert applicationId={id} right="settings" />
        <Form<ApplicationValues> form={form} layout="vertical" onFinish={(v) => void save(v)} validateTrigger="onBlur" style={{ maxWidth: 560 }}>
          <ApplicationFields />
          <Button type="primary" htmlType="submit" loading={saving}>
            {MSG.save}
          </Button>
        </Form>
      </div>
      <SettingSwitchCard applicationId={id} config={app} field="detailSignin" />
      <SettingSwitchCard applicationId={id} config={app} field="auditNewUsers" />
      <ConfigProvider componentDisabled={settingsDenied}>
        <SigninSettingsCard applicationId={id} config={app} />
      </ConfigProvider>
      <div className="atr-panel-card atr-settings-card" id="oauth-clients">
        <div className="atr-settings-card__head">
          <div>
            <h3 className="atr-settings-card__title">{MSG.oauthClients}</h3>
            <div className="atr-muted">{MSG.appClientsSettingsHint}</div>
          </div>
          <Link to={`/console/ac/appclient?applicationId=${id}`}>
            <Button icon={<ApiOutlined />}>{MSG.appClientsSettingsLink}</Button>
          </Link>
        </div>
      </div>
      <ApiKeysCard applicationId={id} />
    </div>
  );
}
