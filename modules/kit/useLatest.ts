import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A ref that holds the latest `value` of the component's props or state, updated after each render is
 * committed (not during the render, which React may repeat or drop): for stable callbacks (event
 * handlers, editor extensions, drag sensors) that must read the newest value when they run.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
