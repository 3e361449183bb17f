/**
 * Reporting a panel's corrected module up to the editor (spec 1 §4: wechat_article and job panels fix
 * their stored height and item count to the data that came back; docs/decisions.md #33).
 */
import { useEffect, useRef } from 'react';
import type { ModuleConfig } from '../../common/homeConfig.js';
import { useLatest } from './useLatest';

/**
 * Calls `onModuleChange(corrected)` once per distinct correction, after render. Does nothing when
 * `corrected` is null (the module fits its data) or when no callback is given (visitor pages: a page
 * view never writes). The same correction is not sent twice while the editor is saving it.
 */
export function useModuleCorrection<C extends ModuleConfig>(corrected: C | null, onModuleChange?: (module: C) => void): void {
  const key = corrected ? JSON.stringify(corrected) : null;
  const sent = useRef<string | null>(null);
  const latest = useLatest({ corrected, onModuleChange });
  useEffect(() => {
    const { corrected: c, onModuleChange: report } = latest.current;
    if (!key || !c || !report || sent.current === key) return;
    sent.current = key;
    report(c);
  }, [key, latest]);
}
