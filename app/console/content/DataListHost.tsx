/**
 * Opens the notice or link list dialog when a panel in edit mode asks for its data list (spec 1 §2
 * 'Notice and resource panels also have a data-list button'; spec 2 §2 'For notice and resource it raises
 * an event'): it listens on window for the CustomEvent 'atrium:data-list' with detail
 * `{ moduleId, type }` (modules/kit/dataList.ts) and shows the list of that module. The home page editor
 * mounts it once: `<DataListHost applicationId={id} homeConfig={homeConfig} />`.
 */
import { useEffect, useState } from 'react';
import type { HomeConfig } from '@common/homeConfig';
import { DATA_LIST_EVENT, type DataListDetail } from '@modules/kit/dataList';
import { useSession } from '../../shared/session';
import { ContentListDialog } from './ContentDialogs';
import { contentModules, dataListKind } from './modules';

export interface DataListHostProps {
  applicationId: number;
  /** the edited home config, for the module's title */
  homeConfig?: HomeConfig;
}

/** See the file comment. */
export function DataListHost({ applicationId, homeConfig }: DataListHostProps) {
  const { data: user } = useSession();
  const [open, setOpen] = useState<{ kind: 'notice' | 'link'; moduleId: string | null } | null>(null);
  useEffect(() => {
    const on = (e: Event) => {
      const d = (e as CustomEvent<DataListDetail>).detail;
      const kind = d && typeof d.type === 'string' ? dataListKind(d.type) : null;
      if (!kind) return;
      setOpen({ kind, moduleId: typeof d.moduleId === 'string' && d.moduleId ? d.moduleId : null });
    };
    window.addEventListener(DATA_LIST_EVENT, on);
    return () => window.removeEventListener(DATA_LIST_EVENT, on);
  }, []);
  const title = open?.moduleId
    ? [...contentModules(homeConfig, 'notice'), ...contentModules(homeConfig, 'link')].find((m) => m.id === open.moduleId)?.alias
    : undefined;
  return (
    <ContentListDialog
      kind={open?.kind ?? 'notice'}
      open={open !== null}
      applicationId={applicationId}
      moduleId={open?.moduleId ?? undefined}
      moduleTitle={title}
      uid={user?.id}
      onClose={() => setOpen(null)}
    />
  );
}

export default DataListHost;
