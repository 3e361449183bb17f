/**
 * The module contract (docs/architecture.md §The module registry: "a contract test loops over every type"), for
 * every type in MODULE_TYPES (common/constants.ts), so a type added later is checked without touching this file:
 *
 * 1. its defaults pass its schema (or, for a type listing in USER_CHOICES the fields the form makes the
 *    manager choose, fail on those and pass once they are filled);
 * 2. `migrate` keeps a valid config valid and unchanged in what the manager set, including a stored
 *    config without `version`;
 * 3. its Panel renders its defaults, an empty state (暂无数据 with empty pages) and a valid config;
 * 4. its Form saves what it loads: the Form is rendered in edit mode with a valid config
 *    (react-dom/server: no DOM is installed, neither jsdom nor happy-dom), the antd form store it built
 *    from the module is taken as the manager's untouched input, and the shell's save path
 *    (`moduleFromValues` with the Form's own `normalise`) must hand up a module equal to the loaded one.
 *    What this cannot see: values a field changes in an effect or on user events (the e2e tests cover
 *    the forms in Chromium).
 */
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { App, Form, type FormInstance } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { ModuleConfig, PageEntry } from '../common/homeConfig';
import { makePage } from '../common/page';
import { definitionOf } from './registry';
import { appRegistry, panelElement } from './registry.app';
import { MODULE_TYPES } from '../common/constants';
import type { FormProps, PanelProps, SiteContext } from './types.app';
import { moduleFromValues, startingValues, type ModuleFormShellProps } from './kit/ModuleFormShell';
import { schemaOf } from './schemas';

/** What each Form handed to ModuleFormShell on its last render, with the antd form it used. */
const captured: { props?: ModuleFormShellProps<ModuleConfig>; form?: FormInstance } = {};

vi.mock('./kit/ModuleFormShell', async (importOriginal) => {
  const real = await importOriginal<typeof import('./kit/ModuleFormShell')>();
  /** The real shell, given a form instance of our own when the type's Form brings none, recorded. */
  function RecordingShell(props: ModuleFormShellProps<ModuleConfig>) {
    const [own] = Form.useForm();
    const form = props.form ?? own;
    captured.props = props;
    captured.form = form;
    return createElement(real.ModuleFormShell, { ...props, form });
  }
  return { ...real, ModuleFormShell: RecordingShell };
});

/**
 * Fields a type's defaults leave for the manager to choose (the form refuses to save without them),
 * and a valid choice for this test. A new type whose defaults do not pass its schema adds its entry here.
 */
const USER_CHOICES: Record<string, Record<string, unknown>> = {
  link: {
    specificData: [7],
    specificDataObject: [{ id: 7, title: '计算机科学门户', url: 'http://cs.example.cn/', cover: null, name: '计算机科学' }],
  },
  tool: { specificData: [11, 12] },
  iframe: { url: 'https://example.cn/embed' },
  xmodule: { component: 'stats-default' },
};

/** Types whose visitor panel is empty (renders nothing) until the manager's choice is made. */
const SILENT_WITHOUT_CHOICE = new Set(['xmodule']);

const site: SiteContext = { applicationId: 1, topicId: 3, user: null, groupTemplate: false };
const page: PageEntry = { page: 'home', template: [], style: 'card', groups: {} };

const defaultsOf = (type: string) => ({ ...definitionOf(type)!.defaults({ groupTemplate: false }), id: `m-${type}` }) as ModuleConfig;
/** A valid config of the type: its defaults with the manager's choices filled, as the schema outputs it. */
const validOf = (type: string) => schemaOf(type)!.parse({ ...defaultsOf(type), ...USER_CHOICES[type], alias: `测试${definitionOf(type)!.label}` });

function renderPanel(type: string, module: ModuleConfig, data: PanelProps['data']): string {
  expect(module.type).toBe(type);
  return renderToString(
    createElement(QueryClientProvider, { client: new QueryClient() }, panelElement(module, { data, loading: false, error: null, editable: false, site })),
  );
}

