/**
 * Editor form of the flex (layout) module (spec 1 §2 'flex form', §4 'Flex save', §5 'Flex'): title,
 * title switch, description (on a group template it comes with the group fields), width share, theme,
 * background (transparent or white), direction (row or column), padding, gap (integer >= 0), the number
 * of areas (integer >= 1) and the area list (name, width percent 1-100 in a row layout, delete while
 * more than one remains). Changing the number, 新增区域 and saving fit the
 * list with `fitSlots`: extra areas are cut, missing ones added; adding to a row whose set widths leave
 * no room shows the alert 当前组件没有剩余空间，请重新规划后再次新增区域。 and stops. The modules placed
 * in the areas are kept as they are (they are edited on the page, inside each area).
 */
import { App, Button, Form, Input, InputNumber, Popconfirm, Radio, Space, Tooltip } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import type { FormProps } from '../types.app';
import { ModuleFormShell } from '../kit/ModuleFormShell';
import { SpanField, SwitchField, TitleField } from '../kit/fields';
import {
  FLEX_MAX_GAP,
  FLEX_MAX_PADDING,
  FLEX_MAX_SLOTS,
  canDeleteSlot,
  deleteSlot,
  fitSlots,
  remainingWidth,
  slotWidths,
  type FlexModule,
  type FlexSlot,
} from './definition';
import '../kit/form.css';

/** Title of the alert dialogs of this form. */
const ALERT_TITLE = '提示';

