/**
 * The category tree of a topic, edited with drag and drop (PUT /api/v1/topics/{id}/categories):
 * drop a second-level category on another first-level one to move it there; drop a category on
 * another of its level to merge them (after a confirmation naming both); the pencil renames one. Each
 * change is one call; the server's message (or refusal) is shown and the tree and lists refresh.
 */
import { useState } from 'react';
import { App, Button, Drawer, Empty, Input, Modal, Tree, type TreeDataNode, type TreeProps } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { apiPut, errorMessage } from '../../api';
import type { WithMessage } from '../../shared/types';
import type { CategoryNode } from './api';

/** A tree node's key ↔ its category path (`[first]` or `[first, second]`). */
const keyOf = (path: string[]) => JSON.stringify(path);
const pathOf = (key: React.Key) => JSON.parse(String(key)) as string[];

/** The drawer; `onChanged` refreshes the tree and the data list. */
export function CategoryTreeEditor({ topicId, tree, onClose, onChanged }: { topicId: number; tree: CategoryNode[]; onClose(): void; onChanged(): void }) {
  const { message, modal } = App.useApp();
  const [renaming, setRenaming] = useState<string[] | null>(null);
  const [name, setName] = useState('');

  const send = async (body: Record<string, unknown>) => {
    try {
      const r = await apiPut<WithMessage>(`/api/v1/topics/${topicId}/categories`, body);
      message.success(r.message ?? MSG.categoryRenamed);
      onChanged();
      return true;
    } catch (err) {
      message.error(errorMessage(err));
      return false;
    }
  };

  const title = (path: string[]) => (
    <span className="atr-cat-node">
      {path.at(-1)}
      <Button
        type="text"
        size="small"
        icon={<EditOutlined />}
        aria-label={`${MSG.categoryRename}「${path.at(-1)}」`}
        onClick={(e) => {
          e.stopPropagation();
          setRenaming(path);
          setName(path.at(-1)!);
        }}
      />
    </span>
  );
  const data: TreeDataNode[] = tree.map((n) => ({
    key: keyOf([n.value]),
    title: title([n.value]),
    children: (n.children ?? []).map((c) => ({ key: keyOf([n.value, c.value]), title: title([n.value, c.value]), isLeaf: true })),
  }));

  const onDrop: TreeProps['onDrop'] = (info) => {
    const from = pathOf(info.dragNode.key);
    const onto = pathOf(info.node.key);
    if (info.dropToGap) {
      message.info(MSG.categoryTreeHint);
      return;
    }
    if (from.length === 2 && onto.length === 1) {
      void send({ op: 'move', path: from, under: onto[0] });
    } else if (from.length === onto.length) {
      modal.confirm({
        title: MSG.categoryTreeTitle,
        content: MSG.categoryMergeConfirm(from.at(-1)!, onto.at(-1)!),
        okText: MSG.confirm,
        cancelText: MSG.cancel,
        onOk: () => send({ op: 'merge', path: from, into: onto }),
      });
    } else {
      message.error(MSG.categoryLevelsDiffer);
    }
  };

  return (
    <Drawer open width={420} title={MSG.categoryTreeTitle} onClose={onClose}>
      <p className="atr-muted">{MSG.categoryTreeHint}</p>
      {data.length ? (
        <Tree draggable={{ icon: false }} blockNode defaultExpandAll treeData={data} onDrop={onDrop} allowDrop={({ dropPosition }) => dropPosition === 0} />
      ) : (
        <Empty description={MSG.noData} />
      )}
      <Modal
        open={renaming !== null}
        title={MSG.categoryRename}
        okText={MSG.save}
        cancelText={MSG.cancel}
        destroyOnHidden
        onCancel={() => setRenaming(null)}
        onOk={async () => {
          if (renaming && (await send({ op: 'rename', path: renaming, to: name.trim() }))) setRenaming(null);
        }}
      >
        <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={60} aria-label={MSG.categoryRename} />
      </Modal>
    </Drawer>
  );
}
