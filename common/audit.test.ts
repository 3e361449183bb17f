/** Labels of the audit log (common/audit.ts; docs/decisions.md 312, 317). */
import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditFieldLabel, auditResourceLabel, auditTime } from './audit';

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