/** See the file comment. */
export default function FlexForm(props: FormProps<FlexModule>) {
  const [form] = Form.useForm();
  const { modal } = App.useApp();
  const direction = (Form.useWatch('componentDirection', form) as 'row' | 'column' | undefined) ?? props.initial?.componentDirection ?? 'row';
  const watched = Form.useWatch('components', form) as FlexSlot[] | undefined;
  const slots: FlexSlot[] = watched ?? props.initial?.components ?? [];
  const widths = slotWidths(slots);

  const alert = (content: string) => modal.warning({ title: ALERT_TITLE, content, okText: MSG.confirm });

  /** Fits the list to `n` areas; on the no-space refusal shows the alert and keeps the list. */
  const setNumber = (n: number | null) => {
    const current = (form.getFieldValue('components') as FlexSlot[] | undefined) ?? [];
    if (n == null || !Number.isInteger(n) || n < 1) return;
    const r = fitSlots(current, n, (form.getFieldValue('componentDirection') as 'row' | 'column' | undefined) ?? 'row');
    if (!r.ok) {
      alert(r.error);
      form.setFieldsValue({ componentNumber: current.length });
      return;
    }
    form.setFieldsValue({ components: r.slots, componentNumber: r.slots.length });
  };

  const updateSlot = (id: string, patch: Partial<FlexSlot>) => {
    const current = (form.getFieldValue('components') as FlexSlot[]) ?? [];
    form.setFieldsValue({ components: current.map((s) => (s.id === id ? { ...s, ...patch } : s)) });
  };

  const removeSlot = (id: string) => {
    const current = (form.getFieldValue('components') as FlexSlot[]) ?? [];
    if (!canDeleteSlot(current)) {
      alert(MSG.flexSlotLast);
      return;
    }
    const next = deleteSlot(current, id);
    form.setFieldsValue({ components: next, componentNumber: next.length });
  };

  /** Save: fit the list to the number; the no-space refusal stops the save (spec 2 §8). */
  const normalise = (m: FlexModule): FlexModule => {
    const r = fitSlots(m.components ?? [], m.componentNumber, m.componentDirection ?? 'row');
    if (!r.ok) throw new Error(r.error);
    return { ...m, components: r.slots, height: 'auto' };
  };

  return (
    <ModuleFormShell type="flex" form={form} {...props} normalise={normalise}>
      <TitleField />
      <SwitchField name="isShowTitle" label="显示标题" />
      {props.page.style !== 'fullScreen' && (
        <Form.Item name="description" label="描述" extra="显示标题时显示在标题下方" rules={[{ max: 500, message: '不能超过 500 个字' }]}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      )}
      <SpanField />
      <Form.Item name="mode" label="主题">
        <Radio.Group
          options={[
            { value: 'default', label: '默认' },
            { value: 'fullScreen', label: '全屏' },
          ]}
        />
      </Form.Item>
      <Form.Item name="bgColor" label="背景">
        <Radio.Group
          options={[
            { value: 'transparent', label: '透明' },
            { value: 'white', label: '白色' },
          ]}
        />
      </Form.Item>
      <Form.Item name="componentDirection" label="排列方向">
        <Radio.Group
          options={[
            { value: 'row', label: '横向排列' },
            { value: 'column', label: '纵向排列' },
          ]}
        />
      </Form.Item>
      <Space size="large" wrap>
        <Form.Item name="padding" label="内边距（px）" rules={[{ type: 'integer', min: 0, max: FLEX_MAX_PADDING, message: MSG.flexPaddingRange }]}>
          <InputNumber min={0} max={FLEX_MAX_PADDING} precision={0} />
        </Form.Item>
        <Form.Item name="componentGap" label="区域间距（px）" rules={[{ required: true, type: 'integer', min: 0, max: FLEX_MAX_GAP, message: MSG.flexGapMin }]}>
          <InputNumber min={0} max={FLEX_MAX_GAP} precision={0} />
        </Form.Item>
        <Form.Item
          name="componentNumber"
          label="区域数量"
          rules={[{ required: true, type: 'integer', min: 1, max: FLEX_MAX_SLOTS, message: MSG.flexNumberMin }]}
        >
          <InputNumber min={1} max={FLEX_MAX_SLOTS} precision={0} onChange={(v) => setNumber(typeof v === 'number' ? v : null)} />
        </Form.Item>
      </Space>
      <Form.Item label={direction === 'row' ? `区域列表（剩余宽度 ${Math.max(0, remainingWidth(slots))}%）` : '区域列表'}>
        <Form.Item name="components" noStyle>
          <HiddenValue />
        </Form.Item>
        <div className="atr-f-flex-slots">
          {slots.map((slot, i) => (
            <div className="atr-f-flex-slot" key={slot.id} data-testid="flex-slot">
              <span className="atr-f-flex-slot__no">{i + 1}</span>
              <Input
                aria-label={`区域 ${i + 1} 名称`}
                placeholder={`区域 ${i + 1}`}
                maxLength={60}
                value={slot.alias ?? ''}
                onChange={(e) => updateSlot(slot.id, { alias: e.target.value || undefined })}
                style={{ flex: 1 }}
              />
              {direction === 'row' && (
                <InputNumber
                  aria-label={`区域 ${i + 1} 宽度`}
                  min={1}
                  max={100}
                  precision={0}
                  placeholder={`自动 ${+widths[i].toFixed(1)}`}
                  value={slot.divWidth ?? null}
                  suffix="%"
                  style={{ width: 120 }}
                  onChange={(v) => updateSlot(slot.id, { divWidth: typeof v === 'number' ? v : null })}
                />
              )}
              {slot.modules?.length ? <span className="atr-f-flex-slot__count">{slot.modules.length} 个模块</span> : null}
              <Tooltip title={canDeleteSlot(slots) ? undefined : MSG.flexSlotLast}>
                {slot.modules?.length ? (
                  <Popconfirm
                    title={`该区域内的 ${slot.modules.length} 个模块将一并删除`}
                    okText={MSG.confirm}
                    cancelText={MSG.cancel}
                    disabled={!canDeleteSlot(slots)}
                    onConfirm={() => removeSlot(slot.id)}
                  >
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={`删除区域 ${i + 1}`} disabled={!canDeleteSlot(slots)} />
                  </Popconfirm>
                ) : (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`删除区域 ${i + 1}`}
                    disabled={!canDeleteSlot(slots)}
                    onClick={() => removeSlot(slot.id)}
                  />
                )}
              </Tooltip>
            </div>
          ))}
        </div>
        <Button
          block
          type="dashed"
          icon={<PlusOutlined />}
          style={{ marginTop: 8 }}
          disabled={slots.length >= FLEX_MAX_SLOTS}
          onClick={() => setNumber(slots.length + 1)}
        >
          新增区域
        </Button>
      </Form.Item>
    </ModuleFormShell>
  );
}

/** Keeps a form value that has no visible control of its own. */
function HiddenValue(_props: { value?: unknown; onChange?: (v: unknown) => void }) {
  return null;
}
