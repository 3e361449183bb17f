/**
 * The home page style switch of the editor toolbar (spec 1 §3 'Home config': style card (default), line,
 * or fullScreen = a group template). Changing it saves the configuration at once through the editor's
 * target (target.ts: the home page's POST …/home-config or a composed page's) with only the home entry's
 * style changed; the module forms of
 * a fullScreen page then offer description, group and background (modules/kit/GroupChoiceFields.tsx).
 */
import { useState } from 'react';
import { App, Select } from 'antd';
import { homeEntry, type HomeConfig, type PageEntry } from '@common/homeConfig';
import { MSG } from '@common/messages';
import { errorMessage } from '../../api';

/** The styles and their Chinese names. */
export const PAGE_STYLE_OPTIONS: { value: PageEntry['style']; label: string }[] = [
  { value: 'card', label: '卡片风格' },
  { value: 'line', label: '线条风格' },
  { value: 'fullScreen', label: '全屏分组风格' },
];

/** The home config with the home entry's style set to `style` (an empty config gets a home entry). */
export function withStyle(config: HomeConfig, style: PageEntry['style']): HomeConfig {
  const list: HomeConfig = config.length ? config : [{ page: 'home', template: [], style: 'card', groups: {} }];
  const entry = homeEntry(list);
  return list.map((p) => (p === entry ? { ...p, style } : p));
}

/**
 * See the file comment. `disabled` while the editor saves something else; `save` stores a whole
 * configuration and shows it in the editor (rejects with the server's refusal).
 */
export function PageStyleSelect({ homeConfig, disabled, save }: { homeConfig: HomeConfig; disabled?: boolean; save(next: HomeConfig): Promise<unknown> }) {
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const style = homeEntry(homeConfig).style ?? 'card';
  const change = async (next: PageEntry['style']) => {
    setSaving(true);
    try {
      await save(withStyle(homeConfig, next));
      message.success(MSG.pageStyleSaved);
    } catch (err) {
      message.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Select
      aria-label="页面风格"
      value={style}
      options={PAGE_STYLE_OPTIONS}
      loading={saving}
      disabled={disabled || saving}
      style={{ width: 150 }}
      onChange={(v) => void change(v)}
    />
  );
}
