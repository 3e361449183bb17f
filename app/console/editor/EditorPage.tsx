/**
 * The home page editor at /console/application/:id/editor (spec 1 §2 'Home page in edit mode', §4
 * 'Module form'), and the same editor for a composed page at /console/application/:id/pages/:pageId/editor
 * (decision 704: what it edits is a target, ./target.ts; a page's configuration comes from
 * GET …/pages/{pageId} and is saved to …/pages/{pageId}/home-config, with its own revisions). It loads the application's configuration (GET /api/v1/applications/{id}/config) and
 * its topic's categories, renders the same home grid as the visitor sees with `editable` on (a toolbar
 * of 编辑 and 删除 on each panel, links inert), and edits the home page entry's template:
 *
 * - 添加模块 opens a menu of the registered types, then a drawer with the type's form in create mode;
 * - 编辑 opens the form in edit mode with the module;
 * - 删除 asks 你确认要删除该模块吗？ 删除后数据不可恢复。
 *
 * - panels are dragged to reorder (the grip; also by keyboard) and resized by their right edge
 *   (SortableGrid.tsx);
 * - 撤销 / 重做 (Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y, not while typing or in a drawer) step through every
 *   edit of the session (history.ts);
 * - 历史版本 lists the saved configs, previews and restores them (RevisionsDrawer.tsx).
 *
 * Every change, undo and redo included, is persisted at once (POST /api/v1/applications/{id}/home-config
 * with a `summary` of the change, kept as a revision). Only a saved change reaches the screen: on a
 * refusal the server's message shows and the page stays as it was, so a reload shows exactly what was
 * saved. All edits go through one reducer (template.ts `applyTemplateAction`) and one history.
 *
 * With `?bench=1` the page exposes `window.__atriumEditor` (bench/editor.ts): `apply(action)` runs an
 * action through the same reducer and history without saving, to time the rendering alone.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, type MouseEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, ConfigProvider, Drawer, Dropdown, Empty, Result, Space, Spin, Tooltip, type MenuProps } from 'antd';
import { ArrowLeftOutlined, DownOutlined, EyeOutlined, HistoryOutlined, PlusOutlined, RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { homeEntry, type HomeConfig, type ModuleConfig, type PageEntry } from '@common/homeConfig';
import { MSG } from '@common/messages';
import { definitionOf, moduleDefinitions, registeredTypes } from '@modules/registry';

import { ApiError, errorMessage } from '../../api';
import type { AppConfig } from '../../boot';
import { PageSpinner } from '../../pages/PageSpinner';
import type { GridEditActions } from '../../site/HomeGrid';
import { siteContextOf } from '../../site/HomePage';
import { SiteFrame } from '../../site/SiteFrame';
import { PANEL_READ_KEY } from '../../site/usePanelData';
import { useSession } from '../../shared/session';
import { appConfigKey, siteUrl } from '../../shared/util';
import { canRedo, canUndo, historyReducer, initHistory, redoSummary, redoTarget, undoSummary, undoTarget } from './history';
import { RevisionsDrawer } from './RevisionsDrawer';
import { SortableGrid } from './SortableGrid';
import { applyTemplateAction, summaryOf, withTemplate, type TemplateAction } from './template';
import { DataListHost } from '../content/DataListHost';
import { useNestedEditor } from './FlexSlotsEditor';
import { PageStyleSelect } from './PageStyleSelect';
import { ModuleForm } from './ModuleForm';
import '../console.css';
import { api } from '../../shared/apiClient';
import { consolePageKey, homeTarget, pageTarget } from './target';
import type { PageDetail } from '@common/contracts/pages';

/** Width of the module settings drawer, px (spec 1 §4 'The settings drawer is 420px wide', spec 2 §9). */
export const MODULE_DRAWER_WIDTH = 420;

type DrawerState = { mode: 'create'; type: string } | { mode: 'edit'; module: ModuleConfig } | null;

/** Links in the editor's canvas (header, footer, panels) do not navigate. */
function inertLinks(e: MouseEvent<HTMLDivElement>) {
  const target = e.target as Element | null;
  if (target && typeof target.closest === 'function' && target.closest('a')) e.preventDefault();
}

