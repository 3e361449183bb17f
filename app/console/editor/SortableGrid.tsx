/**
 * The editor's home grid (spec 1 §2 'Home page in edit mode', §3 'span'):
 * the same panels as the visitor's grid (app/site/HomeGrid.tsx SlotBody; the toolbar of ./SlotToolbar.tsx), plus
 *
 * - drag to reorder with dnd-kit: the grip in a panel's toolbar is the handle (mouse, touch, and the
 *   keyboard: Space or Enter picks up, arrow keys move, Space drops, Esc cancels), with Chinese screen
 *   reader instructions and announcements;
 * - resize by dragging the panel's right edge: the width snaps to the nearest of the six spans of the
 *   1210 px row (1/4, 1/3, 1/2, 2/3, 3/4, full) while dragging, with guide lines at each snap point; the
 *   edge is also a focusable slider (ArrowLeft / ArrowRight one step). Types whose span is forced
 *   (`definition.fixedSpan(cfg)`, e.g. link by direction) have no resize edge.
 *
 * A move or resize shows at once and stays while its save runs (`actions.onMove/onResize` resolve when
 * done); a refused save puts the panel back. Each slot renders its toolbar and panel through memoised
 * parts, so an edit of one module does not render the other panels again (bench/editor.ts).
 */
import { memo, useCallback, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  pointerWithin,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  type ScreenReaderInstructions,
} from '@dnd-kit/core';
import { SortableContext, rectSortingStrategy, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Tooltip } from 'antd';
import { HolderOutlined, LockOutlined } from '@ant-design/icons';
import type { ModuleConfig } from '@common/homeConfig';
import type { Page } from '@common/page';
import { SPAN_FRACTIONS, SPAN_LABELS } from '@common/constants';
import { MSG } from '@common/messages';
import { definitionOf, isRegisteredType, moduleDefinitions, withModuleType } from '@modules/registry';
import type { SiteContext } from '@modules/types.app';
import { SlotBody, type GridEditActions } from '../../site/HomeGrid';
import { SlotToolbar } from './SlotToolbar';
import { GRID_GAP, normaliseSpan, spanWidth } from '../../site/layout';
import { applyTemplateAction } from './template';
import './editor.css';
import { useLatest } from '@modules/kit/useLatest';

export interface SortableGridProps {
  modules: ModuleConfig[];
  site: SiteContext;
  /** must be a stable object (useMemo): every panel toolbar renders again when it changes */
  actions: GridEditActions;
  bootData?: Record<string, Record<string, Page<unknown>>>;
}

/** Width in px of a span in a row `rowWidth` px wide (same formula as layout.spanWidth). */
export function spanPx(span: number, rowWidth: number, gap: number = GRID_GAP): number {
  const f = SPAN_FRACTIONS[normaliseSpan(span)];
  return f === 1 ? rowWidth : f * rowWidth - gap * (1 - f);
}

/** The span whose width is nearest to `widthPx` in a row `rowWidth` px wide (ties go to the narrower). */
export function nearestSpan(widthPx: number, rowWidth: number, gap: number = GRID_GAP): number {
  let best = 0;
  for (let s = 1; s < SPAN_FRACTIONS.length; s++) {
    if (Math.abs(spanPx(s, rowWidth, gap) - widthPx) < Math.abs(spanPx(best, rowWidth, gap) - widthPx)) best = s;
  }
  return best;
}

/**
 * The panel under the pointer when there is one (panels differ a lot in size, so the centre of a big
 * dragged panel says little), else the nearest centre (keyboard, pointer in a gap).
 */
export const pointerThenCenter: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length ? within : closestCenter(args);
};

/**
 * Keyboard moves: ArrowLeft / ArrowRight step one place back / forward in the reading order (the
 * built-in getter picks by corner distance, which in a wrapping grid of unequal panels often jumps to
 * the next row); ArrowUp / ArrowDown move spatially with dnd-kit's sortableKeyboardCoordinates. The
 * dragged panel is centred on the target, so the centre-based collision picks it.
 */
