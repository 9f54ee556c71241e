import * as RadixTooltip from '@radix-ui/react-tooltip';
import type { ReactElement, ReactNode } from 'react';
import './floating.css';
import { type Placement, sideAndAlign } from './placement';

/** How long the pointer rests on an element before its tooltip shows (focus shows it at once). */
const HOVER_DELAY_MS = 300;

export interface TooltipProps {
  label: ReactNode;
  position?: Placement;
  /** One element that takes a ref and passes props on: the tooltip describes it. */
  children: ReactElement;
}

/**
 * A short label beside an element (WAI-ARIA tooltip) on Radix Tooltip: shown while the pointer rests on the
 * element or the keyboard has focused it, hidden on Escape, on leaving and on a press; the element is
 * described by it (aria-describedby) while it shows. In a portal, kept on screen by Floating UI.
 */
export function Tooltip({ label, position = 'top', children }: TooltipProps) {
  return (
    <RadixTooltip.Provider delayDuration={HOVER_DELAY_MS}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content {...sideAndAlign(position)} className="st-tooltip">
            {label}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
