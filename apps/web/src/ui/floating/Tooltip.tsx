import { type FocusEvent, type ReactElement, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import './floating.css';
import type { Placement } from './placement';
import { useAnchored } from './useAnchored';

export interface TooltipProps {
  label: ReactNode;
  position?: Placement;
  /** One element: the tooltip shows while the pointer is over it or the keyboard has focused it. */
  children: ReactElement;
}

/**
 * A short label beside an element, shown on hover and on keyboard focus, hidden on Escape (a popover in the
 * top layer, so no container clips it). Visual only, as Mantine's: the element carries its own accessible
 * name (the icon buttons it labels have the same text as aria-label).
 */
export function Tooltip({ label, position = 'top', children }: TooltipProps) {
  const [shown, setShown] = useState(false);
  const wrapper = useRef<HTMLSpanElement>(null);
  const target = useRef<HTMLElement | null>(null);
  const tip = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (shown) tip.current?.showPopover();
  }, [shown]);
  useAnchored(shown, target, tip, position);
  const show = () => {
    target.current = (wrapper.current?.firstElementChild as HTMLElement | null) ?? null;
    setShown(true);
  };
  const hide = () => setShown(false);
  return (
    // (display: contents: the wrapper adds no box, so the element lays out as before)
    // biome-ignore lint/a11y/noStaticElementInteractions: it only watches its element's hover and focus
    <span
      ref={wrapper}
      className="st-tooltip-target"
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={(event: FocusEvent) => {
        if (event.target.matches(':focus-visible')) show();
      }}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === 'Escape') hide();
      }}
    >
      {children}
      {shown ? (
        <div ref={tip} popover="manual" role="tooltip" className="st-tooltip">
          {label}
        </div>
      ) : null}
    </span>
  );
}
