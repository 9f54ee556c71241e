import { useState } from 'react';

/**
 * True from the first time `opened` is true on: a dialog loaded on demand is rendered from then on (and
 * stays mounted, so it can animate its closing), while the screen that has it downloads nothing up front.
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}
