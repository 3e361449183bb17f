/**
 * Fields a module form shows only in a group template (spec 1 §2: bulletin and iframe forms 'in group
 * templates also description, group and background'): the description and the background colour. The
 * group choice itself comes from the group-template work (helper mod-layout).
 */
import { Form, Input, Select } from 'antd';

/** Description (at most 500 characters) and background (white or grey). */
export function GroupTemplateFields() {
  return (
    <>
      <Form.Item name="description" label="模块描述" rules={[{ max: 500, message: '不能超过 500 个字' }]}>
        <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 4 }} placeholder="显示在标题下方，可选" />
      </Form.Item>
      <Form.Item name="backgroundColor" label="背景颜色">
        <Select options={[{ value: 'white', label: '白色' }, { value: 'grey', label: '灰色' }]} />
      </Form.Item>
    </>
  );
}
