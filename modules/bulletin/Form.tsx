/**
 * Editor form of the bulletin panel (spec 1 §2 'bulletin form'; spec 2 §9): title, width, number of
 * items (dataSize, default 1; the panel shows at most the bulletins that exist), the login switch and
 * the bulletin types (快报, 研究报告, 快讯; at least one). In a group template the form frame
 * (ModuleFormShell) adds the description, the group and the background.
 */
import { Form, InputNumber, Select } from 'antd';
import { BULLETIN_TYPES } from '@common/constants';
import { MSG } from '@common/messages';
import type { FormProps } from '../types.app';
import { BULLETIN_MAX_SIZE, type BulletinModule } from './definition';
import { ModuleFormShell } from '../kit/ModuleFormShell';
import { FIELD_LABELS, SpanField, SwitchField, TitleField } from '../kit/fields';

/** See the file comment. */
export default function BulletinForm(props: FormProps<BulletinModule>) {
  return (
    <ModuleFormShell type="bulletin" {...props}>
      <TitleField />
      <SpanField />
      <Form.Item name="bulletinType" label="快报类型" rules={[{ required: true, type: 'array', min: 1, message: MSG.bulletinTypeRequired }]}>
        <Select mode="multiple" placeholder={MSG.bulletinTypeRequired} options={BULLETIN_TYPES.map((t) => ({ value: t, label: t }))} />
      </Form.Item>
      <Form.Item
        name="dataSize"
        label="显示数量"
        extra="实际显示数量不超过已有的快报数"
        rules={[{ required: true, type: 'integer', min: 1, max: BULLETIN_MAX_SIZE, message: MSG.dataSizeRange }]}
      >
        <InputNumber min={1} max={BULLETIN_MAX_SIZE} precision={0} />
      </Form.Item>
      <SwitchField name="oauthBeforeRedirect" label={FIELD_LABELS.oauthBeforeRedirect} />
    </ModuleFormShell>
  );
}
