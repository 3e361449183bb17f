/**
 * Editor form of the notice panel (spec 1 §2 'notice form has title, width, login flag and show publish
 * time'). The notices themselves are managed in the notice list dialog.
 */
import type { FormProps } from '../types.app';
import type { NoticeModule } from './definition';
import { ModuleFormShell } from '../kit/ModuleFormShell';
import { FIELD_LABELS, SpanField, SwitchField, TitleField } from '../kit/fields';

/** See the file comment. */
export default function NoticeForm(props: FormProps<NoticeModule>) {
  return (
    <ModuleFormShell type="notice" {...props}>
      <TitleField />
      <SpanField extra="二分之一及以下为单列 8 条，更宽为双列 16 条" />
      <SwitchField name="oauthBeforeRedirect" label={FIELD_LABELS.oauthBeforeRedirect} />
      <SwitchField name="showPublishTime" label={FIELD_LABELS.showPublishTime} />
    </ModuleFormShell>
  );
}
