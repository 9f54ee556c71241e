// Tabs and NavLink of the house UI kit. Tabs keep Mantine's props on Radix Tabs (WAI-ARIA tabs with automatic
// activation): a tablist of tabs with one tab stop (the chosen tab), the arrow keys moving and choosing among the
// enabled tabs (wrapping), Home and End; each tab controls its tabpanel. NavLink is a full-width button row of a
// navigation list.
import './tabs.css';
import * as RadixTabs from '@radix-ui/react-tabs';
import {
  type ButtonHTMLAttributes,
  type CSSProperties,
  createContext,
  type ReactNode,
  type Ref,
  use,
  useState,
} from 'react';
import { Box, type BoxProps, cx, type KitColor, type StyleProps, splitStyle } from './Box';

interface TabsContextValue {
  value: string | null;
  keepMounted: boolean;
}
const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs(part: string): TabsContextValue {
  const ctx = use(TabsContext);
  if (ctx === null) throw new Error(`Tabs.${part} must be inside <Tabs>`);
  return ctx;
}

export interface TabsProps extends Omit<BoxProps, 'onChange' | 'defaultValue' | 'dir'> {
  /** The chosen tab (controlled); null for none. */
  value?: string | null | undefined;
  defaultValue?: string | null | undefined;
  onChange?: ((value: string | null) => void) | undefined;
  /** Whether the panels of the other tabs stay mounted, hidden (default), or are unmounted. */
  keepMounted?: boolean | undefined;
}

/** Tabs (Mantine's Tabs): a Tabs.List of Tabs.Tab, and a Tabs.Panel per tab. */
export function Tabs({
  value,
  defaultValue = null,
  onChange,
  keepMounted = true,
  className,
  ...others
}: TabsProps) {
  const [own, setOwn] = useState<string | null>(defaultValue);
  const chosen = value === undefined ? own : value;
  return (
    <TabsContext value={{ value: chosen, keepMounted }}>
      <RadixTabs.Root
        asChild
        value={chosen ?? ''}
        onValueChange={(next) => {
          setOwn(next);
          onChange?.(next);
        }}
      >
        <Box {...others} className={cx('st-Tabs-root', className)} />
      </RadixTabs.Root>
    </TabsContext>
  );
}

/** The row of tabs. */
function TabsList({ className, ...others }: BoxProps) {
  return (
    <RadixTabs.List asChild loop>
      <Box {...others} className={cx('st-Tabs-list', className)} />
    </RadixTabs.List>
  );
}

export interface TabsTabProps
  extends StyleProps,
    Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color' | 'value' | 'style' | 'className' | 'type'> {
  value: string;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  /** The colour of the chosen tab's underline: a kit colour name ('red') or CSS; the primary colour by default. */
  color?: KitColor | undefined;
  className?: string | undefined;
  style?: CSSProperties | undefined;
  ref?: Ref<HTMLButtonElement> | undefined;
}

/** A tab: a button choosing its panel. */
function TabsTab(props: TabsTabProps) {
  const { style, className, rest } = splitStyle(props);
  const { value, leftSection, rightSection, color, children, ...others } = rest;
  const ctx = useTabs('Tab');
  const active = ctx.value === value;
  const tint = color && (/^[a-z]+$/.test(color) ? `var(--st-${color}-filled)` : color);
  return (
    <RadixTabs.Trigger
      value={value}
      {...others}
      // (no tab points at a panel that is not in the page)
      {...(active || ctx.keepMounted ? {} : { 'aria-controls': undefined })}
      className={cx('st-Tabs-tab', className)}
      style={tint ? ({ '--tab-color': tint, ...style } as CSSProperties) : style}
      data-active={active || undefined}
    >
      {leftSection ? (
        <span className="st-Tabs-tabSection" data-position="left">
          {leftSection}
        </span>
      ) : null}
      {children ? <span className="st-Tabs-tabLabel">{children}</span> : null}
      {rightSection ? (
        <span className="st-Tabs-tabSection" data-position="right">
          {rightSection}
        </span>
      ) : null}
    </RadixTabs.Trigger>
  );
}

export interface TabsPanelProps extends BoxProps {
  value: string;
  /** Overrides the Tabs' `keepMounted` for this panel. */
  keepMounted?: boolean | undefined;
}

/** A tab's panel: shown while its tab is chosen; otherwise hidden, or not rendered without keepMounted. */
function TabsPanel({ value, keepMounted, className, ...others }: TabsPanelProps) {
  const ctx = useTabs('Panel');
  const active = ctx.value === value;
  const kept = keepMounted ?? ctx.keepMounted;
  return (
    <RadixTabs.Content asChild value={value} forceMount={kept || undefined} hidden={!active}>
      <Box {...others} className={cx('st-Tabs-panel', className)} />
    </RadixTabs.Content>
  );
}

Tabs.List = TabsList;
Tabs.Tab = TabsTab;
Tabs.Panel = TabsPanel;

export interface NavLinkProps extends Omit<BoxProps, 'children'> {
  label?: ReactNode;
  /** A second, smaller line under the label. */
  description?: ReactNode;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  /** Highlights the row (the current item). */
  active?: boolean | undefined;
  disabled?: boolean | undefined;
}

/**
 * A row of a navigation list (Mantine's NavLink): a full-width button (or `component`, a router Link...) with
 * its label, the current one highlighted.
 */
export function NavLink({
  component = 'button',
  label,
  description,
  leftSection,
  rightSection,
  active = false,
  disabled = false,
  className,
  ...others
}: NavLinkProps) {
  const button = component === 'button';
  return (
    <Box
      component={component}
      {...(button ? { type: 'button', disabled } : { 'aria-disabled': disabled || undefined })}
      aria-current={active ? true : undefined}
      {...others}
      className={cx('st-NavLink-root', className)}
      data-active={active || undefined}
      data-disabled={disabled || undefined}
    >
      {leftSection ? (
        <span className="st-NavLink-section" data-position="left">
          {leftSection}
        </span>
      ) : null}
      <span className="st-NavLink-body">
        <span className="st-NavLink-label">{label}</span>
        {description ? <span className="st-NavLink-description">{description}</span> : null}
      </span>
      {rightSection ? (
        <span className="st-NavLink-section" data-position="right">
          {rightSection}
        </span>
      ) : null}
    </Box>
  );
}
