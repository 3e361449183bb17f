/**
 * The two list dialogs (spec 1 §2 'Dialogs': notice list 1000 px, link/resource list 1000 px), each an
 * antd Modal around NoticeList / LinkList that unmounts when closed (its filters reset).
 */
import { Modal } from 'antd';
import { MSG } from '@common/messages';
import { CONTENT_LIST_WIDTH } from '@common/constants';
import type { ContentModule } from './api';
import { NoticeList } from './NoticeList';
import { LinkList } from './LinkList';
import './content.css';

export interface ContentListDialogProps {
  kind: 'notice' | 'link';
  open: boolean;
  applicationId: number;
  /** the module whose items are listed and created; undefined = the whole application */
  moduleId?: string | null;
  /** the module's title, shown after the dialog's title */
  moduleTitle?: string;
  modules?: ContentModule[];
  uid?: number;
  onClose(): void;
}

/** See the file comment. */
export function ContentListDialog({ kind, open, applicationId, moduleId, moduleTitle, modules, uid, onClose }: ContentListDialogProps) {
  const base = kind === 'notice' ? MSG.notices : MSG.links;
  return (
    <Modal
      title={moduleTitle ? `${base} · ${moduleTitle}` : base}
      open={open}
      onCancel={onClose}
      footer={null}
      width={CONTENT_LIST_WIDTH}
      destroyOnHidden
      className="atr-content-dialog"
    >
      {kind === 'notice' ? (
        <NoticeList applicationId={applicationId} moduleId={moduleId} modules={modules} uid={uid} />
      ) : (
        <LinkList applicationId={applicationId} moduleId={moduleId} modules={modules} uid={uid} />
      )}
    </Modal>
  );
}
