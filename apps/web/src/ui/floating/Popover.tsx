import {
  cloneElement,
  createContext,
  type ReactElement,
  type ReactNode,
  type RefObject,
  use,
  useEffect,
  useId,
  useRef,
} from 'react';
import { flushSync } from 'react-dom';
import './floating.css';
import type { Placement } from './placement';
import { useAnchored } from './useAnchored';

/**
 * A dropdown beside a button, on the browser's popover API (issue 21: Mantine's Popover, Menu and Tooltip
 * brought @floating-ui and their own focus and dismiss code, ~24 KiB gzip on every console screen). The
 * button is the popover's invoker (`popovertarget`), so the browser toggles it on click and closes it on
 * Escape or a click outside (returning focus to the button); the dropdown sits in the top layer, above
 * dialogs and outside any clipping, placed by useAnchored.
 */
interface PopoverState {
  id: string;
  opened: boolean;
  target: RefObject<HTMLElement | null>;
  dropdown: RefObject<HTMLDivElement | null>;
}

const PopoverContext = createContext<PopoverState | null>(null);

export function usePopover(): PopoverState {
  const state = use(PopoverContext);
  if (state === null) throw new Error('Popover parts must be inside a Popover');
  return state;
}

export interface PopoverProps {
  /** Shown or not: the state the browser's toggles report through onChange. */
  opened: boolean;
  onChange: (opened: boolean) => void;
  position?: Placement;
  children: ReactNode;
}

export function Popover({ opened, onChange, position = 'bottom-start', children }: PopoverProps) {
  const id = useId();
  const target = useRef<HTMLElement | null>(null);
  const dropdown = useRef<HTMLDivElement | null>(null);
  const report = useRef(onChange);
  report.current = onChange;
  const showing = useRef(false);
  useEffect(() => {
    const element = dropdown.current;
    if (element === null) return;
    // Opening: the content renders before the browser shows the dropdown (beforetoggle is synchronous), so
    // no empty box is painted first; useAnchored's ResizeObserver places it before the first paint.
    const opening = (event: Event) => {
      if ((event as ToggleEvent).newState !== 'open') return;
      showing.current = true;
      try {
        flushSync(() => report.current(true));
      } finally {
        showing.current = false;
      }
    };
    const toggled = (event: Event) => report.current((event as ToggleEvent).newState === 'open');
    element.addEventListener('beforetoggle', opening);
    element.addEventListener('toggle', toggled);
    return () => {
      element.removeEventListener('beforetoggle', opening);
      element.removeEventListener('toggle', toggled);
    };
  }, []);
  // (opened by the parent, e.g. closed after a choice: the browser's state follows; not while the browser
  // is showing it, whose beforetoggle rendered this)
  useEffect(() => {
    const element = dropdown.current;
    if (element === null || showing.current || element.matches(':popover-open') === opened) return;
    if (opened) element.showPopover();
    else element.hidePopover();
  }, [opened]);
  useAnchored(opened, target, dropdown, position);
  return <PopoverContext value={{ id, opened, target, dropdown }}>{children}</PopoverContext>;
}

/** The button that opens the dropdown: one element that takes a ref and passes button props on. */
function Target({ children, popup }: { children: ReactElement; popup?: 'menu' | 'dialog' }) {
  const { id, opened, target } = usePopover();
  return cloneElement(children as ReactElement<Record<string, unknown>>, {
    ref: target,
    popoverTarget: id,
    'aria-haspopup': popup ?? 'dialog',
    'aria-expanded': opened,
    'aria-controls': opened ? id : undefined,
  });
}

export interface DropdownProps {
  children: ReactNode;
  role?: 'menu';
  className?: string;
  width?: number;
}

/** The dropdown: always in the page (the button names it), its content rendered only while shown. */
function Dropdown({ children, role, className, width }: DropdownProps) {
  const { id, opened, dropdown } = usePopover();
  return (
    <div
      ref={dropdown}
      id={id}
      popover="auto"
      role={role}
      className={`st-floating${className === undefined ? '' : ` ${className}`}`}
      style={width === undefined ? undefined : { width }}
    >
      {opened ? children : null}
    </div>
  );
}

Popover.Target = Target;
Popover.Dropdown = Dropdown;
