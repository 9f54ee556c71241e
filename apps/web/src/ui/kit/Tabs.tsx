// Tabs and NavLink of the house UI kit (issue 21). Tabs keep Mantine's props and ARIA: a tablist of tabs with
// a roving tabindex (only the chosen tab is in the tab order; the arrow keys, Home and End move and choose),
// each tab controlling its tabpanel. NavLink is a full-width button row of a navigation list.
import './tabs.css';
import {
  type ButtonHTMLAttributes,
  type CSSProperties,
  createContext,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  use,
  useId,
  useState,
} from 'react';
import { Box, type BoxProps, cx, type KitColor, type StyleProps, splitStyle } from './Box';

interface TabsContextValue {
  value: string | null;
  choose: (value: string) => void;
  keepMounted: boolean;
  id: string;
}
const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs(part: string): TabsContextValue {
  const ctx = use(TabsContext);
  if (ctx === null) throw new Error(`Tabs.${part} must be inside <Tabs>`);
  return ctx;
}

const tabId = (ctx: TabsContextValue, value: string) => `${ctx.id}-tab-${value}`;
const panelId = (ctx: TabsContextValue, value: string) => `${ctx.id}-panel-${value}`;

export interface TabsProps extends Omit<BoxProps, 'onChange' | 'defaultValue'> {
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
  const id = useId();
  const [own, setOwn] = useState<string | null>(defaultValue);
  const ctx: TabsContextValue = {
    value: value === undefined ? own : value,
    keepMounted,
    id,
    choose: (next) => {
      setOwn(next);
      onChange?.(next);
    },
  };
  return (
    <TabsContext value={ctx}>
      <Box {...others} className={cx('st-Tabs-root', className)} />
    </TabsContext>
  );
}

/** The row of tabs. */
function TabsList({ className, ...others }: BoxProps) {
  return (
    <Box role="tablist" aria-orientation="horizontal" {...others} className={cx('st-Tabs-list', className)} />
  );
}

/** Moves to (and chooses) the tab an arrow key, Home or End points at, among the enabled tabs of the list. */
function moveFocus(event: KeyboardEvent<HTMLButtonElement>) {
  const current = event.currentTarget;
  const list = current.closest('[role="tablist"]');
  if (list === null) return;
  const tabs = Array.from(list.querySelectorAll<HTMLButtonElement>('[role="tab"]')).filter(
    (tab) => !tab.disabled && tab.closest('[role="tablist"]') === list,
  );
  const at = tabs.indexOf(current);
  const last = tabs.length - 1;
  const to: Record<string, number> = {
    ArrowRight: at >= last ? 0 : at + 1,
    ArrowLeft: at <= 0 ? last : at - 1,
    Home: 0,
    End: last,
  };
  const next = tabs[to[event.key] ?? -1];
  if (next === undefined) return;
  event.preventDefault();
  event.stopPropagation();
  next.focus();
  if (next !== current) next.click();
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
  const { value, leftSection, rightSection, color, onClick, onKeyDown, children, ...others } = rest;
  const ctx = useTabs('Tab');
  const active = ctx.value === value;
  const tint = color && (/^[a-z]+$/.test(color) ? `var(--st-${color}-filled)` : color);
  return (
    <button
      type="button"
      role="tab"
      id={tabId(ctx, value)}
      aria-selected={active}
      aria-controls={active || ctx.keepMounted ? panelId(ctx, value) : undefined}
      tabIndex={active || ctx.value === null ? 0 : -1}
      {...others}
      className={cx('st-Tabs-tab', className)}
      style={tint ? ({ '--tab-color': tint, ...style } as CSSProperties) : style}
      data-active={active || undefined}
      onClick={(event) => {
        ctx.choose(value);
        onClick?.(event);
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
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
    </button>
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
  if (!active && !(keepMounted ?? ctx.keepMounted)) return null;
  return (
    <Box
      role="tabpanel"
      id={panelId(ctx, value)}
      aria-labelledby={tabId(ctx, value)}
      hidden={!active}
      {...others}
      className={cx('st-Tabs-panel', className)}
    />
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