export const readingOrderCoordinates: KeyboardCoordinateGetter = (event, args) => {
  if (event.code !== 'ArrowLeft' && event.code !== 'ArrowRight') return sortableKeyboardCoordinates(event, args);
  event.preventDefault();
  const { active, over, collisionRect, droppableRects, droppableContainers } = args.context;
  if (!active || !collisionRect) return undefined;
  const ids = droppableContainers
    .getEnabled()
    .map((c) => ({ id: c.id, index: (c.data.current as { sortable?: { index: number } } | undefined)?.sortable?.index ?? 0 }))
    .sort((a, b) => a.index - b.index)
    .map((c) => c.id);
  const at = ids.indexOf(over?.id ?? active.id);
  const target = ids[at + (event.code === 'ArrowLeft' ? -1 : 1)];
  const rect = target != null ? droppableRects.get(target) : undefined;
  if (!rect) return undefined;
  return { x: rect.left + rect.width / 2 - collisionRect.width / 2, y: rect.top + rect.height / 2 - collisionRect.height / 2 };
};

const fill = (text: string, vars: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));

/** See the file comment. */
export function SortableGrid({ modules, site, actions, bootData }: SortableGridProps) {
  // the order shown while a move is being saved (null: the saved order)
  const [pending, setPending] = useState<ModuleConfig[] | null>(null);
  const shown = pending ?? modules;
  const ids = useMemo(() => shown.map((m) => m.id), [shown]);
  const shownRef = useLatest(shown);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: readingOrderCoordinates }),
  );

  const accessibility = useMemo(() => {
    const nameOf = (id: string | number) => {
      const m = shownRef.current.find((x) => x.id === id);
      return m?.alias || (m ? (definitionOf(m.type)?.label ?? m.type) : String(id));
    };
    const posOf = (id: string | number) => shownRef.current.findIndex((x) => x.id === id) + 1;
    const announcements: Announcements = {
      onDragStart: ({ active }) => fill(MSG.dndPickedUp, { name: nameOf(active.id), pos: posOf(active.id), total: shownRef.current.length }),
      onDragOver: ({ active, over }) =>
        over ? fill(MSG.dndOver, { name: nameOf(active.id), pos: posOf(over.id) }) : fill(MSG.dndOutside, { name: nameOf(active.id) }),
      onDragEnd: ({ active, over }) =>
        over ? fill(MSG.dndDropped, { name: nameOf(active.id), pos: posOf(over.id) }) : fill(MSG.dndCancelled, { name: nameOf(active.id) }),
      onDragCancel: ({ active }) => fill(MSG.dndCancelled, { name: nameOf(active.id) }),
    };
    const screenReaderInstructions: ScreenReaderInstructions = { draggable: MSG.dndInstructions };
    return { announcements, screenReaderInstructions };
  }, [shownRef]);

  const onMove = actions.onMove;
  const onDragEnd = useCallback(
    ({ active, over }: DragEndEvent) => {
      if (!over || active.id === over.id || !onMove) return;
      const next = applyTemplateAction(shownRef.current, { type: 'move', id: String(active.id), over: String(over.id) });
      setPending(next);
      void Promise.resolve(onMove(String(active.id), String(over.id))).finally(() => setPending(null));
    },
    [onMove, shownRef],
  );

  return (
    <DndContext sensors={sensors} collisionDetection={pointerThenCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
      <SortableContext items={ids} strategy={rectSortingStrategy} disabled={actions.busy}>
        <div className="atr-grid atr-grid--edit atr-grid--sortable">
          {shown.map((m) => (
            <SortableSlot key={m.id} module={m} site={site} actions={actions} initial={bootData?.[m.id]} />
          ))}
        </div>
      </SortableContext>
    </DndContext>
  );
}

/** Constant icon elements: React skips an element it has already rendered, 200 times per edit. */
const GRIP_ICON = <HolderOutlined />;

/** Room in the toolbar for the grip laid over it (a constant element, so the memoised toolbar skips). */
const GRIP_SPACE = <span className="atr-slot__grip-space" aria-hidden />;

interface SortableSlotProps {
  module: ModuleConfig;
  site: SiteContext;
  actions: GridEditActions;
  initial?: Record<string, Page<unknown>>;
}

