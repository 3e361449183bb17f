/**
 * Editor form of the journal panel (spec 1 §2 'Module editor forms'): title, width share, the category
 * cascader, curated data, more-to-search, login before redirect and a specific link, plus content
 * recommendation.
 */
import type { FormProps } from '../types.app';
import type { JournalModule } from './definition';
import { ModuleFormShell } from '../kit/ModuleFormShell';
import { ResourceOptions, SpanField, TitleField } from '../kit/fields';

/** See the file comment. */
export default function JournalForm(props: FormProps<JournalModule>) {
  return (
    <ModuleFormShell type="journal" {...props}>
      <TitleField />
      <SpanField />
      <ResourceOptions categories={props.categories} recommendation />
    </ModuleFormShell>
  );
}
