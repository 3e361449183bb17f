/**
 * Editor form of the 图书 panel (spec 1 §2 'Module editor forms'): title, width share, the category
 * cascader, 'show curated data', 'more jumps to search page', 'more jump requires login' and a specified
 * link.
 */
import type { FormProps } from '../types.app';
import type { BookModule } from './definition';
import { ModuleFormShell } from '../kit/ModuleFormShell';
import { ResourceOptions, SpanField, TitleField } from '../kit/fields';

/** See the file comment. */
export default function BookForm(props: FormProps<BookModule>) {
  return (
    <ModuleFormShell type="book" {...props}>
      <TitleField />
      <SpanField extra="整行 8 本，三分之二或四分之三 6 本，二分之一 4 本，更窄 2 本" />
      <ResourceOptions categories={props.categories} />
    </ModuleFormShell>
  );
}
