/**
 * Editor form of the custom component (spec 1 §2 'xmodule form', §5; spec 2 §8): a component selector
 * grouped by the catalogue's groups (GET /api/v1/xmodules; required, 请选择组件), and on choosing one its
 * own parameters, each an antd control by type (input, number, select, switch, radio) with its rule,
 * default, tips, isShow predicate and attrs. Options given by `optionsUrl` load asynchronously with a
 * spinner; a failure shows a clear message on that field (the original swallowed it: spec 2 §8).
 * Choosing a component resets the params to its defaults and takes its default title, more link and
 * sign-in need. Also the height rule (column 0 / 1 / 2), title bar and more link options.
 */
import { useMemo, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Radio, Select, Space, Spin, Switch, type FormInstance } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { z } from 'zod';
import { MSG } from '@common/messages';
import type { FormProps } from '../types.app';
import { ModuleFormShell } from '../kit/ModuleFormShell';
import { useHostApi, type HostApi } from '../kit/host';
import { FIELD_LABELS, LinkField, SpanField, SwitchField, TitleField } from '../kit/fields';
import { checkParam, isParamShown, keptParams, paramDefaults, type CatalogueEntry, type ParamOption, type XParam } from './catalogue';
import { XMODULE_MIN_HEIGHT, type XmoduleModule } from './definition';
import '../kit/form.css';
import './form.css';

/** The query key of the catalogue (shared with the console catalogue page, which invalidates it). */
export const CATALOGUE_KEY = ['xmodule-catalogue'] as const;

/**
 * Loads the whole catalogue (GET /api/v1/xmodules: one page of up to 200 entries) through the host's API
 * client `api` (modules/kit/host.ts); rejects with the client's error (a Chinese message).
 */
export const fetchCatalogue = (host: HostApi, signal?: AbortSignal) => host.api.get('/api/v1/xmodules', { query: { size: 200 }, signal });

const optionList = z.array(z.object({ label: z.union([z.string(), z.number()]).transform(String), value: z.union([z.string(), z.number(), z.boolean()]) }));

/** The antd options of a param: its static list, or the list its optionsUrl answers (with loading and failure). */
function useParamOptions(param: XParam) {
  const url = param.optionsUrl;
  const host = useHostApi();
  const q = useQuery({
    queryKey: ['xmodule-options', url],
    queryFn: async ({ signal }) => {
      const raw = await host.request<unknown>(url!, { signal });
      const r = optionList.safeParse(raw);
      if (!r.success) throw new Error('选项格式不正确（应为 [{ label, value }]）');
      return r.data;
    },
    enabled: !!url,
    staleTime: 60_000,
  });
  const options: ParamOption[] = url ? (q.data ?? []) : (param.options ?? []);
  const failed =
    url && q.isError
      ? `${MSG.xmoduleOptionsFailed}：${q.error instanceof Error && !(q.error as { status?: number }).status ? q.error.message : host.errorMessage(q.error)}`
      : null;
  return { options, loading: !!url && q.isPending, failed, retry: () => void q.refetch() };
}

