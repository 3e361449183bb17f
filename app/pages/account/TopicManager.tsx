/**
 * The topic manager dialog (spec 1 §1 'manage and reorder their own topic links', §4, §5): 'my list'
 * (sortable by drag or keyboard with dnd-kit, each with 移除) and 'all list' (添加; an entry already in
 * my list is inactive and shows 已添加). Save is disabled while my list is empty or loading. Loaded
 * lazily by TopicLinksBar, so dnd-kit stays out of the home page bundle.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Modal, Skeleton } from 'antd';
import { HolderOutlined } from '@ant-design/icons';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { MSG } from '@common/messages';
import { errorMessage } from '../../api';
import { toast } from '@modules/kit/toast';
import { USER_LINKS_KEY, addTopic, allListState, fetchSuggestions, removeTopic, saveDisabled, saveUserLinks, type TopicObject } from './topicLinks';
import './account.css';

function MyItem({ topic, onRemove }: { topic: TopicObject; onRemove(): void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: topic.id });
  return (
    <li
      ref={setNodeRef}
      className="atr-topic-item"
      data-testid="my-topic"
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      <span className="atr-topic-handle" aria-label={`${MSG.topicDragHint}：${topic.title}`} {...attributes} {...listeners}>
        <HolderOutlined />
      </span>
      <span className="atr-topic-title">{topic.title}</span>
      <Button size="small" type="link" danger onClick={onRemove}>
        {MSG.topicRemove}
      </Button>
    </li>
  );
}

export interface TopicManagerProps {
  userId: number;
  open: boolean;
  /** the user's saved list, in order */
  initial: TopicObject[];
  onClose(): void;
}

/** See the file comment. */
export default function TopicManager({ userId, open, initial, onClose }: TopicManagerProps) {
  const qc = useQueryClient();
  const [mine, setMine] = useState<TopicObject[]>(initial);
  const all = useQuery({ queryKey: ['topic-suggestions', userId], queryFn: () => fetchSuggestions(userId), enabled: open });
  const save = useMutation({
    mutationFn: () => saveUserLinks(userId, mine),
    onSuccess: async () => {
      // the visitor site's own notice: it stays when this dialog (and its antd providers) closes
      toast.success(MSG.topicLinksSaved);
      await qc.invalidateQueries({ queryKey: USER_LINKS_KEY });
      onClose();
    },
    onError: (e) => {
      toast.error(errorMessage(e));
    }, // a block: a returned toast would keep the mutation pending until it closes
  });
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    setMine((l) =>
      arrayMove(
        l,
        l.findIndex((x) => x.id === e.active.id),
        l.findIndex((x) => x.id === e.over!.id),
      ),
    );
  };
  const loading = all.isPending || save.isPending;

  return (
    <Modal
      open={open}
      title={MSG.topicManager}
      width={760}
      onCancel={onClose}
      destroyOnHidden
      okText={MSG.save}
      cancelText={MSG.cancel}
      onOk={() => save.mutate()}
      okButtonProps={{ disabled: saveDisabled(mine, loading), loading: save.isPending }}
    >
      <div className="atr-topic-manager">
        <section aria-label={MSG.topicMyList}>
          <h4>{MSG.topicMyList}</h4>
          <p className="atr-topic-hint">{MSG.topicDragHint}</p>
          {mine.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.topicMyListEmpty} />
          ) : (
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
              <SortableContext items={mine.map((t) => t.id)} strategy={verticalListSortingStrategy}>
                <ul className="atr-topic-list">
                  {mine.map((t) => (
                    <MyItem key={t.id} topic={t} onRemove={() => setMine((l) => removeTopic(l, t.id))} />
                  ))}
                </ul>
              </SortableContext>
            </DndContext>
          )}
        </section>
        <section aria-label={MSG.topicAllList}>
          <h4>{MSG.topicAllList}</h4>
          {all.isPending ? (
            <Skeleton active paragraph={{ rows: 4 }} />
          ) : all.isError ? (
            <Alert
              type="error"
              showIcon
              message={errorMessage(all.error)}
              action={
                <Button size="small" onClick={() => all.refetch()}>
                  {MSG.retry}
                </Button>
              }
            />
          ) : all.data.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <ul className="atr-topic-list">
              {allListState(
                all.data.map((s) => s.resourceObject),
                mine,
              ).map(({ topic, inactive }) => (
                <li key={topic.id} className={`atr-topic-item${inactive ? ' is-inactive' : ''}`} data-testid="all-topic">
                  <span className="atr-topic-title">{topic.title}</span>
                  <Button size="small" type={inactive ? 'text' : 'link'} disabled={inactive} onClick={() => setMine((l) => addTopic(l, topic))}>
                    {inactive ? MSG.topicAdded : MSG.topicAdd}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </Modal>
  );
}
