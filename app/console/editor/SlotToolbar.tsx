/**
 * The edit-mode strip above a panel in the home page editor (moved out of app/site/HomeGrid.tsx so the
 * visitor's grid carries no antd, decision 252).
 */
import { memo, type ReactNode } from 'react';
import { Button, Tag, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import type { ModuleConfig } from '@common/homeConfig';
import { definitionOf } from '@modules/registry';
import { LoginOnlyMark } from '@modules/kit/LoginOnlyMark';
import type { GridEditActions } from '../../site/HomeGrid';

export interface SlotToolbarProps {
  module: ModuleConfig;
  actions?: GridEditActions;
  /** shown before the name (the editor's drag handle) */
  leading?: ReactNode;
}

/**
 * The edit-mode strip above a panel: its title and type, the 仅登录可见 mark when set (decision 210), 编辑
 * and 删除 (disabled while a save runs).
 * Memoised: it renders again only when the module, the actions or `leading` change.
 */
export const SlotToolbar = memo(function SlotToolbar({ module, actions, leading }: SlotToolbarProps) {
  const def = definitionOf(module.type);
  return (
    <div className="atr-slot__toolbar">
      <span className="atr-slot__name" title={module.alias}>
        {leading}
        {module.alias || module.type}
        <Tag className="atr-slot__type" variant="filled">
          {def?.label ?? module.type}
        </Tag>
        <LoginOnlyMark loginOnly={module.loginOnly} />
      </span>
      <span className="atr-slot__buttons">
        <Tooltip title={def ? undefined : MSG.unregisteredModule}>
          <Button
            size="small"
            type="text"
            icon={<EditOutlined />}
            aria-label={MSG.edit}
            disabled={!def || actions?.busy}
            onClick={() => actions?.onEdit(module)}
          >
            {MSG.edit}
          </Button>
        </Tooltip>
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={MSG.delete}
          disabled={actions?.busy}
          onClick={() => actions?.onDelete(module)}
        >
          {MSG.delete}
        </Button>
      </span>
    </div>
  );
});
