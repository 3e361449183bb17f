/** Labels of the audit log (common/audit.ts; docs/decisions.md 312, 317). */
import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditFieldLabel, auditResourceLabel, auditTime, auditValueTime, htmlText, isHtmlText, isIsoInstant } from './audit';

describe('audit labels', () => {
  it('names fields, parts of configurations, resources and actions in Chinese', () => {
    expect(auditFieldLabel('title')).toBe('标题');
    expect(auditFieldLabel('home_config[0].template[2]')).toBe('首页配置 [0].template[2]');
    expect(auditFieldLabel('header_config.menus')).toBe('页头配置 menus');
    expect(auditFieldLabel('fields.title')).toBe('标题');
    expect(auditFieldLabel('fields.abstract')).toBe('abstract');
    expect(auditFieldLabel('unknown_thing')).toBe('unknown_thing');
    expect(auditResourceLabel('notice')).toBe('通知');
    expect(auditActionLabel('update')).toBe('修改');
    expect(auditActionLabel('zzz')).toBe('zzz');
  });

  it('shows times in China Standard Time', () => {
    expect(auditTime('2026-01-31T16:30:05.123Z')).toBe('2026-02-01 00:30:05');
  });
});

describe('before and after as a reader sees them (decision 428)', () => {
  it('stored instants in China time, inside objects too; other text unchanged', () => {
    expect(isIsoInstant('2026-11-29T00:10:42.089Z')).toBe(true);
    expect(isIsoInstant('2026-11-29')).toBe(false);
    expect(auditValueTime('2026-11-29T00:10:42.089Z')).toBe('2026-11-29 08:10:42');
    expect(auditValueTime('2026-11-29T00:10:42+08:00')).toBe('2026-11-29 00:10:42');
    expect(auditValueTime({ at: '2026-11-28T16:00:00Z', n: 1, tags: ['2026-01-01T00:00:00Z', '说明'] })).toEqual({
      at: '2026-11-29 00:00:00',
      n: 1,
      tags: ['2026-01-01 08:00:00', '说明'],
    });
    expect(auditValueTime('2026 年计划')).toBe('2026 年计划');
  });

  it('rich text as its text: blocks and breaks as lines, entities decoded, images by their alt', () => {
    expect(isHtmlText('<p>寒假开馆</p>')).toBe(true);
    expect(isHtmlText('a < b 且 c > d')).toBe(false);
    expect(htmlText('<p>寒假 &amp; 开馆</p><p>第二段<br/>换行 <strong>粗</strong></p><img src="/f.png" alt="图一"><ul><li>甲</li><li>乙</li></ul>')).toBe(
      '寒假 & 开馆\n第二段\n换行 粗\n[图一]\n甲\n乙',
    );
    expect(htmlText('<p>&lt;b&gt; 不是标签 &#20013;&#x6587;</p><script>x()</script>')).toBe('<b> 不是标签 中文');
  });
});
