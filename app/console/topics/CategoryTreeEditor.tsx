/**
 * The category tree of a topic, edited with drag and drop (PUT /api/v1/topics/{id}/categories):
 * drop a second-level category on another first-level one to move it there, or use its 移动到… button
 * (a searchable picker of the first-level categories: the reliable way in a long tree); drop a
 * category on another of its level to merge them (after a confirmation naming both, and the records of
 * each type it files under the target); the pencil renames one. Before a move the records under the
 * category are counted per type (GET …/categories/usage); when more than one type has records there, a
 * dialog names the counts and asks whether to move every type or one only, offering the data page's
 * type first (decisions 540, 541). Each change is one call; the server's message (or refusal) is shown
 * and the tree and lists refresh.
 */
import { useState } from 'react';
import { App, Button, Drawer, Empty, Input, Modal, Radio, Space, Tree, TreeSelect, type TreeDataNode, type TreeProps } from 'antd';
import { EditOutlined, SwapOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import type { ResourceType } from '@common/constants';
import type { CategoryUsage } from '@common/contracts/topics';
import { errorMessage } from '../../api';
import { api } from '../../shared/apiClient';
import type { CategoryChangeBody, CategoryNode } from './api';

/** A tree node's key ↔ its category path (`[first]` or `[first, second]`). */
const keyOf = (path: string[]) => JSON.stringify(path);
const pathOf = (key: React.Key) => JSON.parse(String(key)) as string[];

/** `项目 3 条、机构 2 条` */
const usageText = (types: CategoryUsage['types']) => types.map((t) => MSG.categoryUsage(t.label, t.count)).join('、');

/** A move waiting for the choice of types: the category, its new parent, and its records per type. */
interface PendingMove {
  path: string[];
  under: string;
  usage: CategoryUsage['types'];
}

/**
 * The drawer; `type` is the data page's type, the one a move shared with other types offers first;
 * `onChanged` refreshes the tree and the data list.
 */
export function CategoryTreeEditor({
  topicId,
  type,
  tree,
  onClose,
  onChanged,
}: {
  topicId: number;
  type?: ResourceType;
  tree: CategoryNode[];
  onClose(): void;
  onChanged(): void;
}) {
  const { message, modal } = App.useApp();
  const [renaming, setRenaming] = useState<string[] | null>(null);
  const [name, setName] = useState('');
  const [picking, setPicking] = useState<string[] | null>(null);
  const [target, setTarget] = useState<string | undefined>();
  const [pending, setPending] = useState<PendingMove | null>(null);
  const [choice, setChoice] = useState<ResourceType | 'all'>('all');

  const send = async (body: CategoryChangeBody) => {
    try {
      const r = await api.put('/api/v1/topics/{topicId}/categories', { params: { topicId }, body });
      message.success(r.message ?? MSG.categoryRenamed);
      onChanged();
      return true;
    } catch (err) {
      message.error(errorMessage(err));
      return false;
    }
  };

  /** Counts the records under `path` per type; one type or none moves at once, several ask first. */
  const startMove = async (path: string[], under: string) => {
    if (path[0] === under) return true;
    let usage: CategoryUsage;
    try {
      usage = await api.get('/api/v1/topics/{topicId}/categories/usage', { params: { topicId }, query: { category: path[0], subcategory: path[1] } });
    } catch (err) {
      message.error(errorMessage(err));
      return false;
    }
    if (usage.types.length <= 1) return send({ op: 'move', path, under });
    // the type the manager is looking at is what they most likely mean to move
    setChoice(usage.types.some((u) => u.type === type) ? type! : 'all');
    setPending({ path, under, usage: usage.types });
    return true;
  };

  /** Asks before a merge, naming the records of each type it files under `onto` (every type merges). */
  const confirmMerge = async (from: string[], onto: string[]) => {
    let usage: CategoryUsage;
    try {
      usage = await api.get('/api/v1/topics/{topicId}/categories/usage', { params: { topicId }, query: { category: from[0], subcategory: from[1] } });
    } catch (err) {
      message.error(errorMessage(err));
      return;
    }
    modal.confirm({
      title: MSG.categoryTreeTitle,
      content: MSG.categoryMergeConfirm(from.at(-1)!, onto.at(-1)!) + (usage.types.length ? MSG.categoryMergeAffects(usageText(usage.types)) : ''),
      okText: MSG.confirm,
      cancelText: MSG.cancel,
      onOk: () => send({ op: 'merge', path: from, into: onto }),
    });
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
      {path.length === 2 && (
        <Button
          type="text"
          size="small"
          icon={<SwapOutlined />}
          aria-label={`${MSG.categoryMoveTo}「${path[1]}」`}
          title={MSG.categoryMoveTo}
          onClick={(e) => {
            e.stopPropagation();
            setTarget(undefined);
            setPicking(path);
          }}
        />
      )}
    </span>
  );
  const data: TreeDataNode[] = tree.map((n) => ({
    key: keyOf([n.value]),
    title: title([n.value]),
    children: (n.children ?? []).map((c) => ({ key: keyOf([n.value, c.value]), title: title([n.value, c.value]), isLeaf: true })),
  }));
  // valid targets of 移动到…: the first-level categories but the current parent (a second-level one has no descendants)
  const targets = picking ? tree.filter((n) => n.value !== picking[0]).map((n) => ({ value: n.value, title: n.label })) : [];

  const onDrop: TreeProps['onDrop'] = (info) => {
    const from = pathOf(info.dragNode.key);
    const onto = pathOf(info.node.key);
    if (info.dropToGap) {
      message.info(MSG.categoryTreeHint);
      return;
    }
    if (from.length === 2 && onto.length === 1) {
      void startMove(from, onto[0]);
    } else if (from.length === onto.length) {
      void confirmMerge(from, onto);
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
      <Modal
        open={picking !== null}
        title={picking ? `${MSG.categoryMoveTo}「${picking[1]}」` : MSG.categoryMoveTo}
        okText={MSG.confirm}
        cancelText={MSG.cancel}
        destroyOnHidden
        onCancel={() => setPicking(null)}
        onOk={async () => {
          if (!picking) return;
          if (!target) {
            message.error(MSG.categoryMoveTargetRequired);
            return;
          }
          if (await startMove(picking, target)) setPicking(null);
        }}
      >
        <p>{MSG.categoryMoveTarget}</p>
        <TreeSelect
          style={{ width: '100%' }}
          showSearch={{ treeNodeFilterProp: 'title' }}
          placeholder={MSG.categoryMoveTargetSearch}
          aria-label={MSG.categoryMoveTarget}
          treeData={targets}
          value={target}
          onChange={(v: string) => setTarget(v)}
          listHeight={320}
        />
      </Modal>
      <Modal
        open={pending !== null}
        title={MSG.categoryMoveWhich}
        okText={MSG.confirm}
        cancelText={MSG.cancel}
        destroyOnHidden
        onCancel={() => setPending(null)}
        onOk={async () => {
          if (!pending) return;
          const types = choice === 'all' ? pending.usage.map((u) => u.type) : [choice];
          if (await send({ op: 'move', path: pending.path, under: pending.under, types })) setPending(null);
        }}
      >
        {pending && (
          <>
            <p>{MSG.categoryMoveAffects(pending.path[1], usageText(pending.usage))}</p>
            <Radio.Group value={choice} onChange={(e) => setChoice(e.target.value as ResourceType | 'all')}>
              <Space orientation="vertical">
                <Radio value="all">{MSG.categoryMoveAllTypes(usageText(pending.usage))}</Radio>
                {pending.usage.map((u) => (
                  <Radio key={u.type} value={u.type}>
                    {MSG.categoryMoveOneType(u.label, u.count)}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </>
        )}
      </Modal>
    </Drawer>
  );
}
