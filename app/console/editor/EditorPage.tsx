/**
 * The home page editor at /console/application/:id/editor (spec 1 §2 'Home page in edit mode', §4
 * 'Module form'). It loads the application's configuration (GET /api/v1/applications/{id}/config) and
 * its topic's categories, renders the same home grid as the visitor sees with `editable` on (a toolbar
 * of 编辑 and 删除 on each panel, links inert), and edits the home page entry's template:
 *
 * - 添加模块 opens a menu of the registered types, then a drawer with the type's form in create mode;
 * - 编辑 opens the form in edit mode with the module;
 * - 删除 asks 你确认要删除该模块吗？ 删除后数据不可恢复。
 *
 * Every change is persisted at once (POST /api/v1/applications/{id}/home-config). Only a saved change
 * reaches the screen: on a refusal the server's message shows and the page stays as it was, so a reload
 * shows exactly what was saved. After a save the panels read their data again.
 */
import { Suspense, useEffect, useMemo, useState, type MouseEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, ConfigProvider, Drawer, Dropdown, Empty, Result, Space, Spin, Tooltip, type MenuProps } from 'antd';
import { ArrowLeftOutlined, DownOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { homeEntry, type HomeConfig, type ModuleConfig, type PageEntry } from '@common/homeConfig';
import { MSG } from '@common/messages';
import { definitionOf } from '@modules/registry';
import type { CategoryNode, ModuleAppParts } from '@modules/types.app';
import { appRegistry } from '@modules/registry.app';
import { ApiError, apiGet, apiPost, errorMessage } from '../../api';
import type { AppConfig } from '../../boot';
import { PageSpinner } from '../../pages/PageSpinner';
import { HomeGrid } from '../../site/HomeGrid';
import { siteContextOf } from '../../site/HomePage';
import { SiteFrame } from '../../site/SiteFrame';
import { PANEL_READ_KEY } from '../../site/usePanelData';
import { useSession } from '../session';
import { appConfigKey, siteUrl } from '../util';
import { upsertModule, withTemplate } from './template';
import { DataListHost } from '../content/DataListHost';
import { useNestedEditor } from './FlexSlotsEditor';
import { PageStyleSelect } from './PageStyleSelect';
import '../console.css';

/** Width of the module drawer: the spec's 420 px settings drawer is too narrow for the module forms. */
export const MODULE_DRAWER_WIDTH = 560;

type DrawerState = { mode: 'create'; type: string } | { mode: 'edit'; module: ModuleConfig } | null;

const registered = appRegistry as Partial<Record<string, ModuleAppParts>>;

/** Links in the editor's canvas (header, footer, panels) do not navigate. */
function inertLinks(e: MouseEvent<HTMLDivElement>) {
  const target = e.target as Element | null;
  if (target && typeof target.closest === 'function' && target.closest('a')) e.preventDefault();
}

/** The editor page; see the file comment. */
export default function EditorPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const { data: user } = useSession();
  const [drawer, setDrawer] = useState<DrawerState>(null);
  const [saving, setSaving] = useState(false);

  const config = useQuery({
    queryKey: appConfigKey(id),
    queryFn: ({ signal }) => apiGet<AppConfig>(`/api/v1/applications/${id}/config`, undefined, signal),
    enabled: valid,
  });
  const topicId = config.data ? (config.data.topicId ?? config.data.topic?.id ?? null) : null;
  const categories = useQuery({
    queryKey: ['categories', topicId],
    queryFn: ({ signal }) => apiGet<CategoryNode[]>(`/api/v1/topics/${topicId}/categories`, undefined, signal),
    enabled: topicId != null,
    staleTime: 5 * 60_000,
  });

  const addItems = useMemo<MenuProps['items']>(() => Object.keys(registered)
    .filter((type) => registered[type])
    .map((type) => ({ key: type, label: definitionOf(type)?.label ?? type })), []);

  const loadedConfig: HomeConfig = config.data?.homeConfig ?? [];
  const nested = useNestedEditor({ applicationId: id, homeConfig: loadedConfig, entry: homeEntry(loadedConfig), categories: categories.data ?? [] });

  const appName = config.data?.name;
  useEffect(() => {
    document.title = appName ? `${MSG.editorTitle} · ${appName}` : MSG.editorTitle;
  }, [appName]);

  if (!valid) return <Result status="404" title={MSG.applicationNotFound} extra={<Button onClick={() => navigate('/console/applications')}>{MSG.backToApplications}</Button>} />;
  if (config.isPending) return <PageSpinner />;
  if (config.isError) {
    return <Result status={config.error instanceof ApiError && config.error.status === 404 ? '404' : 'warning'} title={errorMessage(config.error)}
      extra={<Button onClick={() => navigate('/console/applications')}>{MSG.backToApplications}</Button>} />;
  }

  const app = config.data;
  const homeConfig: HomeConfig = app.homeConfig ?? [];
  const entry: PageEntry = homeEntry(homeConfig);
  const template = entry.template;
  const site = siteContextOf(app, user ? { id: user.id, name: user.name, role: user.role } : null, entry.style === 'fullScreen');
  const primary = app.themeConfig?.primaryColor;

  /** Saves a new template; resolves true when the server took it (and the screen shows it). */
  const persist = async (next: ModuleConfig[], successMessage: string): Promise<boolean> => {
    setSaving(true);
    try {
      const r = await apiPost<{ homeConfig: HomeConfig; message?: string }>(`/api/v1/applications/${id}/home-config`, { homeConfig: withTemplate(homeConfig, next) });
      queryClient.setQueryData<AppConfig>(appConfigKey(id), (old) => (old ? { ...old, homeConfig: r.homeConfig } : old));
      void queryClient.invalidateQueries({ queryKey: [PANEL_READ_KEY, id] });
      message.success(successMessage);
      return true;
    } catch (err) {
      message.error(errorMessage(err));
      return false;
    } finally {
      setSaving(false);
    }
  };

  const submit = async (module: ModuleConfig) => {
    if (!drawer) return;
    const ok = await persist(upsertModule(template, module, drawer.mode), MSG.homeConfigSaved);
    if (ok) setDrawer(null);
  };

  const remove = (module: ModuleConfig) => {
    modal.confirm({
      title: MSG.moduleDeleteTitle,
      content: MSG.moduleDeleteConfirm,
      okText: MSG.confirm,
      cancelText: MSG.cancel,
      okButtonProps: { danger: true },
      onOk: async () => { await persist(template.filter((m) => m.id !== module.id), MSG.moduleDeleted); },
    });
  };

  const drawerType = drawer ? (drawer.mode === 'create' ? drawer.type : drawer.module.type) : null;
  const parts = drawerType ? registered[drawerType] : undefined;
  const Form = parts?.Form;
  const drawerTitle = drawer
    ? drawer.mode === 'create'
      ? `${MSG.addModule} · ${definitionOf(drawer.type)?.label ?? drawer.type}`
      : `${MSG.editModule} · ${drawer.module.alias || definitionOf(drawer.module.type)?.label || drawer.module.type}`
    : '';

  return (
    <ConfigProvider theme={primary ? { token: { colorPrimary: primary, colorLink: primary } } : undefined}>
      <div className="atr-editor">
        <div className="atr-editor__bar">
          <Tooltip title={MSG.backToApplications}>
            <Button type="text" icon={<ArrowLeftOutlined />} aria-label={MSG.backToApplications} onClick={() => navigate('/console/applications')} />
          </Tooltip>
          <div className="atr-editor__title">
            <strong>{MSG.editorTitle} · {app.name}</strong>
            <span>{app.host}</span>
          </div>
          <span className="atr-editor__spacer" />
          {saving && <Spin size="small" />}
          <Space>
            <PageStyleSelect applicationId={id} homeConfig={homeConfig} disabled={saving} />
            <Button icon={<EyeOutlined />} aria-label={MSG.previewSite} href={siteUrl(app.host)} target="_blank" rel="noopener noreferrer">{MSG.previewSite}</Button>
            <Dropdown
              trigger={['click']}
              disabled={saving}
              menu={{ items: addItems, onClick: ({ key }) => setDrawer({ mode: 'create', type: key }) }}
            >
              <Button type="primary" icon={<PlusOutlined />} aria-label={MSG.addModule}>{MSG.addModule}<DownOutlined /></Button>
            </Dropdown>
          </Space>
        </div>
        {topicId == null && (
          <div className="atr-editor__hint"><Alert type="info" showIcon title={MSG.noTopicForCategories} /></div>
        )}
        <div className="atr-editor__canvas" onClickCapture={inertLinks} onAuxClickCapture={inertLinks}>
          <SiteFrame config={app} user={site.user}>
            {template.length === 0
              ? <div className="atr-editor__empty"><Empty description={MSG.editorEmpty} /></div>
              : <HomeGrid modules={template} site={site} editable actions={{ onEdit: (m) => setDrawer({ mode: 'edit', module: structuredClone(m) }), onDelete: remove, busy: saving,
                nested: nested.actions,
                // spec 1 §4: a panel's height (and job dataSize) corrected to its data is saved (docs/decisions.md #33)
                onModuleChange: (m) => { void persist(template.map((x) => (x.id === m.id ? m : x)), MSG.moduleLayoutCorrected); } }} />}
          </SiteFrame>
        </div>
        <Drawer
          title={drawerTitle}
          open={drawer !== null}
          size={MODULE_DRAWER_WIDTH}
          destroyOnHidden
          onClose={() => setDrawer(null)}
          mask={{ closable: !saving }}
        >
          {drawer && Form && (
            <Suspense fallback={<div style={{ padding: 48, textAlign: 'center' }}><Spin /></div>}>
              <Form
                key={drawer.mode === 'edit' ? drawer.module.id : `new-${drawer.type}`}
                mode={drawer.mode}
                initial={drawer.mode === 'edit' ? drawer.module : undefined}
                categories={categories.data ?? []}
                page={entry}
                onSubmit={(m: ModuleConfig) => void submit(m)}
                onCancel={() => setDrawer(null)}
              />
            </Suspense>
          )}
        </Drawer>
        <DataListHost applicationId={id} homeConfig={homeConfig} />
        {nested.element}
      </div>
    </ConfigProvider>
  );
}