/** One param of the chosen component as a form field (Form.Item name ['xmoduleParams', field]). */
function ParamField({ param }: { param: XParam }) {
  const { options, loading, failed, retry } = useParamOptions(param);
  const a = param.attrs ?? {};
  const rules = [
    {
      validator: async (_r: unknown, v: unknown) => {
        const m = checkParam(param, v);
        if (m) throw new Error(m);
      },
    },
  ];
  const opts = options.map((o) => ({ label: o.label, value: o.value as string | number }));
  let control;
  switch (param.type) {
    case 'input':
      control =
        (a.rows ?? 1) > 1 ? (
          <Input.TextArea rows={a.rows} placeholder={a.placeholder} maxLength={a.maxLength} allowClear={a.allowClear} />
        ) : (
          <Input placeholder={a.placeholder} maxLength={a.maxLength} allowClear={a.allowClear} />
        );
      break;
    case 'number':
      control = (
        <InputNumber min={param.rule?.min} max={param.rule?.max} step={a.step} precision={a.precision} placeholder={a.placeholder} style={{ width: 200 }} />
      );
      break;
    case 'switch':
      control = <Switch />;
      break;
    case 'select':
      control = (
        <Select
          options={opts}
          loading={loading}
          disabled={!!failed}
          placeholder={loading ? MSG.loading : (a.placeholder ?? `请选择${param.name}`)}
          allowClear={a.allowClear ?? !param.rule?.required}
          notFoundContent={loading ? <Spin size="small" /> : undefined}
        />
      );
      break;
    case 'radio':
      control = loading ? <Spin size="small" /> : <Radio.Group options={opts} disabled={!!failed} />;
      break;
  }
  return (
    <Form.Item
      name={['xmoduleParams', param.field]}
      label={param.name}
      required={!!param.rule?.required}
      rules={rules}
      valuePropName={param.type === 'switch' ? 'checked' : 'value'}
      extra={param.tips}
      {...(failed
        ? {
            validateStatus: 'error' as const,
            help: (
              <Space size={4}>
                <span role="alert">{failed}</span>
                <Button type="link" size="small" icon={<ReloadOutlined />} onClick={retry}>
                  {MSG.retry}
                </Button>
              </Space>
            ),
          }
        : {})}
    >
      {control}
    </Form.Item>
  );
}

/** The params of an entry that are shown with the current values (isShow). */
function ParamFields({ entry, form }: { entry: CatalogueEntry; form: FormInstance }) {
  const values =
    (Form.useWatch('xmoduleParams', form) as Record<string, unknown> | undefined) ??
    (form.getFieldValue('xmoduleParams') as Record<string, unknown> | undefined) ??
    {};
  const shown = entry.params.filter((p) => isParamShown(p, values));
  if (entry.params.length === 0)
    return (
      <div className="atr-muted" style={{ marginBottom: 16 }}>
        该组件没有参数
      </div>
    );
  return (
    <>
      {shown.map((p) => (
        <ParamField key={`${entry.value}:${p.field}`} param={p} />
      ))}
    </>
  );
}

