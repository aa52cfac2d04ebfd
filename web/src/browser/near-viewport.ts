import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the element has come within a quarter of a screen height below the visible part of the page
 * (or into it), as the visitor scrolls; once true it stays true. Where IntersectionObserver is missing
 * it is true at once. (A whole screen height was too wide: on a 412 x 823 phone the sign-in screen
 * ends 510 px below the fold, so the landing sections below it loaded and rendered before any scroll.)
 */
export function useNearViewport(target: RefObject<Element | null>, enabled = true): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!enabled || near || !element) return;
    if (typeof IntersectionObserver !== 'function') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '0px 0px 25% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, enabled, near]);
  return near;
}
