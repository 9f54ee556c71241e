// Status parts of the house UI kit (issue 21): Badge, Alert and Indicator, with the props the console's screens
// used with Mantine. Not in feedback.tsx, which the sign-in loads for its Loader: the sign-in shows none of
// these (they come with the screens that do). Colours and paint are feedback.tsx's.
import './status.css';
import { type CSSProperties, type ReactNode, useId } from 'react';
import { type BoxProps, cx, type KitColor, type KitSize, splitStyle } from './Box';
import { CloseIcon, colorVars, withVars } from './feedback';

export interface BadgeProps extends Omit<BoxProps, 'color'> {
  variant?: 'light' | 'filled' | 'outline' | 'dot' | 'default';
  color?: KitColor;
  size?: KitSize;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  /** text-transform (Mantine's `tt`): badges are uppercase unless tt="none". */
  tt?: CSSProperties['textTransform'];
}

/** A short status label: uppercase, bold, round (Mantine's look). */
export function Badge({
  variant = 'light',
  color,
  size,
  leftSection,
  rightSection,
  tt,
  children,
  component: Component = 'div',
  ...props
}: BadgeProps) {
  const { style, className, rest } = splitStyle(props);
  return (
    <Component
      {...rest}
      className={cx('st-Badge-root st-paint', className)}
      data-variant={variant}
      data-size={size === 'md' ? undefined : size}
      style={withVars({ ...colorVars(color), textTransform: tt }, style)}
    >
      {leftSection === undefined ? null : <span className="st-Badge-section">{leftSection}</span>}
      <span className="st-Badge-label">{children}</span>
      {rightSection === undefined ? null : <span className="st-Badge-section">{rightSection}</span>}
    </Component>
  );
}

export interface AlertProps extends Omit<BoxProps, 'color' | 'title'> {
  variant?: 'light' | 'filled' | 'outline';
  color?: KitColor;
  title?: ReactNode;
  icon?: ReactNode;
  withCloseButton?: boolean;
  closeButtonLabel?: string;
  onClose?: () => void;
}

/** A message box (role="alert" unless another role is given), named by its title. */
export function Alert({
  variant = 'light',
  color,
  title,
  icon,
  withCloseButton = false,
  closeButtonLabel,
  onClose,
  children,
  component: Component = 'div',
  ...props
}: AlertProps) {
  const { style, className, rest } = splitStyle(props);
  const titleId = useId();
  const hasTitle = title !== undefined && title !== null && title !== false;
  return (
    <Component
      role="alert"
      aria-labelledby={hasTitle ? titleId : undefined}
      {...rest}
      className={cx('st-Alert-root st-paint', className)}
      data-variant={variant}
      style={withVars(colorVars(color), style)}
    >
      {icon === undefined ? null : <div className="st-Alert-icon">{icon}</div>}
      <div className="st-Alert-body">
        {hasTitle ? (
          <div className="st-Alert-title" id={titleId}>
            {title}
          </div>
        ) : null}
        {children === undefined || children === null ? null : (
          <div className="st-Alert-message">{children}</div>
        )}
      </div>
      {withCloseButton ? (
        <button
          type="button"
          className="st-Alert-closeButton"
          aria-label={closeButtonLabel}
          onClick={onClose}
        >
          <CloseIcon />
        </button>
      ) : null}
    </Component>
  );
}

export interface IndicatorProps extends Omit<BoxProps, 'color'> {
  /** The badge's content (a count); none: a dot. */
  label?: ReactNode;
  /** No badge. */
  disabled?: boolean;
  /** The badge's height and least width, px (default 10). */
  size?: number;
  /** How far in from the top-right corner, px (default 0). */
  offset?: number;
  color?: KitColor;
  /** Sized to its children (inline-block) rather than a block. */
  inline?: boolean;
}

/** Its children with a small badge on their top-right corner. */
export function Indicator({
  label,
  disabled = false,
  size,
  offset,
  color,
  inline = false,
  children,
  component: Component = 'span',
  ...props
}: IndicatorProps) {
  const { style, className, rest } = splitStyle(props);
  return (
    <Component
      {...rest}
      className={cx('st-Indicator-root', className)}
      data-inline={inline || undefined}
      style={style}
    >
      {disabled ? null : (
        <span
          className="st-Indicator-indicator"
          style={withVars(
            {
              ...colorVars(color),
              '--i-size': size === undefined ? undefined : `${size}px`,
              '--i-offset': offset === undefined ? undefined : `${offset}px`,
            },
            undefined,
          )}
        >
          {label}
        </span>
      )}
      {children}
    </Component>
  );
}
