import { describe, expect, it } from 'vitest';
import { EDGE, GAP, placeBeside } from './placement';

const viewport = { width: 800, height: 600 };
const size = { width: 200, height: 100 };

describe('a floating element beside its target', () => {
  it('sits below the target, aligned to its start or end edge, or centred', () => {
    const target = { top: 100, left: 300, width: 40, height: 30 };
    expect(placeBeside(target, size, viewport, 'bottom-start')).toEqual({ top: 130 + GAP, left: 300 });
    expect(placeBeside(target, size, viewport, 'bottom-end')).toEqual({ top: 130 + GAP, left: 140 });
    expect(placeBeside(target, size, viewport, 'bottom')).toEqual({ top: 130 + GAP, left: 220 });
  });

  it('sits above for "top", and below when there is no room above', () => {
    expect(placeBeside({ top: 300, left: 300, width: 40, height: 30 }, size, viewport, 'top')).toEqual({
      top: 300 - GAP - 100,
      left: 220,
    });
    expect(placeBeside({ top: 20, left: 300, width: 40, height: 30 }, size, viewport, 'top').top).toBe(
      50 + GAP,
    );
  });

  it('flips above when a dropdown would leave the window at the bottom', () => {
    const target = { top: 540, left: 300, width: 40, height: 30 };
    expect(placeBeside(target, size, viewport, 'bottom-start').top).toBe(540 - GAP - 100);
  });

  it('stays inside the window sideways', () => {
    expect(
      placeBeside({ top: 100, left: 780, width: 16, height: 16 }, size, viewport, 'bottom-start').left,
    ).toBe(800 - EDGE - 200);
    expect(placeBeside({ top: 100, left: 0, width: 16, height: 16 }, size, viewport, 'bottom-end').left).toBe(
      EDGE,
    );
  });

  it('keeps the top edge in the window when it fits on neither side', () => {
    const tall = { width: 200, height: 580 };
    expect(placeBeside({ top: 300, left: 100, width: 20, height: 20 }, tall, viewport, 'top').top).toBe(EDGE);
  });
});