/** True when a key event comes from a place where Ctrl+Z belongs to the text (inputs, editors, drawers, dialogs). */
function typingTarget(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== 'function') return false;
  return !!el.closest(
    'input, textarea, select, [contenteditable=""], [contenteditable="true"], .ant-drawer, .ant-modal, .ant-select-dropdown, .ant-picker-dropdown',
  );
}

/** The benchmark hook (bench/editor.ts), present only with ?bench=1. */
export interface EditorBenchHook {
  /** runs an action through the reducer and the history without saving */
  apply(action: TemplateAction): void;
  /** the template on screen */
  template(): ModuleConfig[];
}

declare global {
  interface Window {
    __atriumEditor?: EditorBenchHook;
  }
}

/** The editor page; see the file comment. */
export default function EditorPage() {
  const params = useParams();
  const id = Number(params.id);
  // a composed page's path id, or null for the home page
  const pageId = params.pageId ?? null;
  const valid = Number.isInteger(id) && id > 0;
  const target = useMemo(() => (pageId ? pageTarget(id, pageId) : homeTarget(id)), [id, pageId]);
  const backTo = pageId ? `/console/pages?applicationId=${id}` : '/console/applications';
  const backLabel = pageId ? MSG.pagesTitle : MSG.backToApplications;
  const savedMessage = pageId ? MSG.pageSaved : MSG.homeConfigSaved;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const { data: user } = useSession();
  const [drawer, setDrawer] = useState<DrawerState>(null);
  const [revisionsOpen, setRevisionsOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [history, dispatch] = useReducer(historyReducer, undefined, () => initHistory([]));
  const [loaded, setLoaded] = useState(false);
  const barRef = useRef<HTMLDivElement>(null);

  const appConfig = useQuery({
    queryKey: appConfigKey(id),
    queryFn: ({ signal }) => api.get('/api/v1/applications/{id}/config', { params: { id }, signal }),
    enabled: valid,
  });
  const pageQuery = useQuery({
    queryKey: consolePageKey(id, pageId ?? ''),
    queryFn: ({ signal }) => api.get('/api/v1/applications/{id}/pages/{pageId}', { params: { id, pageId: pageId ?? '' }, signal }),
    enabled: valid && pageId !== null,
  });
  // the site as the editor draws it, with the configuration being edited (the home page's, or the page's)
  const appData = appConfig.data;
  const pageData = pageQuery.data;
  const data = useMemo<AppConfig | undefined>(
    () => (pageId === null ? appData : appData && pageData ? { ...appData, homeConfig: pageData.homeConfig } : undefined),
    [pageId, appData, pageData],
  );
  const config = {
    data,
    isPending: appConfig.isPending || (pageId !== null && pageQuery.isPending),
    isError: appConfig.isError || (pageId !== null && pageQuery.isError),
    error: appConfig.error ?? pageQuery.error,
  };
  /** Shows a stored configuration in the editor's cached data (the home page's in the application's config). */
  const storeConfig = useCallback(
    (homeConfig: HomeConfig) => {
      if (pageId === null) queryClient.setQueryData<AppConfig>(appConfigKey(id), (old) => (old ? { ...old, homeConfig } : old));
      else queryClient.setQueryData<PageDetail>(consolePageKey(id, pageId), (old) => (old ? { ...old, homeConfig } : old));
    },
    [queryClient, id, pageId],
  );
  const topicId = config.data ? (config.data.topicId ?? config.data.topic?.id ?? null) : null;
  const categories = useQuery({
    queryKey: ['categories', topicId],
    queryFn: ({ signal }) => api.get('/api/v1/topics/{topicId}/categories', { params: { topicId: topicId ?? 0 }, signal }),
    enabled: topicId != null,
    staleTime: 5 * 60_000,
  });

  // the history starts from the loaded config, once: later changes come from our own saves
  const loadedConfig = config.data?.homeConfig;
  useEffect(() => {
    if (!loaded && config.data) {
      dispatch({ kind: 'reset', template: homeEntry(config.data.homeConfig ?? []).template });
      setLoaded(true);
    }
  }, [loaded, config.data, loadedConfig]);

  const addItems = useMemo<MenuProps['items']>(() => registeredTypes().map((type) => ({ key: type, label: moduleDefinitions[type].label })), []);

  const appName = config.data?.name;
  const heading = pageId ? `${MSG.pageEditorTitle} · ${pageData?.title ?? pageId}` : `${MSG.editorTitle} · ${appName ?? ''}`;
  useEffect(() => {
    document.title = appName ? heading : MSG.editorTitle;
  }, [appName, heading]);

  // latest values for the stable callbacks below
  const latest = useRef({ history, homeConfig: [] as HomeConfig, saving: false });
  const storedHomeConfig = config.data?.homeConfig;
  useLayoutEffect(() => {
    latest.current.history = history;
    latest.current.homeConfig = storedHomeConfig ?? [];
  });

  /** Saves a template with a summary; resolves true when the server took it. The screen is not touched here. */
  const persist = useCallback(
    async (next: ModuleConfig[], summary: string, successMessage: string, reloadPanels: boolean): Promise<boolean> => {
      if (latest.current.saving) return false;
      latest.current.saving = true;
      setSaving(true);
      try {
        const r = await target.save(withTemplate(latest.current.homeConfig, next), summary);
        latest.current.homeConfig = r.homeConfig;
        storeConfig(r.homeConfig);
        if (reloadPanels) void queryClient.invalidateQueries({ queryKey: [PANEL_READ_KEY, id] });
        void queryClient.invalidateQueries({ queryKey: target.revisionsKey });
        message.success(successMessage);
        return true;
      } catch (err) {
        message.error(errorMessage(err));
        return false;
      } finally {
        latest.current.saving = false;
        setSaving(false);
      }
    },
    [id, queryClient, message, target, storeConfig],
  );

  /** Runs an edit: reduce, save with its summary, and on success make it the history's present. */
  const commit = useCallback(
    async (action: TemplateAction, successMessage: string): Promise<boolean> => {
      const current = latest.current.history.present.template;
      const next = applyTemplateAction(current, action);
      if (next === current) return true;
      const summary = summaryOf(current, action);
      const ok = await persist(next, summary, successMessage, action.type === 'add' || action.type === 'replace');
      if (ok) dispatch({ kind: 'commit', template: next, summary });
      return ok;
    },
    [persist],
  );

  // modules inside flex slots: their drawer, saved through the same reducer, history and revisions
  const nestedConfig: HomeConfig = config.data?.homeConfig ?? [];
  const nested = useNestedEditor({
    applicationId: id,
    homeConfig: nestedConfig,
    entry: homeEntry(nestedConfig),
    categories: categories.data ?? [],
    template: history.present.template,
    save: (next, successMessage) => commit({ type: 'replaceAll', template: next }, successMessage),
  });

  const doUndo = useCallback(async () => {
    const h = latest.current.history;
    const target = undoTarget(h);
    if (!target || latest.current.saving) return;
    if (await persist(target, undoSummary(h), MSG.undone, true)) dispatch({ kind: 'undo' });
  }, [persist]);

  const doRedo = useCallback(async () => {
    const h = latest.current.history;
    const target = redoTarget(h);
    if (!target || latest.current.saving) return;
    if (await persist(target, redoSummary(h), MSG.redone, true)) dispatch({ kind: 'redo' });
  }, [persist]);

  // Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y (⌘ on macOS), not while typing nor with a drawer or dialog open
  const blocked = drawer !== null || revisionsOpen;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || blocked || typingTarget(e.target)) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) {
        e.preventDefault();
        void doUndo();
      } else if ((key === 'z' && e.shiftKey) || key === 'y') {
        e.preventDefault();
        void doRedo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [blocked, doUndo, doRedo]);

  // the benchmark hook (bench/editor.ts): same reducer and history, no save
  useEffect(() => {
    if (typeof window === 'undefined' || new URLSearchParams(window.location.search).get('bench') !== '1') return;
    window.__atriumEditor = {
      apply(action) {
        const current = latest.current.history.present.template;
        const next = applyTemplateAction(current, action);
        latest.current.history = { ...latest.current.history, present: { template: next, summary: '' } };
        dispatch({ kind: 'commit', template: next, summary: summaryOf(current, action) });
      },
      template: () => latest.current.history.present.template,
    };
    return () => {
      delete window.__atriumEditor;
    };
  }, []);

  const actions = useMemo<GridEditActions>(
    () => ({
      onEdit: (m) => setDrawer({ mode: 'edit', module: structuredClone(m) }),
      onDelete: (m) => {
        modal.confirm({
          title: MSG.moduleDeleteTitle,
          content: MSG.moduleDeleteConfirm,
          okText: MSG.confirm,
          cancelText: MSG.cancel,
          okButtonProps: { danger: true },
          onOk: async () => {
            await commit({ type: 'remove', id: m.id }, MSG.moduleDeleted);
          },
        });
      },
      onMove: (moved, over) => commit({ type: 'move', id: moved, over }, MSG.orderSaved),
      onResize: (resized, span) => commit({ type: 'resize', id: resized, span }, MSG.widthSaved),
      // spec 1 §4: a panel's height (and job dataSize) corrected to its data is saved (docs/decisions.md #33)
      onModuleChange: (m) => {
        void commit({ type: 'replace', module: m }, MSG.moduleLayoutCorrected);
      },
      nested: nested.actions,
      busy: saving,
    }),
    [commit, modal, saving, nested.actions],
  );

  const user0 = user ? { id: user.id, name: user.name, role: user.role } : null;
  const entryStyle = config.data ? homeEntry(config.data.homeConfig ?? []).style : 'card';
  const site = useMemo(
    () => (config.data ? siteContextOf(config.data, user0, entryStyle === 'fullScreen') : null),
    // the context changes only with the application, the user and the page style, not with every edit
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [config.data?.applicationId, config.data?.topicId, config.data?.topic?.id, user0?.id, user0?.name, user0?.role, entryStyle],
  );

  // a stable theme object: a new one would make antd's ConfigProvider re-render every antd component of
  // every panel on each edit (bench/editor.ts)
  const primaryColor = config.data?.themeConfig?.primaryColor;
  const theme = useMemo(() => (primaryColor ? { token: { colorPrimary: primaryColor, colorLink: primaryColor } } : undefined), [primaryColor]);

  if (!valid) return <Result status="404" title={MSG.applicationNotFound} extra={<Button onClick={() => navigate(backTo)}>{backLabel}</Button>} />;
  if (config.isPending || (config.data && !loaded)) return <PageSpinner />;
  if (config.isError) {
    return (
      <Result
        status={config.error instanceof ApiError && config.error.status === 404 ? '404' : 'warning'}
        title={errorMessage(config.error)}
        extra={<Button onClick={() => navigate(backTo)}>{backLabel}</Button>}
      />
    );
  }

  const app = config.data;
  if (!app) return <PageSpinner />;
  const entry: PageEntry = homeEntry(app.homeConfig ?? []);
  const template = history.present.template;

  const submit = async (module: ModuleConfig) => {
    if (!drawer) return;
    const ok = drawer.mode === 'create' ? await commit({ type: 'add', module }, savedMessage) : await commit({ type: 'replace', module }, savedMessage);
    if (ok) setDrawer(null);
  };

  const onRestored = (homeConfig: HomeConfig, summary: string) => {
    latest.current.homeConfig = homeConfig;
    storeConfig(homeConfig);
    void queryClient.invalidateQueries({ queryKey: [PANEL_READ_KEY, id] });
    dispatch({ kind: 'commit', template: homeEntry(homeConfig).template, summary });
    setRevisionsOpen(false);
  };

  const drawerTitle = drawer
    ? drawer.mode === 'create'
      ? `${MSG.addModule} · ${definitionOf(drawer.type)?.label ?? drawer.type}`
      : `${MSG.editModule} · ${drawer.module.alias || definitionOf(drawer.module.type)?.label || drawer.module.type}`
    : '';
  const undoable = canUndo(history);
  const redoable = canRedo(history);

  return (
    <ConfigProvider theme={theme}>
      <div className="atr-editor">
        <div className="atr-editor__bar" ref={barRef}>
          <Tooltip title={backLabel}>
            <Button type="text" icon={<ArrowLeftOutlined />} aria-label={backLabel} onClick={() => navigate(backTo)} />
          </Tooltip>
          <div className="atr-editor__title">
            <strong>{heading}</strong>
            <span>{pageId ? `${app.name} · /xrender/${pageId}` : app.host}</span>
          </div>
          <span className="atr-editor__spacer" />
          {saving && <Spin size="small" />}
          <Space>
            <PageStyleSelect
              homeConfig={app.homeConfig ?? []}
              disabled={saving}
              save={async (next) => {
                const r = await target.save(next);
                latest.current.homeConfig = r.homeConfig;
                storeConfig(r.homeConfig);
                void queryClient.invalidateQueries({ queryKey: target.revisionsKey });
              }}
            />
            <Space.Compact>
              <Tooltip title={undoable ? MSG.undoHint : MSG.nothingToUndo}>
                <Button icon={<UndoOutlined />} aria-label={MSG.undo} disabled={!undoable || saving} onClick={() => void doUndo()}>
                  {MSG.undo}
                </Button>
              </Tooltip>
              <Tooltip title={redoable ? MSG.redoHint : MSG.nothingToRedo}>
                <Button icon={<RedoOutlined />} aria-label={MSG.redo} disabled={!redoable || saving} onClick={() => void doRedo()}>
                  {MSG.redo}
                </Button>
              </Tooltip>
            </Space.Compact>
            <Tooltip title={MSG.revisionsHint}>
              <Button icon={<HistoryOutlined />} aria-label={MSG.revisions} onClick={() => setRevisionsOpen(true)}>
                {MSG.revisions}
              </Button>
            </Tooltip>
            <Button
              icon={<EyeOutlined />}
              aria-label={MSG.previewSite}
              href={`${siteUrl(app.host)}${pageId ? `/xrender/${pageId}` : ''}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              {MSG.previewSite}
            </Button>
            {/* the menu lives in the sticky bar, not in <body>: a page scroll while it opens would otherwise
                leave it behind its button until rc-trigger re-aligns it (a frame later, and not at all during its
                opening motion), and a click pressed before that jump is released elsewhere and lost */}
            <Dropdown
              trigger={['click']}
              disabled={saving}
              getPopupContainer={() => barRef.current ?? document.body}
              menu={{ items: addItems, onClick: ({ key }) => setDrawer({ mode: 'create', type: key }) }}
            >
              <Button type="primary" icon={<PlusOutlined />} aria-label={MSG.addModule}>
                {MSG.addModule}
                <DownOutlined />
              </Button>
            </Dropdown>
          </Space>
        </div>
        {topicId == null && (
          <div className="atr-editor__hint">
            <Alert type="info" showIcon title={MSG.noTopicForCategories} />
          </div>
        )}
        <div className="atr-editor__canvas" onClickCapture={inertLinks} onAuxClickCapture={inertLinks}>
          <SiteFrame config={app} user={site!.user}>
            {template.length === 0 ? (
              <div className="atr-editor__empty">
                <Empty description={MSG.editorEmpty} />
              </div>
            ) : (
              <SortableGrid modules={template} site={site!} actions={actions} />
            )}
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
          {drawer && (
            <ModuleForm
              key={drawer.mode === 'edit' ? drawer.module.id : `new-${drawer.type}`}
              target={drawer}
              categories={categories.data ?? []}
              page={entry}
              onSubmit={(m: ModuleConfig) => void submit(m)}
              onCancel={() => setDrawer(null)}
            />
          )}
        </Drawer>
        <DataListHost applicationId={id} homeConfig={app.homeConfig ?? []} />
        {nested.element}
        <RevisionsDrawer target={target} open={revisionsOpen} onClose={() => setRevisionsOpen(false)} site={site!} busy={saving} onRestored={onRestored} />
      </div>
    </ConfigProvider>
  );
}