/** See the file comment. */
export default function XmoduleForm(props: FormProps<XmoduleModule>) {
  const [form] = Form.useForm();
  const host = useHostApi();
  const catalogue = useQuery({ queryKey: CATALOGUE_KEY, queryFn: ({ signal }) => fetchCatalogue(host, signal), staleTime: 30_000 });
  const entries = useMemo(() => catalogue.data?.content ?? [], [catalogue.data]);
  const byValue = useMemo(() => new Map(entries.map((e) => [e.value, e])), [entries]);
  const component = (Form.useWatch('component', form) as string | undefined) ?? props.initial?.component ?? '';
  const column = (Form.useWatch('column', form) as number | undefined) ?? props.initial?.column ?? 0;
  const entry = byValue.get(component);
  // the component chosen last (not the watched value, which may lag behind quick changes)
  const lastChosen = useRef<string>(props.initial?.component ?? '');

  const groups = new Map<string, CatalogueEntry[]>();
  for (const e of entries) groups.set(e.group, [...(groups.get(e.group) ?? []), e]);
  const options = [...groups].map(([group, list]) => ({ label: group, title: group, options: list.map((e) => ({ value: e.value, label: e.name })) }));
  if (component && !entry && catalogue.isSuccess)
    options.push({
      label: MSG.xmoduleUnavailable,
      title: MSG.xmoduleUnavailable,
      options: [{ value: component, label: `${component}（${MSG.xmoduleUnavailable}）` }],
    });

  const choose = (value: string) => {
    const e = byValue.get(value);
    if (!e) return;
    form.setFieldValue('xmoduleParams', paramDefaults(e));
    const alias = String(form.getFieldValue('alias') ?? '').trim();
    const previous = byValue.get(lastChosen.current);
    lastChosen.current = value;
    if (!alias || alias === '自定义组件' || alias === previous?.alias) form.setFieldValue('alias', e.alias);
    const link = String(form.getFieldValue('specificLink') ?? '').trim();
    if (!link || link === previous?.more) form.setFieldValue('specificLink', e.more ?? '');
    form.setFieldValue('oauthBeforeRedirect', e.isNeedLogin);
  };

  return (
    <ModuleFormShell
      type="xmodule"
      form={form}
      canSave={!catalogue.isPending}
      {...props}
      normalise={(m) => {
        const e = byValue.get(m.component);
        const raw = (m.xmoduleParams ?? {}) as Record<string, unknown>;
        const xmoduleParams = e
          ? keptParams(e, raw)
          : (Object.fromEntries(Object.entries(raw).filter(([, v]) => ['string', 'number', 'boolean'].includes(typeof v))) as XmoduleModule['xmoduleParams']);
        return { ...m, xmoduleParams, height: m.column === 1 ? m.height : 'auto', specificLink: m.specificLink || undefined };
      }}
    >
      <TitleField />
      <SpanField />
      {catalogue.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${MSG.xmoduleCatalogueFailed}：${host.errorMessage(catalogue.error)}`}
          action={
            <Button size="small" onClick={() => void catalogue.refetch()}>
              {MSG.retry}
            </Button>
          }
        />
      )}
      <Form.Item
        name="component"
        label="组件"
        required
        rules={[
          {
            validator: async (_r, v: unknown) => {
              if (typeof v !== 'string' || v === '') throw new Error(MSG.componentRequired);
              if (catalogue.isSuccess && !byValue.has(v)) throw new Error(MSG.xmoduleUnavailableHint);
            },
          },
        ]}
      >
        <Select
          options={options}
          loading={catalogue.isPending}
          placeholder={MSG.componentRequired}
          onChange={choose}
          showSearch={{ optionFilterProp: 'label' }}
          notFoundContent={catalogue.isPending ? <Spin size="small" /> : undefined}
        />
      </Form.Item>
      {entry && (
        <fieldset className="atr-f-xparams">
          <legend>组件参数 · {entry.name}</legend>
          <ParamFields entry={entry} form={form} />
        </fieldset>
      )}
      <Form.Item name="column" label="高度">
        <Radio.Group
          onChange={(e) => {
            if (e.target.value === 1 && typeof form.getFieldValue('height') !== 'number') form.setFieldValue('height', 160);
          }}
          options={[
            { value: 0, label: '随内容' },
            { value: 1, label: '自定义高度' },
            { value: 2, label: '固定最小高度' },
          ]}
        />
      </Form.Item>
      {column === 1 && (
        <Form.Item
          name="height"
          label="高度（px）"
          getValueProps={(v: unknown) => ({ value: typeof v === 'number' ? v : undefined })}
          rules={[{ required: true, type: 'integer', min: XMODULE_MIN_HEIGHT, message: MSG.carouselHeightMin }]}
        >
          <InputNumber min={XMODULE_MIN_HEIGHT} max={3000} precision={0} />
        </Form.Item>
      )}
      {column === 2 && (
        <Form.Item
          name="minHeight"
          label="最小高度（px）"
          rules={[{ required: true, type: 'integer', min: XMODULE_MIN_HEIGHT, message: MSG.xmoduleMinHeight }]}
        >
          <InputNumber min={XMODULE_MIN_HEIGHT} max={3000} precision={0} />
        </Form.Item>
      )}
      <SwitchField name="titleSkip" label="隐藏标题栏" />
      <LinkField name="specificLink" label={FIELD_LABELS.specificLink} />
      <SwitchField name="hideMoreButton" label={FIELD_LABELS.hideMoreButton} />
      <SwitchField name="oauthBeforeRedirect" label={FIELD_LABELS.oauthBeforeRedirect} extra="组件要求登录时自动打开" />
    </ModuleFormShell>
  );
}
