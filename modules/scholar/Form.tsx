/**
 * Editor form of the scholar panel (spec 1 §2 'Module editor forms'): title, width share, the category
 * cascader, curated data, more-to-search, login before redirect and a specific link.
 */
import type { FormProps } from '../types.app';
import type { ScholarModule } from './definition';
import { ModuleFormShell } from '../kit/ModuleFormShell';
import { ResourceOptions, SpanField, TitleField } from '../kit/fields';

/** See the file comment. */
export default function ScholarForm(props: FormProps<ScholarModule>) {
  return (
    <ModuleFormShell type="scholar" {...props}>
      <TitleField />
      <SpanField />
      <ResourceOptions categories={props.categories} />
    </ModuleFormShell>
  );
}
