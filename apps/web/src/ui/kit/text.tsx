// The kit's typography (issue 21): Text, Title, Anchor and VisuallyHidden (Code and List, which no first screen
// shows: textBlocks.tsx) with the props the screens were written with (Mantine's names, sizes and line heights). A size is an inline font-size and
// line-height (shared constant objects), so text.css only holds each component's defaults.
import './text.css';
import type { CSSProperties } from 'react';
import { type BoxProps, fontSize, type KitSize, splitStyle } from './Box';

export type Style = CSSProperties;

/** Mantine's line height for each step of the type scale. */
const LINE_HEIGHT: Record<KitSize, number> = { xs: 1.4, sm: 1.45, md: 1.55, lg: 1.6, xl: 1.65 };
const SIZE = Object.fromEntries(
  (Object.keys(LINE_HEIGHT) as KitSize[]).map((s) => [
    s,
    { fontSize: fontSize(s), lineHeight: LINE_HEIGHT[s] },
  ]),
) as Record<KitSize, Style>;

/** A type size: a step of the scale (with its line height) or a number of pixels. */
export function sized(size: KitSize | number): Style {
  return typeof size === 'number' ? { fontSize: `${size}px` } : SIZE[size];
}

const INHERIT: Style = { fontSize: 'inherit', lineHeight: 'inherit', fontWeight: 'inherit' };
const TRUNCATE_START: Style = { direction: 'rtl', textAlign: 'right' };

export function merge(a: Style | undefined, b: Style | undefined): Style | undefined {
  return a === undefined ? b : b === undefined ? a : { ...a, ...b };
}

/** The element: its class, and the component's inline style under the style props' (and `style`, which win). */
export function render(
  Component: NonNullable<BoxProps['component']>,
  props: BoxProps,
  base: string,
  own: Style | undefined,
  data?: Record<string, string> | undefined,
) {
  const { style, className, rest } = splitStyle(props);
  return (
    <Component
      {...rest}
      {...data}
      className={className ? `${base} ${className}` : base}
      style={merge(own, style)}
    />
  );
}

export interface TextProps extends BoxProps {
  /** Font size and its line height (default md). */
  size?: KitSize | number | undefined;
  /** A span instead of a paragraph. */
  span?: boolean | undefined;
  /** The parent's font size, line height and weight. */
  inherit?: boolean | undefined;
  /** One line, cut with an ellipsis (at the end, or at the start with 'start'). */
  truncate?: boolean | 'end' | 'start' | undefined;
  /** At most this many lines, the last cut with an ellipsis. */
  lineClamp?: number | undefined;
}

/** The style a Text's props make. */
function textStyle(
  size: TextProps['size'],
  inherit: boolean | undefined,
  truncate: TextProps['truncate'],
  lineClamp: number | undefined,
) {
  let own = inherit ? INHERIT : size === undefined ? undefined : sized(size);
  if (truncate === 'start') own = merge(own, TRUNCATE_START);
  if (lineClamp !== undefined)
    own = merge(own, {
      display: '-webkit-box',
      WebkitLineClamp: lineClamp,
      WebkitBoxOrient: 'vertical',
      overflow: 'hidden',
    });
  return own;
}

/** A paragraph (or a span) of text at a size of the scale (md unless given), in a kit colour (`c`). */
export function Text({ size, span, inherit, truncate, lineClamp, component, ...props }: TextProps) {
  const base = truncate ? 'st-Text-root st-truncate' : 'st-Text-root';
  return render(
    component ?? (span ? 'span' : 'p'),
    props,
    base,
    textStyle(size, inherit, truncate, lineClamp),
  );
}

export interface AnchorProps extends Omit<TextProps, 'span'> {
  /** When the link is underlined (default on hover). */
  underline?: 'always' | 'hover' | 'never' | undefined;
}

/** A link in the anchor colour: an `a` with `href`, or `component` (a router Link with `to`). */
export function Anchor({ underline, size, inherit, truncate, lineClamp, component, ...props }: AnchorProps) {
  const base = truncate ? 'st-Text-root st-Anchor-root st-truncate' : 'st-Text-root st-Anchor-root';
  return render(
    component ?? 'a',
    props,
    base,
    textStyle(size, inherit, truncate, lineClamp),
    underline === undefined || underline === 'hover' ? undefined : { 'data-underline': underline },
  );
}

type Heading = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
/** Mantine's headings: font size and line height per level. */
const HEADING: Record<Heading, Style> = {
  h1: { fontSize: '2.125rem', lineHeight: 1.3 },
  h2: { fontSize: '1.625rem', lineHeight: 1.35 },
  h3: { fontSize: '1.375rem', lineHeight: 1.4 },
  h4: { fontSize: '1.125rem', lineHeight: 1.45 },
  h5: { fontSize: '1rem', lineHeight: 1.5 },
  h6: { fontSize: '0.875rem', lineHeight: 1.5 },
};

export interface TitleProps extends BoxProps {
  /** The heading's level: h1..h6 (default 1). */
  order?: 1 | 2 | 3 | 4 | 5 | 6 | undefined;
  /** Another level's look ('h4'), or a font size with this level's line height. */
  size?: Heading | KitSize | number | undefined;
}

/** A heading (bold), sized as its level unless `size` says otherwise. */
export function Title({ order = 1, size, component, ...props }: TitleProps) {
  const tag: Heading = `h${order}`;
  let own: Style;
  if (size === undefined) own = HEADING[tag];
  else if (typeof size === 'string' && size in HEADING) own = HEADING[size as Heading];
  else
    own = {
      fontSize: typeof size === 'number' ? `${size}px` : fontSize(size),
      lineHeight: HEADING[tag].lineHeight,
    };
  return render(component ?? tag, props, 'st-Title-root', own);
}

/** Read by screen readers, not shown. */
export function VisuallyHidden({ component, ...props }: BoxProps) {
  return render(component ?? 'span', props, 'st-VisuallyHidden-root st-visually-hidden', undefined);
}
