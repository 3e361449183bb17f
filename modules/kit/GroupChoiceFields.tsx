/**
 * The group-template fields of a module form (spec 1 §2 'Module editor forms': description, group and
 * background 'in group templates'; §3 'groupId', 'backgroundColor'; §4 'Group templates'), shown by
 * ModuleFormShell on a page of style fullScreen (not inside a flex slot):
 *
 * - 描述 (`description`);
 * - when adding: 分组 — 新建分组 (a new `group-` id on save) or 加入已有分组 with a select of the page's
 *   group keys; when editing: the select of groups, so the module can move to another group (a group
 *   left empty is deleted when the page is saved, modules/kit/groups.ts syncGroups);
 * - 背景 (`backgroundColor`): white or grey.
 */
import { Form, Input, Radio, Select } from 'antd';
import type { PageEntry } from '../../common/homeConfig.js';
import { MSG } from '../../common/messages.js';
import { groupKeysOf, groupLabel } from './groups';

export const GROUP_FIELD_LABELS = {
  description: '描述',
  group: '分组',
  create: '新建分组',
  join: '加入已有分组',
  pick: '选择分组',
  background: '背景',
  white: '白色',
  grey: '灰色',
} as const;

/** See the file comment. */
export function GroupFields({ page, mode }: { page: Pick<PageEntry, 'template' | 'groups'>; mode: 'create' | 'edit' }) {
  const keys = groupKeysOf(page);
  const options = keys.map((k) => ({ value: k, label: groupLabel(page, k) }));
  const choice = Form.useWatch('groupChoice') as 'create' | 'join' | undefined;
  return (
    <>
      <Form.Item name="description" label={GROUP_FIELD_LABELS.description} rules={[{ max: 500, message: '不能超过 500 个字' }]}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} placeholder="显示在模块标题下方（可选）" />
      </Form.Item>
      {mode === 'create' ? (
        <>
          <Form.Item name="groupChoice" label={GROUP_FIELD_LABELS.group}>
            <Radio.Group
              options={[
                { value: 'create', label: GROUP_FIELD_LABELS.create },
                { value: 'join', label: GROUP_FIELD_LABELS.join, disabled: keys.length === 0 },
              ]}
            />
          </Form.Item>
          {choice === 'join' && (
            <Form.Item name="groupId" label={GROUP_FIELD_LABELS.pick} rules={[{ required: true, message: MSG.groupJoinRequired }]}>
              <Select options={options} placeholder={MSG.groupJoinRequired} />
            </Form.Item>
          )}
        </>
      ) : (
        <Form.Item name="groupId" label={GROUP_FIELD_LABELS.group} extra="移出后若原分组没有其他模块，该分组将被删除">
          <Select options={options} placeholder={GROUP_FIELD_LABELS.pick} />
        </Form.Item>
      )}
      <Form.Item name="backgroundColor" label={GROUP_FIELD_LABELS.background}>
        <Radio.Group
          options={[
            { value: 'white', label: GROUP_FIELD_LABELS.white },
            { value: 'grey', label: GROUP_FIELD_LABELS.grey },
          ]}
        />
      </Form.Item>
    </>
  );
}
