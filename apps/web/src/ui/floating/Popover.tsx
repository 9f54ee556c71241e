import * as RadixPopover from '@radix-ui/react-popover';
import { createContext, type ReactElement, type ReactNode, use, useId } from 'react';
import './floating.css';
import { type Placement, sideAndAlign } from './placement';

export type { Placement } from './placement';

/**
 * A dropdown beside a button (WAI-ARIA disclosure of a non-modal dialog), on Radix Popover: the button toggles
 * it, Escape or a press outside closes it and gives focus back to the button, and Floating UI keeps it beside
 * its button (flipping to the other side and shifting along it to stay fully in the window, following the
 * button when the page scrolls or shifts), in a portal so no container clips it.
 */
export interface PopoverProps {
  /** Shown or not; onChange reports the user opening and closing it. */
  opened: boolean;
  onChange: (opened: boolean) => void;
  position?: Placement;
  children: ReactNode;
}

/** The placement, and the button's id: the dropdown (a dialog) is named after its button. */
const PopoverContext = createContext<{ placement: Placement; targetId: string } | null>(null);

function usePopover(): { placement: Placement; targetId: string } {
  const popover = use(PopoverContext);
  if (popover === null) throw new Error('Popover parts must be inside a Popover');
  return popover;
}

export function Popover({ opened, onChange, position = 'bottom-start', children }: PopoverProps) {
  const targetId = useId();
  return (
    <RadixPopover.Root open={opened} onOpenChange={onChange}>
      <PopoverContext value={{ placement: position, targetId }}>{children}</PopoverContext>
    </RadixPopover.Root>
  );
}

/** The button that opens the dropdown: one element that takes a ref and passes button props on. */
function Target({ children }: { children: ReactElement }) {
  const { targetId } = usePopover();
  return (
    <RadixPopover.Trigger asChild id={targetId}>
      {children}
    </RadixPopover.Trigger>
  );
}

export interface DropdownProps {
  children: ReactNode;
  className?: string;
  width?: number;
}

/** The dropdown: rendered only while shown, no taller or wider than the room on its side of the button. */
function Dropdown({ children, className, width }: DropdownProps) {
  const { placement, targetId } = usePopover();
  return (
    <RadixPopover.Portal>
      <RadixPopover.Content
        {...sideAndAlign(placement)}
        aria-labelledby={targetId}
        className={`st-floating${className === undefined ? '' : ` ${className}`}`}
        style={width === undefined ? undefined : { width }}
      >
        {children}
      </RadixPopover.Content>
    </RadixPopover.Portal>
  );
}

Popover.Target = Target;
Popover.Dropdown = Dropdown;
