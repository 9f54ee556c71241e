// The kit's layout components (issue 21): Stack, Group, Flex, Center, SimpleGrid, Container and Paper (Grid and
// Divider, which no first screen shows: layoutBlocks.tsx) with the props the screens were written with (Mantine's names and defaults). A layout prop becomes
// an inline style on the element itself (gap, align-items...), not an inherited CSS variable, so a nested
// Stack never picks up its parent's gap; layout.css only holds each component's defaults.
import './layout.css';
import type { CSSProperties } from 'react';
import { type BoxProps, type KitSize, type Spacing, space, splitStyle } from './Box';

/** A value per breakpoint (Mantine's: xs 36em, sm 48em, md 62em; the screens use no wider one), from `base` up. */
export type Responsive<T> = T | Partial<Record<'base' | 'xs' | 'sm' | 'md', T>>;

export type Style = Record<string, string | number | undefined>;
const BREAKPOINTS = ['xs', 'sm', 'md'] as const;

/**
 * One responsive prop: a plain value is the inline `property`; an object sets `--r`, `--r-xs`, `--r-sm` and `--r-md`
 * (every breakpoint, each carrying the one below, so none is inherited from an ancestor) and the `st-r`
 * class, whose media rules pick the current one as `--rv` for the component's own rule to read.
 */
export function responsive<T extends string | number>(
  value: Responsive<T>,
  fallback: T,
  property: string,
  css: (v: T) => string | number,
  style: Style,
): string | undefined {
  if (typeof value !== 'object') {
    style[property] = css(value);
    return undefined;
  }
  let current = value.base ?? fallback;
  style['--r'] = css(current);
  for (const bp of BREAKPOINTS) {
    current = value[bp] ?? current;
    style[`--r-${bp}`] = css(current);
  }
  return 'st-r';
}

/**
 * The element: its class (and `extra`), a data attribute for a boolean variant, and the component's inline
 * style under the style props' (and `style`, which win).
 */
export function render(
  { component, ...props }: BoxProps,
  base: string,
  own: Style | undefined,
  extra?: string | undefined,
  flag?: string | false | undefined,
) {
  const Component = component ?? 'div';
  const { style, className, rest } = splitStyle(props);
  let classes = extra ? `${base} ${extra}` : base;
  if (className) classes = `${classes} ${className}`;
  const merged = own === undefined ? style : style === undefined ? own : { ...own, ...style };
  const data = flag ? { [flag]: '' } : undefined;
  return <Component {...rest} {...data} className={classes} style={merged as CSSProperties | undefined} />;
}

type FlexAlign = CSSProperties['alignItems'];
type FlexJustify = CSSProperties['justifyContent'];

export interface StackProps extends BoxProps {
  /** Space between the children (default md). */
  gap?: Spacing | undefined;
  align?: FlexAlign | undefined;
  justify?: FlexJustify | undefined;
}

/** Children in a column. */
export function Stack({ gap, align, justify, ...props }: StackProps) {
  let own: Style | undefined;
  if (gap !== undefined || align !== undefined || justify !== undefined)
    own = {
      gap: gap === undefined ? undefined : space(gap),
      alignItems: align,
      justifyContent: justify,
    };
  return render(props, 'st-Stack-root', own);
}

export interface GroupProps extends BoxProps {
  /** Space between the children (default md). */
  gap?: Spacing | undefined;
  justify?: FlexJustify | undefined;
  /** Default `center`. */
  align?: FlexAlign | undefined;
  /** Default `wrap`. */
  wrap?: CSSProperties['flexWrap'] | undefined;
  /** Every child takes an equal share of the row. */
  grow?: boolean | undefined;
  /** Accepted for compatibility; growing children share the row without it. */
  preventGrowOverflow?: boolean | undefined;
}

/** Children in a row, centred vertically, wrapping. */
export function Group({ gap, justify, align, wrap, grow, preventGrowOverflow: _, ...props }: GroupProps) {
  let own: Style | undefined;
  if (gap !== undefined || justify !== undefined || align !== undefined || wrap !== undefined)
    own = {
      gap: gap === undefined ? undefined : space(gap),
      justifyContent: justify,
      alignItems: align,
      flexWrap: wrap,
    };
  return render(props, 'st-Group-root', own, undefined, grow && 'data-grow');
}

