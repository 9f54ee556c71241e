import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import {
  type ComponentPropsWithoutRef,
  createContext,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  use,
} from 'react';
import type { Link } from 'wouter';
import './floating.css';
import { type Placement, sideAndAlign } from './placement';

const PlacementContext = createContext<Placement>('bottom-start');

/**
 * An action menu (WAI-ARIA menu button) on Radix DropdownMenu: the button opens it on a press, Enter, Space
 * or ArrowDown, the first item takes focus; ArrowUp/ArrowDown (wrapping), Home and End move, typing a letter
 * moves to the next item starting with it; choosing an item, Escape or a press outside closes it, Escape and
 * a choice giving focus back to the button. Not modal: the page stays live under it (a press outside lands).
 * Same parts as Mantine's Menu: Target, Dropdown, Item, Divider.
 */
export function Menu({ position = 'bottom-start', children }: { position?: Placement; children: ReactNode }) {
  return (
    <RadixMenu.Root modal={false}>
      <PlacementContext value={position}>{children}</PlacementContext>
    </RadixMenu.Root>
  );
}

function Target({ children }: { children: ReactElement }) {
  return <RadixMenu.Trigger asChild>{children}</RadixMenu.Trigger>;
}

function Dropdown({ children }: { children: ReactNode }) {
  const placement = use(PlacementContext);
  return (
    <RadixMenu.Portal>
      <RadixMenu.Content {...sideAndAlign(placement)} loop className="st-floating st-menu">
        {children}
      </RadixMenu.Content>
    </RadixMenu.Portal>
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
  const content = (
    <>
      {leftSection === undefined ? null : <span className="st-menu-item-section">{leftSection}</span>}
      <span>{children}</span>
    </>
  );
  const Element = (component ?? 'button') as 'button';
  return (
    <RadixMenu.Item
      asChild
      disabled={disabled}
      className="st-menu-item"
      data-color={color}
      // a disabled link must not navigate either (Radix only skips its selection)
      onClick={(event: MouseEvent<HTMLElement>) => {
        if (disabled) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      <Element
        {...(rest as ComponentPropsWithoutRef<'button'>)}
        type={component === undefined ? 'button' : undefined}
      >
        {content}
      </Element>
    </RadixMenu.Item>
  );
}

function Divider() {
  return <RadixMenu.Separator className="st-menu-divider" />;
}

Menu.Target = Target;
Menu.Dropdown = Dropdown;
Menu.Item = Item;
Menu.Divider = Divider;
