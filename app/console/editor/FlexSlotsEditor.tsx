/**
 * Editing the modules placed in a flex module's slots (spec 1 §3 'flex', §4 'Module form'; the carousel
 * fullScreen option is disabled there, §4). `useNestedEditor` gives the editor page the actions a flex
 * panel calls in edit mode (PanelProps.editor: '+ 添加模块' of a slot, 编辑 and 删除 of a nested
 * module) and the element to render: a drawer that first offers the registered types but the containers
 * (ModuleDefinition.container: a flex cannot go inside a flex) and then the type's form with `inContainer` on; deleting asks 你确认要删除该模块吗？
 * 删除后数据不可恢复。 Every change is saved at once (POST /api/v1/applications/{id}/home-config) and
 * shows only once the server took it, like the editor's own changes.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer } from 'antd';
import type { HomeConfig, ModuleConfig, PageEntry } from '@common/homeConfig';
import { MSG } from '@common/messages';
import { definitionOf, moduleDefinitions, nestableTypes } from '@modules/registry';
import type { CategoryNode, NestedEditActions } from '@modules/types.app';
import { errorMessage } from '../../api';
import type { AppConfig } from '../../boot';
import { PANEL_READ_KEY } from '../../site/usePanelData';
import { appConfigKey } from '../../shared/util';
import { withTemplate } from './template';
import { findNested, insertNested, removeNested, replaceNested } from './nested';
import { useLatest } from '@modules/kit/useLatest';
import { ModuleForm } from './ModuleForm';
import { api } from '../../shared/apiClient';

/** Width of the nested-module drawer, px: the spec's settings drawer, as the editor's module drawer (spec 2 §9). */
const NESTED_DRAWER_WIDTH = 420;

type State =
  | { step: 'pick'; flexId: string; slotId: string }
  | { step: 'form'; mode: 'create'; type: string; flexId: string; slotId: string }
  | { step: 'form'; mode: 'edit'; module: ModuleConfig; flexId: string; slotId: string }
  | null;

export interface NestedEditorOptions {
  applicationId: number;
  /** the application's whole home config as loaded */
  homeConfig: HomeConfig;
  /** the home page entry being edited */
  entry: PageEntry;
  categories: CategoryNode[];
  /** the template on screen (the editor's history); defaults to `entry.template` */
  template?: ModuleConfig[];
  /**
   * saves a whole new template through the editor (its reducer, undo history and revisions); resolves
   * true when the server took it. Without it the hook saves the home config itself.
   */
  save?: (next: ModuleConfig[], successMessage: string) => Promise<boolean>;
}

/** See the file comment. Returns the actions for the flex panels and the drawer element. */
export function useNestedEditor({ applicationId, homeConfig, entry, categories, template, save }: NestedEditorOptions): {
  actions: NestedEditActions;
  element: ReactNode;
} {
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const [state, setState] = useState<State>(null);
  const [saving, setSaving] = useState(false);

  const current = template ?? entry.template;
  // the latest inputs, so that the actions handed to every flex panel stay one stable object
  const latest = useLatest({ current, save });

  const persist = async (next: ModuleConfig[], ok: string): Promise<boolean> => {
    if (latest.current.save) {
      setSaving(true);
      try {
        return await latest.current.save(next, ok);
      } finally {
        setSaving(false);
      }
    }
    setSaving(true);
    try {
      const r = await api.post('/api/v1/applications/{id}/home-config', {
        params: { id: applicationId },
        body: { homeConfig: withTemplate(homeConfig, next) },
      });
      queryClient.setQueryData<AppConfig>(appConfigKey(applicationId), (old) => (old ? { ...old, homeConfig: r.homeConfig } : old));
      void queryClient.invalidateQueries({ queryKey: [PANEL_READ_KEY, applicationId] });
      message.success(ok);
      return true;
    } catch (err) {
      message.error(errorMessage(err));
      return false;
    } finally {
      setSaving(false);
    }
  };

  const persistRef = useLatest(persist);
  const actions = useMemo<NestedEditActions>(
    () => ({
      busy: saving,
      onAddToSlot: (flexId, slotId) => setState({ step: 'pick', flexId, slotId }),
      onEditNested: (flexId, slotId, module) => {
        const found = findNested(latest.current.current, flexId, slotId, module.id) ?? module;
        setState({ step: 'form', mode: 'edit', module: structuredClone(found), flexId, slotId });
      },
      onDeleteNested: (flexId, slotId, module) => {
        modal.confirm({
          title: MSG.moduleDeleteTitle,
          content: MSG.moduleDeleteConfirm,
          okText: MSG.confirm,
          cancelText: MSG.cancel,
          okButtonProps: { danger: true },
          onOk: async () => {
            await persistRef.current(removeNested(latest.current.current, flexId, slotId, module.id), MSG.moduleDeleted);
          },
        });
      },
    }),
    [saving, modal, latest, persistRef],
  );

  const submit = async (module: ModuleConfig) => {
    if (!state || state.step !== 'form') return;
    const next =
      state.mode === 'create' ? insertNested(current, state.flexId, state.slotId, module) : replaceNested(current, state.flexId, state.slotId, module);
    if (await persist(next, MSG.homeConfigSaved)) setState(null);
  };

  const title = !state
    ? ''
    : state.step === 'pick'
      ? `${MSG.addModule} · 选择模块类型`
      : state.mode === 'create'
        ? `${MSG.addModule} · ${definitionOf(state.type)?.label ?? state.type}`
        : `${MSG.editModule} · ${state.module.alias || definitionOf(state.module.type)?.label || state.module.type}`;

  const element = (
    <Drawer title={title} open={state !== null} size={NESTED_DRAWER_WIDTH} destroyOnHidden onClose={() => setState(null)} mask={{ closable: !saving }}>
      {state?.step === 'pick' && (
        <div className="atr-nested-types" role="list" aria-label="模块类型">
          {nestableTypes().map((t) => (
            <Button
              key={t}
              role="listitem"
              block
              style={{ marginBottom: 8, textAlign: 'left' }}
              onClick={() => setState({ step: 'form', mode: 'create', type: t, flexId: state.flexId, slotId: state.slotId })}
            >
              {moduleDefinitions[t].label}
            </Button>
          ))}
        </div>
      )}
      {state?.step === 'form' && (
        <ModuleForm
          key={state.mode === 'edit' ? state.module.id : `new-${state.type}-${state.slotId}`}
          target={state.mode === 'edit' ? { mode: 'edit', module: state.module } : { mode: 'create', type: state.type }}
          categories={categories}
          page={entry}
          inContainer
          onSubmit={(m: ModuleConfig) => void submit(m)}
          onCancel={() => setState(null)}
        />
      )}
    </Drawer>
  );
  return { actions, element };
}
