import {
  type ComponentPropsWithoutRef,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useState,
} from 'react';
import type { Link } from 'wouter';
import { Popover, usePopover } from './Popover';
import type { Placement } from './placement';

const ITEMS = '[role="menuitem"]:not(:disabled):not([aria-disabled="true"])';

/** Arrow keys, Home and End move between the items; Tab closes the menu and moves on. */
function onMenuKey(this: HTMLElement, event: KeyboardEvent) {
  const items = [...this.querySelectorAll<HTMLElement>(ITEMS)];
  const at = items.indexOf(document.activeElement as HTMLElement);
  const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[event.key];
  if (event.key === 'Tab') this.hidePopover();
  if (to === undefined || items.length === 0) return;
  event.preventDefault();
  items[(to + items.length) % items.length]?.focus();
}

/**
 * An action menu (WAI-ARIA menu button) on the house popover: the button opens it, the first item takes
 * the focus, choosing an item closes it. Same parts as Mantine's Menu: Target, Dropdown, Item, Divider.
 */
export function Menu({ position = 'bottom-start', children }: { position?: Placement; children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position={position}>
      {children}
    </Popover>
  );
}

function Target({ children }: { children: ReactElement }) {
  return <Popover.Target popup="menu">{children}</Popover.Target>;
}

function Dropdown({ children }: { children: ReactNode }) {
  const { opened, dropdown } = usePopover();
  useLayoutEffect(() => {
    if (opened) dropdown.current?.querySelector<HTMLElement>(ITEMS)?.focus();
  }, [opened, dropdown]);
  useEffect(() => {
    const element = dropdown.current;
    element?.addEventListener('keydown', onMenuKey);
    return () => element?.removeEventListener('keydown', onMenuKey);
  }, [dropdown]);
  return (
    <Popover.Dropdown role="menu" className="st-menu">
      {children}
    </Popover.Dropdown>
  );
}

interface ItemBase {
  children: ReactNode;
  leftSection?: ReactNode;
  color?: 'red';
  disabled?: boolean;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
}

/** A button, a link of the router (`to`) or a plain link (`href`, e.g. a download). */
export type MenuItemProps = ItemBase &
  (
    | { component?: undefined }
    | ({ component: typeof Link } & Omit<ComponentPropsWithoutRef<typeof Link>, keyof ItemBase>)
    | ({ component: 'a' } & Omit<ComponentPropsWithoutRef<'a'>, keyof ItemBase>)
  );

function Item({
  children,
  leftSection,
  color,
  disabled = false,
  onClick,
  component,
  ...rest
}: MenuItemProps) {
  const { dropdown } = usePopover();
  const Element = (component ?? 'button') as 'button';
  const asButton = component === undefined;
  return (
    <Element
      {...(rest as ComponentPropsWithoutRef<'button'>)}
      role="menuitem"
      tabIndex={-1}
      className="st-menu-item"
      data-color={color}
      type={asButton ? 'button' : undefined}
      disabled={asButton ? disabled : undefined}
      aria-disabled={!asButton && disabled ? true : undefined}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        if (disabled) {
          event.preventDefault();
          return;
        }
        dropdown.current?.hidePopover();
        onClick?.(event);
      }}
    >
      {leftSection === undefined ? null : <span className="st-menu-item-section">{leftSection}</span>}
      <span>{children}</span>
    </Element>
  );
}

function Divider() {
  return <hr className="st-menu-divider" />;
}

Menu.Target = Target;
Menu.Dropdown = Dropdown;
Menu.Item = Item;
Menu.Divider = Divider;
