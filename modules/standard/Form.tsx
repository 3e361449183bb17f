/**
 * Editor form of the 标准 panel (spec 1 §2 'Module editor forms'): title, width share, the category
 * cascader, 'show curated data', 'more jumps to search page', 'more jump requires login' and a specified
 * link.
 */
import type { FormProps } from '../types.app';
import type { StandardModule } from './definition';
import { ModuleFormShell } from '../kit/ModuleFormShell';
import { ResourceOptions, SpanField, TitleField } from '../kit/fields';

/** See the file comment. */
export default function StandardForm(props: FormProps<StandardModule>) {
  return (
    <ModuleFormShell type="standard" {...props}>
      <TitleField />
      <SpanField extra="二分之一及以下为单列 8 条，更宽为双列 16 条" />
      <ResourceOptions categories={props.categories} />
    </ModuleFormShell>
  );
}
