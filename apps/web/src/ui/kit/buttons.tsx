// Buttons of the house UI kit (issue 21): UnstyledButton, Button, ActionIcon, CloseButton, CopyButton and
// FileButton, with the props the console's screens used with Mantine. Button and ActionIcon take a `ref` and
// pass every other attribute on (popoverTarget, aria-expanded...), so Popover.Target and Menu.Target can clone
// them; their colours are feedback.css's paint (a data-variant and inline --c-* variables).
import './buttons.css';
import {
  type ChangeEvent,
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react';
import { type BoxProps, cx, type KitColor, type KitSize, splitStyle } from './Box';
import { CloseIcon, colorVars, Loader, type LoaderProps, sized, withVars } from './feedback';

/** The attributes of a <button> that BoxProps (any element's) lacks. */
interface ButtonAttributes {
  type?: 'button' | 'submit' | 'reset';
  disabled?: boolean;
  form?: string;
  name?: string;
  value?: string;
}

export interface UnstyledButtonProps extends BoxProps, ButtonAttributes {}

/** A button with no look of its own (type="button" unless `component` renders something else). */
export function UnstyledButton({ component, type = 'button', ...props }: UnstyledButtonProps) {
  const { style, className, rest } = splitStyle(props);
  const Component = component ?? 'button';
  return (
    <Component
      type={component === undefined ? type : undefined}
      {...rest}
      className={cx('st-UnstyledButton-root', className)}
      style={style}
    />
  );
}

export type ButtonVariant = 'filled' | 'light' | 'subtle' | 'default' | 'outline';
export type ButtonSize = KitSize | 'compact-xs' | 'compact-sm' | 'compact-md';

export interface ButtonProps extends Omit<BoxProps, 'color'>, ButtonAttributes {
  variant?: ButtonVariant;
  /** A kit colour ('red'), a palette shade ('red.9') or a CSS colour; default the primary blue. */
  color?: KitColor;
  /** Heights xs 30, sm 36 (default), md 42, lg 50, xl 60 px; compact-xs 22, compact-sm 26, compact-md 30 px. */
  size?: ButtonSize;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  /** A spinner over the label (which keeps the width); the button is disabled and aria-busy meanwhile. */
  loading?: boolean;
  loaderProps?: LoaderProps;
  fullWidth?: boolean;
  /** How the sections and label sit in a wide button (justify-content); default centred. */
  justify?: CSSProperties['justifyContent'];
}

/**
 * The disabled state: a <button> is disabled; another element (a link: `component`) gets aria-disabled and
 * ignores clicks.
 */
function disabling(asButton: boolean, disabled: boolean, onClick: BoxProps['onClick']) {
  if (asButton) return { disabled, onClick };
  if (!disabled) return { onClick };
  return {
    'aria-disabled': true,
    'data-disabled': true,
    onClick: (event: MouseEvent<HTMLElement>) => event.preventDefault(),
  };
}

interface PressableProps extends Omit<BoxProps, 'color'>, ButtonAttributes {
  variant?: ButtonVariant;
  loading?: boolean;
}

/**
 * What Button and ActionIcon render alike: the element (a <button>, or `component`), its type, the disabled
 * and busy states, the paint's variant, and the rest of the props with their style props resolved.
 */
function pressable(
  root: string,
  {
    component,
    type = 'button',
    disabled = false,
    loading = false,
    onClick,
    variant = 'filled',
    ...props
  }: PressableProps,
) {
  const { style, className, rest } = splitStyle(props);
  const asButton = component === undefined;
  return {
    Component: component ?? 'button',
    loading,
    style,
    attributes: {
      type: asButton ? type : undefined,
      ...rest,
      ...disabling(asButton, disabled || loading, onClick),
      'aria-busy': loading || undefined,
      className: cx(`${root} st-paint`, className),
      'data-variant': variant,
      'data-loading': loading || undefined,
    },
  };
}

/** A button (or, with `component`, a link with a button's look: wouter's Link with `to`, 'a' with `href`). */
export function Button({
  color,
  size,
  leftSection,
  rightSection,
  loaderProps,
  fullWidth = false,
  justify,
  children,
  ...props
}: ButtonProps) {
  const { Component, loading, style, attributes } = pressable('st-Button-root', props);
  return (
    <Component
      {...attributes}
      data-size={size === 'sm' ? undefined : size}
      data-full-width={fullWidth || undefined}
      data-with-left-section={leftSection === undefined ? undefined : true}
      data-with-right-section={rightSection === undefined ? undefined : true}
      style={withVars({ ...colorVars(color), '--b-justify': justify }, style)}
    >
      {loading ? (
        <span className="st-Button-loader">
          <Loader size="calc(var(--b-h) / 1.8)" {...loaderSemantics(loaderProps)} />
        </span>
      ) : null}
      <span className="st-Button-inner">
        {leftSection === undefined ? null : <span className="st-Button-section">{leftSection}</span>}
        <span className="st-Button-label">{children}</span>
        {rightSection === undefined ? null : <span className="st-Button-section">{rightSection}</span>}
      </span>
    </Component>
  );
}

/** A button's spinner: hidden from assistive technology (the button is aria-busy) unless it is named. */
function loaderSemantics(props: LoaderProps | undefined): LoaderProps {
  if (props?.['aria-label'] === undefined) return { 'aria-hidden': true, ...props };
  return { role: 'status', ...props };
}

const ACTION_ICON: Record<KitSize, number> = { xs: 18, sm: 22, md: 28, lg: 34, xl: 44 };

export interface ActionIconProps extends Omit<BoxProps, 'color'>, ButtonAttributes {
  variant?: ButtonVariant;
  color?: KitColor;
  /** xs 18, sm 22, md 28 (default), lg 34, xl 44 px, or a number of pixels. */
  size?: KitSize | number;
  /** A spinner instead of the icon; disabled and aria-busy meanwhile. */
  loading?: boolean;
  loaderProps?: LoaderProps;
}

/** A square icon button: name it with aria-label. */
export function ActionIcon({ color, size, loaderProps, children, ...props }: ActionIconProps) {
  const { Component, loading, style, attributes } = pressable('st-ActionIcon-root', props);
  return (
    <Component
      {...attributes}
      style={withVars(
        { ...colorVars(color), '--ai-size': size === 'md' ? undefined : sized(size, ACTION_ICON) },
        style,
      )}
    >
      {loading ? <Loader size="calc(var(--ai-size) * 0.55)" {...loaderSemantics(loaderProps)} /> : children}
    </Component>
  );
}

export interface CloseButtonProps extends Omit<ActionIconProps, 'children' | 'loading' | 'loaderProps'> {}

/** A subtle grey button with an X (name it with aria-label). */
export function CloseButton({ variant = 'subtle', color = 'gray', className, ...props }: CloseButtonProps) {
  return (
    <ActionIcon {...props} variant={variant} color={color} className={cx('st-CloseButton-root', className)}>
      <CloseIcon />
    </ActionIcon>
  );
}

export interface CopyButtonProps {
  /** The text to copy. */
  value: string;
  /** How long `copied` (or `failed`) stays true, ms (default 2000). */
  timeout?: number;
  children: (state: { copied: boolean; failed: boolean; copy: () => void }) => ReactNode;
}

/**
 * Writes `text` to the clipboard: the Clipboard API where the page may use it (a secure context), else a
 * selected, off-screen text area and the copy command (a console served over plain HTTP on a LAN address).
 */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText !== undefined) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // (refused: try the copy command below)
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.left = '-9999px';
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  focused?.focus();
  if (!ok) throw new Error('The browser refused to copy');
}

