/**
 * The 删除 link of a console list row (spec 2 §8 'Confirmations'): a small danger link button that opens
 * the confirm dialog of useConfirmedDelete with `confirm` (its texts, the call and the list to refresh).
 */
import { Button } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { MSG } from '@common/messages';
import { useConfirmedDelete, type ConfirmedDelete } from '../shared/useConfirmedDelete';

/** See the file comment. */
export function DeleteButton({ confirm }: { confirm: ConfirmedDelete }) {
  const confirmDelete = useConfirmedDelete();
  return (
    <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => confirmDelete(confirm)}>
      {MSG.delete}
    </Button>
  );
}
