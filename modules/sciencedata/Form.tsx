/**
 * Editor form of the 科学数据 panel (spec 1 §2 'Module editor forms'): title, width share, the category (any
 * level selectable), curated data, explore redirect, login flag and specific link.
 */
import type { FormProps } from '../types.app';
import type { SciencedataModule } from './definition';
import { ModuleFormShell } from '../kit/ModuleFormShell';
import { ResourceOptions, SpanField, TitleField } from '../kit/fields';

/** See the file comment. */
export default function SciencedataForm(props: FormProps<SciencedataModule>) {
  return (
    <ModuleFormShell type="sciencedata" {...props}>
      <TitleField />
      <SpanField extra="二分之一及以下为单列 8 条，更宽为双列 16 条" />
      <ResourceOptions categories={props.categories} />
    </ModuleFormShell>
  );
}
