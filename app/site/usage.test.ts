/**
 * The visitor's usage queue: batches of at most 50 events, nothing at all under Do Not
 * Track or Global Privacy Control, and the resource a detail page's path opens.
 */
import { describe, expect, it } from 'vitest';
import { UsageQueue, doNotTrack, resourceOpenEvent } from './usage';
import type { UsageBeacon } from '@common/analytics';

const sinkOf = (dnt: boolean) => {
  const sent: UsageBeacon[] = [];
  return { sent, sink: { doNotTrack: dnt, send: (body: string) => void sent.push(JSON.parse(body) as UsageBeacon) } };
};

describe('usage queue', () => {
  it('sends queued events on flush, a full batch at once, never more than 50 in a beacon', () => {
    const { sent, sink } = sinkOf(false);
    const q = new UsageQueue(sink);
    q.push({ k: 'pageview', p: '/' });
    q.push({ k: 'panel_click', m: 'n1' });
    expect(sent).toEqual([]);
    q.flush();
    expect(sent).toEqual([
      {
        e: [
          { k: 'pageview', p: '/' },
          { k: 'panel_click', m: 'n1' },
        ],
      },
    ]);
    q.flush();
    expect(sent).toHaveLength(1); // nothing queued: nothing sent
    for (let i = 0; i < 120; i++) q.push({ k: 'panel_view', m: `m${i}` });
    expect(sent.slice(1).map((b) => b.e.length)).toEqual([50, 50]);
    q.flush();
    expect(sent.slice(1).map((b) => b.e.length)).toEqual([50, 50, 20]);
    expect(sent.flatMap((b) => b.e)).toHaveLength(122);
  });

  it('sends nothing when the visitor asked not to be tracked', () => {
    const { sent, sink } = sinkOf(true);
    const q = new UsageQueue(sink);
    for (let i = 0; i < 60; i++) q.push({ k: 'pageview', p: '/' });
    q.flush();
    expect(sent).toEqual([]);
  });

  it('reads Do Not Track and Global Privacy Control from the navigator', () => {
    expect(doNotTrack({ doNotTrack: '1' })).toBe(true);
    expect(doNotTrack({ doNotTrack: '0', globalPrivacyControl: true })).toBe(true);
    expect(doNotTrack({ doNotTrack: null })).toBe(false);
    expect(doNotTrack({ doNotTrack: 'unspecified', globalPrivacyControl: false })).toBe(false);
  });

  it('counts a resource under the type and id its page read, never an unknown type (decision 426)', () => {
    expect(resourceOpenEvent('journal', 42)).toEqual({ k: 'resource_open', t: 'journal', i: 42 });
    expect(resourceOpenEvent('report', 9)).toEqual({ k: 'resource_open', t: 'report', i: 9 });
    expect(resourceOpenEvent('secret', 1)).toBeNull();
    expect(resourceOpenEvent('journal', 0)).toBeNull();
  });
});
