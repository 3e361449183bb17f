/**
 * Editor form of the job panel (spec 1 §2 'job form'; spec 2 §9): title, direction (vertical only, span
 * 0), number of items (dataSize, 1-20) and the login switch (oauthBeforeRedirect: a visitor who is not
 * signed in goes to sign in before a job or the list).
 */
import { Form, InputNumber } from 'antd';
import { MSG } from '@common/messages';
import type { FormProps } from '../types.app';
import { JOB_MAX_SIZE, jobHeight, type JobModule } from './definition';
import { ModuleFormShell } from '../kit/ModuleFormShell';
import { FIELD_LABELS, SwitchField, TitleField } from '../kit/fields';

/** See the file comment. */
export default function JobForm(props: FormProps<JobModule>) {
  return (
    <ModuleFormShell
      type="job"
      {...props}
      normalise={(m) => ({ ...m, direction: 'vertical' as const, span: 0 as const, height: typeof m.dataSize === 'number' ? jobHeight(m.dataSize) : m.height })}
    >
      <TitleField />
      {/* spec 1 §2: a job panel is vertical only, so no choice is offered (decision 429) */}
      <Form.Item label="排列方向" extra="招聘模块只能纵向排列，宽度为 1/4">
        <span data-field="direction">纵向</span>
      </Form.Item>
      <Form.Item name="dataSize" label="显示数量" rules={[{ required: true, type: 'integer', min: 1, max: JOB_MAX_SIZE, message: MSG.dataSizeRange }]}>
        <InputNumber min={1} max={JOB_MAX_SIZE} precision={0} />
      </Form.Item>
      <SwitchField name="oauthBeforeRedirect" label={FIELD_LABELS.oauthBeforeRedirect} />
    </ModuleFormShell>
  );
}