/** Copies `value` to the clipboard: renders `children({ copied, failed, copy })`. */
export function CopyButton({ value, timeout = 2000, children }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = (next: 'copied' | 'failed') => {
    clearTimeout(timer.current);
    setState(next);
    timer.current = setTimeout(() => setState('idle'), timeout);
  };
  const copy = () => {
    copyText(value).then(
      () => show('copied'),
      () => show('failed'),
    );
  };
  return children({ copied: state === 'copied', failed: state === 'failed', copy });
}

export interface FileButtonProps<Multiple extends boolean = false> {
  /** The file picked (null: none), or with `multiple` every file picked. */
  onChange: (payload: Multiple extends true ? File[] : File | null) => void;
  /** The button: spread the given props (onClick opens the browser's file picker) on it. */
  children: (props: { onClick: () => void }) => ReactNode;
  /** The file types offered (the input's accept). */
  accept?: string;
  multiple?: Multiple;
  /** No picker opens. */
  disabled?: boolean;
  name?: string;
  form?: string;
}

/** Picks files through a hidden file input, opened by the button `children` renders. */
export function FileButton<Multiple extends boolean = false>({
  onChange,
  children,
  accept,
  multiple,
  disabled = false,
  name,
  form,
}: FileButtonProps<Multiple>) {
  const input = useRef<HTMLInputElement>(null);
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.currentTarget.files ?? [])];
    // (emptied, so that picking the same file again is a change too)
    event.currentTarget.value = '';
    (onChange as (payload: File[] | File | null) => void)(multiple ? files : (files[0] ?? null));
  };
  return (
    <>
      {children({
        onClick: () => {
          if (!disabled) input.current?.click();
        },
      })}
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        multiple={multiple}
        name={name}
        form={form}
        onChange={picked}
      />
    </>
  );
}
