/**
 * Editor form of the carousel (spec 1 §2 'carousel form', §3 'Carousel item', §4, §5): theme default or
 * fullScreen (disabled inside a parent container), height default or custom (integer >= 100), and the
 * items (picture or video, url, redirectUri, title, description) added, edited, deleted and dragged to
 * reorder (dnd-kit). The item dialog's save button is disabled without a url.
 */
import { useState } from 'react';
import { Button, Empty, Form, Input, InputNumber, Modal, Radio, Space, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { linkSchema } from '@common/homeConfigSchema';
import { MSG } from '@common/messages';
import type { FormProps } from '../types.app';
import type { CarouselItem, CarouselModule } from './definition';
import { ModuleFormShell } from '../kit/ModuleFormShell';
import { SpanField, TitleField } from '../kit/fields';
import '../kit/form.css';

const linkRule = {
  validator: async (_r: unknown, v: unknown) => {
    if (v == null || v === '') return;
    const r = linkSchema.safeParse(v);
    if (!r.success) throw new Error(r.error.issues[0].message);
  },
};

/** The dialog that adds or edits one item. */
function ItemDialog({ item, onSave, onClose }: { item: CarouselItem | null; onSave(item: CarouselItem): void; onClose(): void }) {
  const [form] = Form.useForm<CarouselItem>();
  const url = Form.useWatch('url', form) as string | undefined;
  const save = async () => {
    const v = await form.validateFields();
    onSave({ ...v, id: item?.id ?? Date.now() });
  };
  return (
    <Modal
      open
      title={item ? '编辑轮播项' : '添加轮播项'}
      onCancel={onClose}
      onOk={() => void save()}
      okText="保存"
      cancelText={MSG.cancel}
      okButtonProps={{ disabled: !url?.trim() }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={item ?? { dataType: 'picture' }}>
        <Form.Item name="dataType" label="类型">
          <Radio.Group
            options={[
              { value: 'picture', label: '图片' },
              { value: 'video', label: '视频' },
            ]}
          />
        </Form.Item>
        <Form.Item name="url" label="图片或视频地址" rules={[{ required: true, whitespace: true, message: MSG.carouselUrlRequired }, linkRule]}>
          <Input placeholder="https://… 或 /站内路径" />
        </Form.Item>
        <Form.Item name="redirectUri" label="点击跳转地址" rules={[linkRule]}>
          <Input placeholder="可选" allowClear />
        </Form.Item>
        <Form.Item name="title" label="标题" rules={[{ max: 100 }]}>
          <Input placeholder="可选" maxLength={100} />
        </Form.Item>
        <Form.Item name="description" label="描述" rules={[{ max: 300 }]}>
          <Input.TextArea placeholder="可选" maxLength={300} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** One draggable row of the item list. */
function ItemRow({ item, onEdit, onDelete }: { item: CarouselItem; onEdit(): void; onDelete(): void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: String(item.id) });
  return (
    <div
      ref={setNodeRef}
      className="atr-f-carousel-row"
      data-testid="carousel-item"
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      <span className="atr-f-carousel-handle" aria-label="拖动排序" {...attributes} {...listeners}>
        <HolderOutlined />
      </span>
      {item.dataType === 'video' ? <Tag color="purple">视频</Tag> : <img className="atr-f-carousel-thumb" src={item.url} alt="" />}
      <span className="atr-f-carousel-title">{item.title || item.url}</span>
      <Space size={0}>
        <Button type="text" size="small" icon={<EditOutlined />} aria-label="编辑" onClick={onEdit} />
        <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label="删除" onClick={onDelete} />
      </Space>
    </div>
  );
}

/** The item list as a form control: value and onChange come from Form.Item name="items". */
function ItemsField({ value = [], onChange }: { value?: CarouselItem[]; onChange?: (v: CarouselItem[]) => void }) {
  const [editing, setEditing] = useState<CarouselItem | null | 'new'>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const from = value.findIndex((i) => String(i.id) === e.active.id);
    const to = value.findIndex((i) => String(i.id) === e.over!.id);
    onChange?.(arrayMove(value, from, to));
  };
  return (
    <div>
      {value.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有轮播项" />
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={value.map((i) => String(i.id))} strategy={verticalListSortingStrategy}>
            {value.map((item) => (
              <ItemRow key={String(item.id)} item={item} onEdit={() => setEditing(item)} onDelete={() => onChange?.(value.filter((i) => i.id !== item.id))} />
            ))}
          </SortableContext>
        </DndContext>
      )}
      <Button block type="dashed" icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={() => setEditing('new')}>
        添加轮播项
      </Button>
      {editing !== null && (
        <ItemDialog
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSave={(it) => {
            onChange?.(editing === 'new' ? [...value, it] : value.map((i) => (i.id === it.id ? it : i)));
            setEditing(null);
          }}
        />
      )}
    </div>
  );
}

/** See the file comment. */
export default function CarouselForm(props: FormProps<CarouselModule>) {
  const [form] = Form.useForm();
  const column = (Form.useWatch('column', form) as number | undefined) ?? props.initial?.column ?? 0;
  return (
    <ModuleFormShell
      type="carousel"
      form={form}
      {...props}
      normalise={(m) => {
        const sized = m.column === 1 ? m : { ...m, height: undefined };
        // inside a parent container the carousel cannot be fullScreen (spec 1 §4)
        return props.inContainer && sized.mode === 'fullScreen' ? { ...sized, mode: 'default' as const } : sized;
      }}
    >
      <TitleField />
      <SpanField />
      <Form.Item name="mode" label="主题" extra={props.inContainer ? '位于布局容器内时不能全屏' : undefined}>
        <Radio.Group
          options={[
            { value: 'default', label: '默认' },
            { value: 'fullScreen', label: '全屏', disabled: props.inContainer },
          ]}
        />
      </Form.Item>
      <Form.Item name="column" label="高度">
        <Radio.Group
          options={[
            { value: 0, label: '默认高度' },
            { value: 1, label: '自定义高度' },
          ]}
        />
      </Form.Item>
      {column === 1 && (
        <Form.Item name="height" label="自定义高度（px）" rules={[{ required: true, type: 'integer', min: 100, message: MSG.carouselHeightMin }]}>
          {/* no min clamp: a height under 100 shows the rule's message (spec 1 §5) instead of being silently raised */}
          <InputNumber max={2000} precision={0} />
        </Form.Item>
      )}
      <Form.Item name="items" label="轮播项（拖动排序）">
        <ItemsField />
      </Form.Item>
    </ModuleFormShell>
  );
}
