/**
 * Makes the slides a carousel hides from assistive technology (`aria-hidden="true"`: react-slick's
 * clones and the slides out of view) `inert` too, so their links cannot take the keyboard focus
 * either (WCAG 'aria-hidden-focus'; issue 10 §7). Returns a callback ref for an element around the
 * carousel; the element is watched for slide changes while it is mounted.
 */
import { useCallback, useRef } from 'react';

export function useInertHidden<T extends HTMLElement>(): (el: T | null) => void {
  const observer = useRef<MutationObserver | null>(null);
  return useCallback((root: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!root || typeof MutationObserver === 'undefined') return;
    const sync = () => {
      for (const el of root.querySelectorAll<HTMLElement>('[aria-hidden]')) {
        const hidden = el.getAttribute('aria-hidden') === 'true';
        if (hidden && !el.hasAttribute('inert')) el.setAttribute('inert', '');
        else if (!hidden && el.hasAttribute('inert')) el.removeAttribute('inert');
      }
    };
    sync();
    observer.current = new MutationObserver(sync);
    observer.current.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-hidden'] });
  }, []);
}
