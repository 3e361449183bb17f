import { describe, expect, it } from 'vitest';
import { headerConfigSchema, microappAllowed, microappEntries, microappOriginOf, readStored } from './siteConfig.js';

describe('微应用 entries (decisions 644-645)', () => {
  it('the origin of an address', () => {
    expect(microappOriginOf('https://A.example.org:8443/x?y#z')).toBe('https://a.example.org:8443');
    expect(microappOriginOf('https://a.example.org:443/x')).toBe('https://a.example.org');
    expect(microappOriginOf('javascript:alert(1)')).toBeNull();
    expect(microappOriginOf('/path')).toBeNull();
  });
  it('allowed only when the address is of the allowed origin', () => {
    expect(microappAllowed({ url: 'https://a.example.org/app', origin: 'https://a.example.org' })).toBe(true);
    expect(microappAllowed({ url: 'https://a.example.org/app', origin: 'https://a.example.org/' })).toBe(true);
    expect(microappAllowed({ url: 'https://a.example.org.evil.cn/app', origin: 'https://a.example.org' })).toBe(false);
    expect(microappAllowed({ url: 'https://user@evil.cn/app', origin: 'https://evil.cn' })).toBe(true);
    expect(microappAllowed({ url: 'https://evil.cn/@a.example.org', origin: 'https://a.example.org' })).toBe(false);
    expect(microappAllowed({ url: 'http://a.example.org/app', origin: 'https://a.example.org' })).toBe(false);
    expect(microappAllowed({ url: 'https://a.example.org/app' })).toBe(false);
  });
  it('a stored menu with a refused entry is read whole; saving it is refused', () => {
    const cfg = {
      menu: [
        { title: '链接', url: '/a' },
        { id: 'x', title: '坏', url: 'https://evil.cn/', kind: 'microapp', origin: 'https://a.example.org' },
      ],
    };
    expect(headerConfigSchema.safeParse(cfg).success).toBe(false);
    const read = readStored(headerConfigSchema, cfg);
    expect(read.menu).toHaveLength(2);
    expect(microappEntries(read.menu).map((m) => m.id)).toEqual(['x']);
  });
});