export interface FlexProps extends BoxProps {
  gap?: Spacing | undefined;
  rowGap?: Spacing | undefined;
  columnGap?: Spacing | undefined;
  align?: FlexAlign | undefined;
  justify?: FlexJustify | undefined;
  wrap?: CSSProperties['flexWrap'] | undefined;
  /** A direction, or one per breakpoint (`{ base: 'column', sm: 'row' }`). */
  direction?: Responsive<NonNullable<CSSProperties['flexDirection']>> | undefined;
}

/** A flex container; nothing set but what is given. */
export function Flex({ gap, rowGap, columnGap, align, justify, wrap, direction, ...props }: FlexProps) {
  const own: Style = {
    gap: gap === undefined ? undefined : space(gap),
    rowGap: rowGap === undefined ? undefined : space(rowGap),
    columnGap: columnGap === undefined ? undefined : space(columnGap),
    alignItems: align,
    justifyContent: justify,
    flexWrap: wrap,
  };
  const r = direction === undefined ? undefined : responsive(direction, 'row', 'flexDirection', String, own);
  return render(props, 'st-Flex-root', own, r);
}

export interface CenterProps extends BoxProps {
  /** inline-flex instead of flex. */
  inline?: boolean | undefined;
}

const INLINE: Style = { display: 'inline-flex' };

/** Its content centred both ways. */
export function Center({ inline, ...props }: CenterProps) {
  return render(props, 'st-Center-root', inline ? INLINE : undefined);
}

export interface SimpleGridProps extends BoxProps {
  /** Columns of equal width (default 1), or a count per breakpoint (`{ base: 1, sm: 2 }`). */
  cols?: Responsive<number> | undefined;
  /** Space between columns (default md), and between rows unless `verticalSpacing` is given. */
  spacing?: Spacing | undefined;
  verticalSpacing?: Spacing | undefined;
}

export const columns = (n: number) => `repeat(${n}, minmax(0, 1fr))`;

/** A grid of equal columns. */
export function SimpleGrid({ cols = 1, spacing, verticalSpacing, ...props }: SimpleGridProps) {
  const own: Style = {};
  if (spacing !== undefined || verticalSpacing !== undefined) {
    const x = spacing === undefined ? 'var(--st-sp-md)' : space(spacing);
    own.gap = verticalSpacing === undefined ? x : `${space(verticalSpacing)} ${x}`;
  }
  return render(props, 'st-SimpleGrid-root', own, responsive(cols, 1, 'gridTemplateColumns', columns, own));
}

const CONTAINER: Record<KitSize, string> = {
  xs: '33.75rem',
  sm: '45rem',
  md: '60rem',
  lg: '71.25rem',
  xl: '82.5rem',
};

export interface ContainerProps extends BoxProps {
  /** The largest width: xs 540, sm 720, md 960 (default), lg 1140, xl 1320 px, or a number of pixels. */
  size?: KitSize | number | undefined;
  /** The full width. */
  fluid?: boolean | undefined;
}

/** Its content centred, up to a width, with side padding (md). */
export function Container({ size, fluid, ...props }: ContainerProps) {
  let own: Style | undefined;
  if (fluid) own = { maxWidth: '100%' };
  else if (size !== undefined) own = { maxWidth: typeof size === 'number' ? `${size}px` : CONTAINER[size] };
  return render(props, 'st-Container-root', own);
}

const RADIUS: Record<KitSize, string> = {
  xs: '0.125rem',
  sm: 'var(--st-radius)',
  md: '0.5rem',
  lg: '1rem',
  xl: 'var(--st-radius-xl)',
};

export interface PaperProps extends BoxProps {
  withBorder?: boolean | undefined;
  /** Corner radius (default sm). */
  radius?: KitSize | number | undefined;
  shadow?: 'sm' | 'md' | undefined;
}

/** A surface: the body's background, rounded, with an optional border and shadow. */
export function Paper({ withBorder, radius, shadow, ...props }: PaperProps) {
  let own: Style | undefined;
  if ((radius !== undefined && radius !== 'sm') || shadow !== undefined)
    own = {
      borderRadius:
        radius === undefined ? undefined : typeof radius === 'number' ? `${radius}px` : RADIUS[radius],
      boxShadow: shadow === undefined ? undefined : `var(--st-shadow-${shadow})`,
    };
  return render(props, 'st-Paper-root', own, undefined, withBorder && 'data-with-border');
}
