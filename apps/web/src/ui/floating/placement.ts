/** Where a floating element sits beside its target: above or below it, centred or aligned to one edge. */
export type Placement = 'top' | 'bottom' | 'bottom-start' | 'bottom-end';

/** Space kept between the target and the floating element, and between it and the window's edges. */
export const GAP = 6;
export const EDGE = 4;

/** Radix's side and align for a placement (Floating UI places it, flipping and shifting to stay on screen). */
export function sideAndAlign(placement: Placement): {
  side: 'top' | 'bottom';
  align: 'start' | 'center' | 'end';
  sideOffset: number;
  collisionPadding: number;
} {
  const [side, align] = placement.split('-') as ['top' | 'bottom', 'start' | 'end' | undefined];
  return { side, align: align ?? 'center', sideOffset: GAP, collisionPadding: EDGE };
}