/** Every read of the module answered with an empty page. */
const emptyPages = (module: ModuleConfig) =>
  Object.fromEntries(
    definitionOf(module.type)!
      .reads(module)
      .map((r) => [r.key, makePage([], 0, 1, r.count)]),
  );

describe.each(MODULE_TYPES)('module type %s', (type) => {
  const def = definitionOf(type)!;

  it('has a definition, a Panel and a Form', () => {
    expect(def.type).toBe(type);
    expect(def.label).toMatch(/[\u4e00-\u9fff]/);
    expect(appRegistry[type].Panel).toBeTruthy();
    expect(appRegistry[type].Form).toBeTruthy();
  });

  it('defaults pass the schema, apart from the fields the manager must choose', () => {
    const r = schemaOf(def.type)!.safeParse(defaultsOf(type));
    const failing = r.success ? [] : [...new Set(r.error.issues.map((i) => String(i.path[0])))];
    // only a type that names its required choices may have defaults the schema refuses, and each named
    // choice is really refused when left empty (consequences such as a count above the choices may follow)
    if (!USER_CHOICES[type]) expect(failing, JSON.stringify(r.error?.issues)).toEqual([]);
    else for (const field of Object.keys(USER_CHOICES[type])) if (field !== 'specificDataObject') expect(failing).toContain(field);
    const filled = schemaOf(def.type)!.safeParse({ ...defaultsOf(type), ...USER_CHOICES[type] });
    expect(filled.success, JSON.stringify(filled.error?.issues)).toBe(true);
    // a fresh object every time (never a shared default)
    expect(def.defaults({ groupTemplate: false })).not.toBe(def.defaults({ groupTemplate: false }));
  });

  it('migrate keeps a valid config valid and what the manager set', () => {
    const valid = validOf(type);
    for (const stored of [valid, { ...valid, version: def.version }, (({ version: _v, ...rest }) => rest)(valid)]) {
      const migrated = def.migrate(structuredClone(stored));
      const r = schemaOf(def.type)!.safeParse(migrated);
      expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
      expect(r.data).toMatchObject({ id: valid.id, type, alias: valid.alias, span: valid.span });
    }
  });

  it('the panel renders its defaults, an empty state and a valid config', () => {
    // a custom component without a known component shows nothing to visitors (docs/decisions.md, xmodule)
    if (SILENT_WITHOUT_CHOICE.has(type)) expect(renderPanel(type, defaultsOf(type), {})).toBe('');
    else expect(renderPanel(type, defaultsOf(type), {})).toContain('暂无数据');
    const valid = validOf(type);
    const empty = emptyPages(valid);
    if (Object.keys(empty).length > 0) expect(renderPanel(type, valid, empty)).toContain('暂无数据');
    const html = renderPanel(type, valid, empty);
    if (valid.mode !== 'noHeader' && valid.mode !== 'fullScreen') expect(html).toContain(valid.alias);
  });

  it('the form saves what it loads', async () => {
    const loaded = validOf(type);
    const { default: FormComponent } = (await import(`./${type}/Form.tsx`)) as { default: ComponentType<FormProps> };
    captured.props = undefined;
    captured.form = undefined;
    const props: FormProps = { mode: 'edit', initial: structuredClone(loaded), categories: [], page, onSubmit: () => undefined, onCancel: () => undefined };
    const html = renderToString(
      createElement(QueryClientProvider, { client: new QueryClient() }, createElement(App, null, createElement(FormComponent, props))),
    );
    expect(html).toContain('保存修改');
    expect(captured.props, 'the Form renders ModuleFormShell').toBeTruthy();
    const shell = captured.props!;
    expect(shell.type).toBe(type);
    expect(shell.mode).toBe('edit');
    const start = startingValues(type, 'edit', shell.initial, false);
    const held = captured.form!.getFieldsValue(true) as Partial<ModuleConfig>;
    const saved = moduleFromValues(type, start, held, shell.normalise);
    expect(saved.ok, saved.ok ? '' : JSON.stringify(saved.issues)).toBe(true);
    if (saved.ok) expect(saved.module).toEqual(loaded);
  });
});
