// Progress (with its compound parts) and ThemeIcon of the house UI kit (issue 21), which only later screens and
// dialogs use: apart from feedback.tsx, whose paint (colorVars, .st-paint) they use, so that the start-up
// chunk carries neither them nor their CSS (progress.css).
import './progress.css';
import { Children, cloneElement, isValidElement, type ReactElement } from 'react';
import { type BoxProps, cx, type KitColor, type KitSize, splitStyle } from './Box';
import { colorVars, sized, withVars } from './feedback';

const PROGRESS: Record<KitSize, number> = { xs: 3, sm: 5, md: 8, lg: 12, xl: 16 };

export interface ProgressRootProps extends BoxProps {
  /** The bar's height: xs 3, sm 5, md 8 (default), lg 12, xl 16 px or a number of pixels. */
  size?: KitSize | number;
}

/** The track of a bar of sections; an aria-label names its one section (the progressbar). */
function ProgressRoot({ size, children, component: Component = 'div', ...props }: ProgressRootProps) {
  const { style, className, rest } = splitStyle(props);
  const label = rest['aria-label'];
  const only = Children.count(children) === 1 ? Children.toArray(children)[0] : undefined;
  const labelled = label !== undefined && isValidElement(only) && only.type === ProgressSection;
  return (
    <Component
      {...rest}
      aria-label={labelled ? undefined : label}
      className={cx('st-Progress-root', className)}
      style={withVars({ '--p-size': size === 'md' ? undefined : sized(size, PROGRESS) }, style)}
    >
      {labelled
        ? cloneElement(only as ReactElement<ProgressSectionProps>, { 'aria-label': label })
        : children}
    </Component>
  );
}

export interface ProgressSectionProps extends Omit<BoxProps, 'color'> {
  /** Percent, 0 to 100. */
  value: number;
  color?: KitColor;
}

const progressValue = (value: number) => ({
  'aria-valuemin': 0,
  'aria-valuemax': 100,
  'aria-valuenow': value,
  'aria-valuetext': `${Math.round(value)}%`,
});

/** A part of the bar, `value` percent wide: a progressbar of its own. */
function ProgressSection({ value, color, component: Component = 'div', ...props }: ProgressSectionProps) {
  const { style, className, rest } = splitStyle(props);
  return (
    <Component
      role="progressbar"
      {...progressValue(value)}
      {...rest}
      className={cx('st-Progress-section', className)}
      style={withVars({ ...colorVars(color), width: `${value}%` }, style)}
    />
  );
}

/** The text on a section (white, bold, sized to the bar). */
function ProgressLabel({ component: Component = 'div', ...props }: BoxProps) {
  const { style, className, rest } = splitStyle(props);
  return <Component {...rest} className={cx('st-Progress-label', className)} style={style} />;
}

export interface ProgressProps extends Omit<ProgressRootProps, 'color' | 'children'> {
  value: number;
  color?: KitColor;
}

/** A progress bar: the track is the progressbar (name it with aria-label), filled `value` percent. */
export function Progress({ value, color, ...props }: ProgressProps) {
  return (
    <ProgressRoot role="progressbar" {...progressValue(value)} {...props}>
      <div
        className="st-Progress-section"
        style={withVars({ ...colorVars(color), width: `${value}%` }, undefined)}
      />
    </ProgressRoot>
  );
}

Progress.Root = ProgressRoot;
Progress.Section = ProgressSection;
Progress.Label = ProgressLabel;

const THEME_ICON: Record<KitSize, number> = { xs: 16, sm: 20, md: 26, lg: 32, xl: 40 };
const RADIUS: Record<KitSize, number> = { xs: 2, sm: 4, md: 8, lg: 16, xl: 32 };

export interface ThemeIconProps extends Omit<BoxProps, 'color'> {
  variant?: 'filled' | 'light' | 'outline' | 'default';
  color?: KitColor;
  /** xs 16, sm 20, md 26 (default), lg 32, xl 40 px or a number of pixels. */
  size?: KitSize | number;
  radius?: KitSize | number;
}

/** An icon on a coloured square (or circle, radius="xl"). */
export function ThemeIcon({
  variant = 'filled',
  color,
  size,
  radius,
  component: Component = 'div',
  ...props
}: ThemeIconProps) {
  const { style, className, rest } = splitStyle(props);
  return (
    <Component
      {...rest}
      className={cx('st-ThemeIcon-root st-paint', className)}
      data-variant={variant}
      style={withVars(
        { ...colorVars(color), '--ti-size': sized(size, THEME_ICON), borderRadius: sized(radius, RADIUS) },
        style,
      )}
    />
  );
}
