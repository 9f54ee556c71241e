/** Where a floating element sits beside its target: above or below it, centred or aligned to one edge. */
export type Placement = 'top' | 'bottom' | 'bottom-start' | 'bottom-end';

export interface Rect {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Space kept between the target and the floating element, and between it and the window's edges. */
export const GAP = 6;
export const EDGE = 4;

/**
 * The floating element's top-left corner (viewport coordinates) beside `target`: on the placement's side when
 * it fits, on the other side when only that one fits, and moved sideways to stay inside the window.
 */
export function placeBeside(
  target: Rect,
  size: Size,
  viewport: Size,
  placement: Placement,
): { top: number; left: number } {
  const [side, align] = placement.split('-') as ['top' | 'bottom', 'start' | 'end' | undefined];
  const below = target.top + target.height + GAP;
  const above = target.top - GAP - size.height;
  const fitsBelow = below + size.height <= viewport.height - EDGE;
  const fitsAbove = above >= EDGE;
  const top =
    side === 'top' ? (fitsAbove || !fitsBelow ? above : below) : fitsBelow || !fitsAbove ? below : above;
  const wanted =
    align === 'start'
      ? target.left
      : align === 'end'
        ? target.left + target.width - size.width
        : target.left + (target.width - size.width) / 2;
  const left = Math.max(EDGE, Math.min(wanted, viewport.width - EDGE - size.width));
  return { top: Math.max(EDGE, top), left };
}
