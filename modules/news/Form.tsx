/**
 * Editor form of the news panel (spec 1 §2 'news form', §4, §5): display type (carousel and/or data
 * list; narrow spans allow one, switching to them reduces to carousel, switching to a wide span resets
 * to both; none chosen shows 请选择模块数据展示方式), carousel count 1-10, category, curated data,
 * date format, explore redirect, login flag, specific link and specific cover.
 */
import { useState } from 'react';
import { Alert, Checkbox, Form, InputNumber } from 'antd';
import { MSG } from '@common/messages';
import type { FormProps } from '../types.app';
import { displayTypesAfterChoice, displayTypesForSpan, type NewsDisplayType, type NewsModule } from './definition';
import { ModuleFormShell } from '../kit/ModuleFormShell';
import { CategoryField, FIELD_LABELS, LinkField, SpanField, SwitchField, TitleField } from '../kit/fields';

const DISPLAY_OPTIONS = [
  { value: 'carousel', label: '轮播' },
  { value: 'data', label: '列表' },
];

/** See the file comment. */
export default function NewsForm(props: FormProps<NewsModule>) {
  const [form] = Form.useForm();
  // displayType has no Form.Item of its own: keep it in state and copy it into the form store on change
  const [displayType, setDisplayTypeState] = useState<NewsDisplayType[]>(() => props.initial?.displayType ?? ['carousel', 'data']);
  const setDisplayType = (v: NewsDisplayType[]) => {
    setDisplayTypeState(v);
    form.setFieldValue('displayType', v);
  };
  const span = (Form.useWatch('span', form) as number | undefined) ?? 3;
  const none = displayType.length === 0;
  return (
    <ModuleFormShell type="news" form={form} {...props}>
      <TitleField />
      <SpanField extra="二分之一及以下只能选择一种展示方式" onChange={(s) => setDisplayType(displayTypesForSpan(s, displayType))} />
      <Form.Item label="展示方式" required>
        <Checkbox.Group
          options={DISPLAY_OPTIONS}
          value={displayType}
          onChange={(v) => setDisplayType(displayTypesAfterChoice(span, displayType, v as NewsDisplayType[]))}
        />
        {none && <Alert style={{ marginTop: 8 }} type="error" showIcon title={MSG.newsDisplayTypeRequired} />}
      </Form.Item>
      {displayType.includes('carousel') && (
        <Form.Item name="carouselCount" label="轮播数量" rules={[{ type: 'integer', min: 1, max: 10, message: MSG.carouselCountRange }]}>
          {/* no min/max clamp: an out-of-range number shows the rule's message (spec 1 §5) instead of being silently changed */}
          <InputNumber precision={0} />
        </Form.Item>
      )}
      <CategoryField categories={props.categories} />
      <SwitchField name="showManual" label={FIELD_LABELS.showManual} />
      <SwitchField name="simpleDateFormat" label="日期显示为相对时间" extra="如“3 天前”，超过 28 天显示月或年" />
      <SwitchField name="redirectToExplore" label={FIELD_LABELS.redirectToExplore} />
      <SwitchField name="oauthBeforeRedirect" label={FIELD_LABELS.oauthBeforeRedirect} />
      <LinkField name="specificLink" label={FIELD_LABELS.specificLink} />
      <LinkField name="specificCover" label={FIELD_LABELS.specificCover} placeholder="图片地址，留空则使用新闻封面" />
    </ModuleFormShell>
  );
}