/** One panel of the sortable grid: the sortable frame, its toolbar with the grip, the panel, the resize edge. */
const SortableSlot = memo(function SortableSlot({ module, site, actions, initial }: SortableSlotProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: module.id });
  // span shown while the edge is dragged or a resize is being saved (null: the module's span)
  const [preview, setPreview] = useState<number | null>(null);
  // width of the row while the edge is dragged (null: not resizing)
  const [guideRow, setGuideRow] = useState<number | null>(null);
  const resizing = guideRow !== null;
  const slotRef = useRef<HTMLDivElement | null>(null);
  const drag = useRef<{ left: number; row: number; pointerId: number } | null>(null);
  const span = preview ?? normaliseSpan(module.span);
  const fixed = !!withModuleType(module, (type, cfg) => moduleDefinitions[type].fixedSpan?.(cfg));
  const canResize = !fixed && !!actions.onResize && isRegisteredType(module.type);

  const setRefs = useCallback(
    (el: HTMLDivElement | null) => {
      slotRef.current = el;
      setNodeRef(el);
    },
    [setNodeRef],
  );

  const commitSpan = (next: number) => {
    if (next === normaliseSpan(module.span) || !actions.onResize) {
      setPreview(null);
      return;
    }
    setPreview(next);
    void Promise.resolve(actions.onResize(module.id, next)).finally(() => setPreview(null));
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!canResize || actions.busy || e.button !== 0) return;
    const slot = slotRef.current;
    const row = slot?.parentElement;
    if (!slot || !row) return;
    e.preventDefault();
    e.stopPropagation();
    e.currentTarget.setPointerCapture(e.pointerId);
    const rowRect = row.getBoundingClientRect();
    drag.current = { left: slot.getBoundingClientRect().left, row: rowRect.width, pointerId: e.pointerId };
    setGuideRow(rowRect.width);
    setPreview(normaliseSpan(module.span));
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    const s = nearestSpan(e.clientX - d.left, d.row);
    setPreview((p) => (p === s ? p : s));
  };
  const endDrag = (e: PointerEvent<HTMLDivElement>, cancel: boolean) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    drag.current = null;
    setGuideRow(null);
    if (cancel || preview === null) setPreview(null);
    else commitSpan(preview);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!canResize || actions.busy) return;
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    e.stopPropagation();
    const next = Math.max(0, Math.min(5, span + step));
    if (next !== span) commitSpan(next);
  };

  return (
    <div
      ref={setRefs}
      className={`atr-slot${isDragging ? ' atr-slot--dragging' : ''}${resizing ? ' atr-slot--resizing' : ''}`}
      style={{ width: spanWidth(span), transform: CSS.Translate.toString(transform), transition, position: 'relative' }}
      data-module-id={module.id}
      data-module-type={module.type}
      data-span={span}
    >
      {/* the grip sits over the toolbar's leading spacer: dnd-kit's listeners change on every render of
          the sortable context, and passing them into the memoised toolbar would render all 200 toolbars
          again on each edit (bench/editor.ts) */}
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="atr-slot__grip"
        aria-label={`${MSG.dragToSort}：${module.alias || module.type}`}
        title={MSG.dragToSort}
        disabled={actions.busy}
        {...attributes}
        {...listeners}
      >
        {GRIP_ICON}
      </button>
      <SlotToolbar module={module} actions={actions} leading={GRIP_SPACE} />
      <SlotBody module={module} site={site} initial={initial} editable onModuleChange={actions.onModuleChange} editor={actions.nested} />
      {canResize ? (
        <div
          className="atr-slot__resize"
          role="slider"
          tabIndex={actions.busy ? -1 : 0}
          aria-label={`${MSG.resizeHandle}：${module.alias || module.type}`}
          aria-orientation="horizontal"
          aria-valuemin={0}
          aria-valuemax={5}
          aria-valuenow={span}
          aria-valuetext={`${MSG.widthLabel} ${SPAN_LABELS[span]}`}
          aria-disabled={actions.busy || undefined}
          title={MSG.resizeHandle}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={(e) => endDrag(e, false)}
          onPointerCancel={(e) => endDrag(e, true)}
          onKeyDown={onKeyDown}
        />
      ) : fixed ? (
        <Tooltip title={MSG.spanFixed}>
          <span className="atr-slot__fixed" aria-label={MSG.spanFixed}>
            <LockOutlined />
          </span>
        </Tooltip>
      ) : null}
      {guideRow !== null && <ResizeGuide row={guideRow} span={span} />}
    </div>
  );
});

/** Guide lines at the six snap widths, measured from the panel's left edge; the chosen one highlighted. */
function ResizeGuide({ row, span }: { row: number; span: number }) {
  return (
    <div className="atr-resize-guide" aria-hidden>
      {SPAN_FRACTIONS.map((_, s) => (
        <div key={s} className={`atr-resize-guide__line${s === span ? ' is-active' : ''}`} style={{ left: spanPx(s, row) }}>
          <span>{SPAN_LABELS[s]}</span>
        </div>
      ))}
    </div>
  );
}
