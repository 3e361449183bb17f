/**
 * The header menu editor (spec 1 §3 headerConfig.menu with sub menus): entries added, edited, deleted
 * and dragged to reorder (dnd-kit, also with the keyboard: Space on the handle, arrows, Space), each
 * with an optional sub menu of one level whose entries are edited and reordered the same way. Limits of
 * common/siteConfig.ts: 12 entries, 12 sub entries each, titles of 20 characters, addresses http(s) or
 * site paths. A top-level entry without a sub menu may be a 微应用 (decisions 644-645): its address and
 * its allowed origin, the address refused unless its origin is the allowed one (the save call and the
 * page at /container/{id} refuse it too). A link may point at one of the site's published composed
 * pages (`/xrender/{pageId}`, decision 705), chosen from a list. A form control: `value` / `onChange`
 * come from `Form.Item name="menu"`.
 */
import { createContext, useContext, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Form, Input, Modal, Radio, Select, Space, Tag, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, HolderOutlined, PlusOutlined, SubnodeOutlined } from '@ant-design/icons';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { MSG } from '@common/messages';
import {
  MENU_MAX_ITEMS,
  MENU_TITLE_MAX,
  SUB_MENU_MAX_ITEMS,
  microappAllowed,
  microappOriginSchema,
  subMenuItemSchema,
  type MenuItem,
  type SubMenuItem,
} from '@common/siteConfig';
import { zodRule } from './zodRule';
import type { PageListItem } from '@common/contracts/pages';
import { api } from '../../shared/apiClient';

/** The site's published composed pages, offered as link targets by the entry dialogs. */
const PageTargets = createContext<PageListItem[]>([]);

/** A select of the site's published pages; choosing one fills the address (and an empty title). */
function PageTargetSelect({ onPick }: { onPick(page: PageListItem): void }) {
  const pages = useContext(PageTargets);
  if (pages.length === 0) return null;
  return (
    <Form.Item label={MSG.pageLinkTargets}>
      <Select
        aria-label={MSG.pageLinkTargets}
        placeholder={MSG.pageLinkTargets}
        allowClear
        options={pages.map((p) => ({ value: p.pageId, label: `${p.title}（/xrender/${p.pageId}）` }))}
        onChange={(v: string | undefined) => {
          const page = pages.find((p) => p.pageId === v);
          if (page) onPick(page);
        }}
      />
    </Form.Item>
  );
}

