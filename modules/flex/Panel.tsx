/**
 * The visitor's flex (layout) panel (spec 1 §3 'flex', §4 'Flex save'): its slots in a row or a column
 * with `componentGap` px between them, `padding` px inside, on a transparent or white background, with
 * the title (and description) when `isShowTitle`; the fullScreen theme runs the background the full
 * width of the window. In a row each slot takes its width of slotWidths (divWidth, or a share
 * of what the set widths leave) minus its part of the gaps; on a phone the slots stack. Inside a slot
 * the modules placed there are rendered one under the other, each at 100% of the slot (its own span is
 * ignored: it is shown at the span its slot allows, nestedSpan), by its own type's Panel through the
 * renderer the host provides (modules/kit/host.ts `useModuleRenderer`; app/site/ModuleRenderer).
 *
 * In edit mode each slot shows its name and '+ 添加模块', each nested module 编辑 and 删除; they call
 * the `editor` actions of PanelProps (the editor owns the drawer). A flex without any module shows the
 * empty state.
 */
import { UiButton, UiTag } from '../kit/ui';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '../kit/icons';
import type { ModuleConfig } from '../../common/homeConfig.js';
import { SITE_MSG } from '../../common/siteMessages.js';
import type { PanelProps } from '../types.app.js';
import { definitionOf } from '../registry';
import { useModuleRenderer } from '../kit/host';
import { PanelTitle } from '../kit/PanelShell';
import { EmptyState } from '../kit/EmptyState';
import { LoginOnlyMark } from '../kit/LoginOnlyMark';
import { nestedSpan, slotWidths, type FlexModule, type FlexSlot } from './definition.js';
import './flex.css';

/** CSS width of a row slot of `pct` percent among `n` slots with `gap` px between them. */
export function rowSlotWidth(pct: number, n: number, gap: number): string {
  const minus = +((gap * (n - 1) * pct) / 100).toFixed(3);
  return `calc(${+pct.toFixed(4)}% - ${minus}px)`;
}

/** The slots of a stored config, tolerant of missing lists. */
function slotsOf(module: FlexModule): FlexSlot[] {
  return (Array.isArray(module.components) ? module.components : []).map((s) => ({ ...s, modules: Array.isArray(s.modules) ? s.modules : [] }));
}

/** The flex panel; props are PanelProps (modules/types.app.ts). */
export default function FlexPanel({ module, editable, site, editor }: PanelProps<FlexModule>) {
  const slots = slotsOf(module);
  const row = module.componentDirection !== 'column';
  const gap = Number.isFinite(module.componentGap) ? Math.max(0, module.componentGap) : 12;
  const widths = slotWidths(slots);
  const total = slots.reduce((n, s) => n + s.modules.length, 0);
  const cls = [
    'atr-flex',
    module.bgColor === 'white' ? 'atr-flex--white' : '',
    module.mode === 'fullScreen' ? 'atr-flex--full' : '',
    row ? 'atr-flex--row' : 'atr-flex--column',
    editable ? 'atr-flex--edit' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <section className={cls} style={{ padding: module.padding ? `${module.padding}px` : undefined }} aria-label={module.alias}>
      {module.isShowTitle && (
        <header className="atr-flex__head">
          <PanelTitle module={module} />
        </header>
      )}
      {module.isShowTitle && module.description && <p className="atr-p-desc">{module.description}</p>}
      {total === 0 && !editable ? (
        <EmptyState type="flex" moduleId={module.id} topicId={site.topicId} editable={false} />
      ) : (
        <div className="atr-flex__slots" style={{ gap }}>
          {slots.map((slot, i) => (
            <div
              key={slot.id}
              className="atr-flex__slot"
              data-slot-id={slot.id}
              style={row ? { width: rowSlotWidth(widths[i], slots.length, gap) } : undefined}
            >
              {editable && (
                <div className="atr-flex__slot-bar">
                  <span className="atr-flex__slot-name">
                    {slot.alias || `区域 ${i + 1}`}
                    {row && <span className="atr-flex__slot-width">{+widths[i].toFixed(2)}%</span>}
                  </span>
                  <UiButton
                    size="small"
                    variant="dashed"
                    icon={<PlusOutlined />}
                    disabled={!editor?.onAddToSlot || editor?.busy}
                    onClick={() => editor?.onAddToSlot?.(module.id, slot.id)}
                  >
                    {SITE_MSG.flexAddToSlot}
                  </UiButton>
                </div>
              )}
              {slot.modules.map((m) => {
                const span = nestedSpan(module.span, widths[i], module.componentDirection);
                return (
                  <NestedItem key={m.id} flexId={module.id} slotId={slot.id} module={m.span === span ? m : { ...m, span }} {...{ editable, site, editor }} />
                );
              })}
              {editable && slot.modules.length === 0 && <div className="atr-flex__slot-empty">空区域</div>}
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

/** One module in a slot: its panel (through the host's renderer), and in edit mode a toolbar of 编辑 and 删除. */
function NestedItem({
  flexId,
  slotId,
  module,
  editable,
  site,
  editor,
}: { flexId: string; slotId: string; module: ModuleConfig } & Pick<PanelProps, 'editable' | 'site' | 'editor'>) {
  const renderModule = useModuleRenderer();
  return (
    <div className="atr-flex__item" data-module-id={module.id} data-module-type={module.type}>
      {editable && (
        <div className="atr-flex__item-bar">
          <span className="atr-flex__item-name" title={module.alias}>
            {module.alias || module.type}
            <UiTag className="atr-flex__item-type">{definitionOf(module.type)?.label ?? module.type}</UiTag>
            <LoginOnlyMark loginOnly={module.loginOnly} />
          </span>
          <span>
            <UiButton
              size="small"
              variant="text"
              icon={<EditOutlined />}
              aria-label={SITE_MSG.edit}
              disabled={!editor?.onEditNested || editor?.busy}
              onClick={() => editor?.onEditNested?.(flexId, slotId, module)}
            >
              {SITE_MSG.edit}
            </UiButton>
            <UiButton
              size="small"
              variant="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={SITE_MSG.delete}
              disabled={!editor?.onDeleteNested || editor?.busy}
              onClick={() => editor?.onDeleteNested?.(flexId, slotId, module)}
            >
              {SITE_MSG.delete}
            </UiButton>
          </span>
        </div>
      )}
      {renderModule({ module, site, editable })}
    </div>
  );
}
