import { type RefObject, useLayoutEffect } from 'react';
import { type Placement, placeBeside } from './placement';

/**
 * Keeps `floating` (a shown popover: fixed, in the top layer) beside `target` while `open`: placed before
 * the first paint, and again when the page scrolls, the window resizes or the floating element changes size.
 */
export function useAnchored(
  open: boolean,
  target: RefObject<HTMLElement | null>,
  floating: RefObject<HTMLElement | null>,
  placement: Placement,
): void {
  useLayoutEffect(() => {
    const element = floating.current;
    if (!open || element === null) return;
    const place = () => {
      const anchor = target.current;
      if (anchor === null) return;
      const size = { width: element.offsetWidth, height: element.offsetHeight };
      const viewport = { width: window.innerWidth, height: window.innerHeight };
      const { top, left } = placeBeside(anchor.getBoundingClientRect(), size, viewport, placement);
      element.style.top = `${top}px`;
      element.style.left = `${left}px`;
    };
    place();
    const resized = new ResizeObserver(place);
    resized.observe(element);
    window.addEventListener('scroll', place, { capture: true, passive: true });
    window.addEventListener('resize', place);
    return () => {
      resized.disconnect();
      window.removeEventListener('scroll', place, { capture: true });
      window.removeEventListener('resize', place);
    };
  }, [open, target, floating, placement]);
}