/** A fresh id for a new entry (kept in the saved config so drags keep their identity). */
export const newMenuId = () => `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Gives every entry and sub entry an id (stored menus made elsewhere may lack them). */
export function withIds(menu: readonly MenuItem[] | undefined): MenuItem[] {
  return (menu ?? []).map((m) => ({
    ...m,
    id: m.id ?? newMenuId(),
    ...(m.children ? { children: m.children.map((c) => ({ ...c, id: c.id ?? newMenuId() })) } : {}),
  }));
}

interface EntryValues {
  title: string;
  url: string;
  /** top-level entries only: a link (default) or a 微应用 */
  kind?: 'address' | 'microapp';
  /** a 微应用's allowed origin */
  origin?: string;
}

/** What the dialog hands back: a menu entry's own fields. */
type SavedEntry = Pick<MenuItem, 'title' | 'url' | 'kind' | 'origin'>;

/** The values an entry keeps: a link drops kind and origin, a 微应用 keeps both (origin normalised). */
function entryOf(v: EntryValues): SavedEntry {
  const base = { title: v.title.trim(), url: (v.url ?? '').trim() };
  if (v.kind !== 'microapp') return base;
  const o = microappOriginSchema.safeParse(v.origin ?? '');
  return { ...base, kind: 'microapp', origin: o.success ? o.data : (v.origin ?? '').trim() };
}

/** The address rule of a 微应用: http(s), and of the allowed origin (decision 645). */
const microappUrlRule = ({ getFieldValue }: { getFieldValue(name: string): unknown }) => ({
  validator: async (_rule: unknown, value: unknown) => {
    const url = typeof value === 'string' ? value.trim() : '';
    if (!/^https?:\/\//i.test(url)) throw new Error(MSG.microappUrlInvalid);
    const o = microappOriginSchema.safeParse(getFieldValue('origin') ?? '');
    if (o.success && !microappAllowed({ url, origin: o.data })) throw new Error(MSG.microappOriginMismatch);
  },
});

/**
 * The dialog that adds or edits one entry; `parent` entries may leave the address empty when they have a
 * sub menu; `kinds` offers 链接 / 微应用 (top-level entries without a sub menu).
 */
function EntryDialog({
  title,
  initial,
  urlOptional,
  kinds = false,
  onSave,
  onClose,
}: {
  title: string;
  initial?: EntryValues;
  urlOptional: boolean;
  kinds?: boolean;
  onSave(v: SavedEntry): void;
  onClose(): void;
}) {
  const [form] = Form.useForm<EntryValues>();
  const kind = Form.useWatch('kind', form) ?? initial?.kind ?? 'address';
  const save = async () => {
    const v = await form.validateFields();
    onSave(entryOf({ ...v, kind: kinds ? v.kind : undefined }));
  };
  return (
    <Modal open title={title} onCancel={onClose} onOk={() => void save()} okText={MSG.confirm} cancelText={MSG.cancel} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ title: '', url: '', kind: 'address', origin: '', ...initial }} onFinish={() => void save()}>
        <Form.Item name="title" label={MSG.menuTitle} rules={[zodRule(subMenuItemSchema.shape.title)]}>
          <Input maxLength={MENU_TITLE_MAX} showCount autoFocus />
        </Form.Item>
        {kinds && (
          <Form.Item name="kind" label={MSG.microappKind}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'address', label: MSG.microappKindLink },
                { value: 'microapp', label: MSG.microappKindMicroapp },
              ]}
            />
          </Form.Item>
        )}
        {kinds && kind === 'microapp' ? (
          <>
            <Form.Item name="url" label={MSG.microappUrl} dependencies={['origin']} rules={[microappUrlRule]}>
              <Input placeholder="https://app.example.cn/…" />
            </Form.Item>
            <Form.Item name="origin" label={MSG.microappOrigin} extra={MSG.microappOriginHint} rules={[zodRule(microappOriginSchema)]}>
              <Input placeholder="https://app.example.cn" onPressEnter={() => void save()} />
            </Form.Item>
          </>
        ) : (
          <>
            <PageTargetSelect
              onPick={(p) => {
                form.setFieldValue('url', `/xrender/${p.pageId}`);
                if (!String(form.getFieldValue('title') ?? '').trim()) form.setFieldValue('title', p.title.slice(0, MENU_TITLE_MAX));
              }}
            />
            <Form.Item
              name="url"
              label={MSG.menuUrl}
              extra={urlOptional ? MSG.menuUrlHint : undefined}
              rules={urlOptional ? [zodRule(subMenuItemSchema.shape.url, { optional: true })] : [zodRule(subMenuItemSchema.shape.url)]}
            >
              <Input placeholder="https://… 或 /站内路径" onPressEnter={() => void save()} />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}

function useDragSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/** Reorders `list` by a drag from `active` onto `over` (ids). */
function moved<T extends { id?: string }>(list: T[], e: DragEndEvent): T[] | null {
  if (!e.over || e.active.id === e.over.id) return null;
  const from = list.findIndex((i) => i.id === e.active.id);
  const to = list.findIndex((i) => i.id === e.over!.id);
  return from < 0 || to < 0 ? null : arrayMove(list, from, to);
}

function Handle(props: Record<string, unknown>) {
  return (
    <span className="atr-menu-row__handle" role="button" aria-label={MSG.dragToSort} tabIndex={0} {...props}>
      <HolderOutlined />
    </span>
  );
}

/** One sub menu row. */
function SubRow({ item, onEdit, onDelete }: { item: SubMenuItem; onEdit(): void; onDelete(): void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: item.id! });
  return (
    <div
      ref={setNodeRef}
      className="atr-menu-row atr-menu-row--sub"
      data-testid="sub-menu-row"
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      <Handle {...attributes} {...listeners} />
      <span className="atr-menu-row__title">{item.title}</span>
      <span className="atr-menu-row__url">{item.url}</span>
      <Space size={0}>
        <Button type="text" size="small" icon={<EditOutlined />} aria-label={`${MSG.edit} ${item.title}`} onClick={onEdit} />
        <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`${MSG.delete} ${item.title}`} onClick={onDelete} />
      </Space>
    </div>
  );
}

/** One top-level row with its sub menu. */
function TopRow({ item, onChange, onDelete, onEdit }: { item: MenuItem; onChange(next: MenuItem): void; onDelete(): void; onEdit(): void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: item.id! });
  const [sub, setSub] = useState<SubMenuItem | 'new' | null>(null);
  const sensors = useDragSensors();
  const children = item.children ?? [];
  const full = children.length >= SUB_MENU_MAX_ITEMS;
  return (
    <div
      ref={setNodeRef}
      className="atr-menu-item"
      data-testid="menu-row"
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      <div className="atr-menu-row">
        <Handle {...attributes} {...listeners} />
        <span className="atr-menu-row__title">{item.title}</span>
        <span className="atr-menu-row__url">{item.url || <span className="atr-muted">—</span>}</span>
        {item.kind === 'microapp' && <Tag color="blue">{MSG.microappKindMicroapp}</Tag>}
        {children.length > 0 && <Tag>{children.length} 个子菜单</Tag>}
        <Space size={0}>
          <Tooltip title={full ? MSG.subMenuTooMany : item.kind === 'microapp' ? MSG.microappNoChildren : undefined}>
            <Button
              type="text"
              size="small"
              icon={<SubnodeOutlined />}
              disabled={full || item.kind === 'microapp'}
              aria-label={`${MSG.subMenuAdd} ${item.title}`}
              onClick={() => setSub('new')}
            >
              {MSG.subMenuAdd}
            </Button>
          </Tooltip>
          <Button type="text" size="small" icon={<EditOutlined />} aria-label={`${MSG.edit} ${item.title}`} onClick={onEdit} />
          <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`${MSG.delete} ${item.title}`} onClick={onDelete} />
        </Space>
      </div>
      {children.length > 0 && (
        <div className="atr-menu-children">
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={(e) => {
              const next = moved(children, e);
              if (next) onChange({ ...item, children: next });
            }}
          >
            <SortableContext items={children.map((c) => c.id!)} strategy={verticalListSortingStrategy}>
              {children.map((c) => (
                <SubRow
                  key={c.id}
                  item={c}
                  onEdit={() => setSub(c)}
                  onDelete={() => {
                    const rest = children.filter((x) => x.id !== c.id);
                    onChange({ ...item, children: rest.length ? rest : undefined });
                  }}
                />
              ))}
            </SortableContext>
          </DndContext>
        </div>
      )}
      {sub !== null && (
        <EntryDialog
          title={sub === 'new' ? `${MSG.subMenuAdd}（${item.title}）` : MSG.menuEditTitle}
          urlOptional={false}
          initial={sub === 'new' ? undefined : { title: sub.title, url: sub.url }}
          onClose={() => setSub(null)}
          onSave={(v) => {
            onChange({
              ...item,
              children: sub === 'new' ? [...children, { id: newMenuId(), ...v }] : children.map((c) => (c.id === sub.id ? { ...c, ...v } : c)),
            });
            setSub(null);
          }}
        />
      )}
    </div>
  );
}

/** See the file comment. */
export function MenuEditor({ value = [], onChange, applicationId }: { value?: MenuItem[]; onChange?: (v: MenuItem[]) => void; applicationId?: number }) {
  const [editing, setEditing] = useState<MenuItem | 'new' | null>(null);
  // the site's published pages, link targets of the entries (GET …/pages: every manager of the site)
  const pages = useQuery({
    queryKey: ['console-pages', applicationId ?? 0],
    queryFn: ({ signal }) => api.get('/api/v1/applications/{id}/pages', { params: { id: applicationId ?? 0 }, signal }),
    enabled: !!applicationId,
  });
  const targets = (pages.data?.content ?? []).filter((p) => p.state === 'published');
  const sensors = useDragSensors();
  const set = (next: MenuItem[]) => onChange?.(next);
  const full = value.length >= MENU_MAX_ITEMS;
  return (
    <PageTargets.Provider value={targets}>
      <div className="atr-menu-editor">
        {value.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.menuEmpty} />
        ) : (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={(e) => {
              const next = moved(value, e);
              if (next) set(next);
            }}
          >
            <SortableContext items={value.map((i) => i.id!)} strategy={verticalListSortingStrategy}>
              {value.map((item) => (
                <TopRow
                  key={item.id}
                  item={item}
                  onEdit={() => setEditing(item)}
                  onChange={(next) => set(value.map((i) => (i.id === item.id ? next : i)))}
                  onDelete={() => set(value.filter((i) => i.id !== item.id))}
                />
              ))}
            </SortableContext>
          </DndContext>
        )}
        <Tooltip title={full ? MSG.menuTooMany : undefined}>
          <Button block type="dashed" icon={<PlusOutlined />} style={{ marginTop: 8 }} disabled={full} onClick={() => setEditing('new')}>
            {MSG.menuAdd}
          </Button>
        </Tooltip>
        {editing !== null && (
          <EntryDialog
            title={editing === 'new' ? MSG.menuNewTitle : MSG.menuEditTitle}
            urlOptional={editing !== 'new' && (editing.children?.length ?? 0) > 0}
            kinds={editing === 'new' || !editing.children?.length}
            initial={editing === 'new' ? undefined : { title: editing.title, url: editing.url, kind: editing.kind ?? 'address', origin: editing.origin ?? '' }}
            onClose={() => setEditing(null)}
            onSave={(v) => {
              // a link drops what a 微应用 had (kind, origin)
              const entry = (i: MenuItem): MenuItem => {
                const { kind: _k, origin: _o, ...rest } = i;
                return { ...rest, ...v };
              };
              set(editing === 'new' ? [...value, entry({ id: newMenuId(), title: '', url: '' })] : value.map((i) => (i.id === editing.id ? entry(i) : i)));
              setEditing(null);
            }}
          />
        )}
      </div>
    </PageTargets.Provider>
  );
}
