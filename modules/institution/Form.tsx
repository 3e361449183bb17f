/**
 * Editor form of the institution panel (spec 1 §2 'Module editor forms'): title, width share, the category
 * cascader, curated data, more-to-search, login before redirect and a specific link.
 */
import type { FormProps } from '../types.app';
import type { InstitutionModule } from './definition';
import { ModuleFormShell } from '../kit/ModuleFormShell';
import { ResourceOptions, SpanField, TitleField } from '../kit/fields';

/** See the file comment. */
export default function InstitutionForm(props: FormProps<InstitutionModule>) {
  return (
    <ModuleFormShell type="institution" {...props}>
      <TitleField />
      <SpanField />
      <ResourceOptions categories={props.categories} />
    </ModuleFormShell>
  );
}
