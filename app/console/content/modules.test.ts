/** Which modules hold notices and links (data-list dialogs). */
import { describe, expect, it } from 'vitest';
import type { HomeConfig } from '@common/homeConfig';
import { contentModules, dataListKind } from './modules';

describe('content modules', () => {
  it('finds notice and resource modules of every page, flex slots included', () => {
    const hc = [
      {
        page: 'home',
        style: 'card',
        groups: {},
        template: [
          { id: 'n1', type: 'notice', alias: '通知公告', span: 1 },
          { id: 'r1', type: 'resource', alias: '资源导航', span: 1 },
          { id: 'l1', type: 'link', alias: '专题导航', span: 0 },
          { id: 'f1', type: 'flex', alias: '布局', span: 5, components: [{ id: 'n2', type: 'notice', alias: '' }] },
          // the stored shape of a flex: slots ({ id, type: 'div', modules }) holding the modules
          {
            id: 'f2',
            type: 'flex',
            alias: '布局二',
            span: 5,
            components: [{ id: 's1', type: 'div', modules: [{ id: 'n3', type: 'notice', alias: '区域通知' }] }],
          },
        ],
      },
    ] as unknown as HomeConfig;
    expect(contentModules(hc, 'notice')).toEqual([
      { id: 'n1', alias: '通知公告' },
      { id: 'n2', alias: 'n2' },
      { id: 'n3', alias: '区域通知' },
    ]);
    expect(contentModules(hc, 'link')).toEqual([{ id: 'r1', alias: '资源导航' }]);
    expect(contentModules(undefined, 'notice')).toEqual([]);
    expect(dataListKind('notice')).toBe('notice');
    expect(dataListKind('resource')).toBe('link');
    expect(dataListKind('scholar')).toBeNull();
    // the topic-navigation link module lists portals, not the links of the content page
    expect(dataListKind('link')).toBeNull();
    expect(dataListKind('no-such-type')).toBeNull();
  });
});
